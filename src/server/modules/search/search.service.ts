/** Search: four independent ranked groups, read in parallel. */
import type { Db } from '../../db/client';
import type { SearchResponse } from '../../../shared/schemas/search';
import { presentSong } from '../songs/songs.presenter';
import { presentVenue } from '../venues/venues.presenter';
import { presentPlaylist } from '../playlists/playlists.presenter';
import * as repo from './search.repository';

/** Songs, artists, venues and public playlists matching `q`, `limit` per group; private songs only for their owner. */
export async function search(db: Db, q: string, limit: number, viewerId: string | null): Promise<SearchResponse> {
  const plain = repo.searchTerms(q);
  // Typos in song and artist words are corrected first (ADR 026); venues and playlists are small tables.
  const songsAndArtists = repo
    .correctWords(db, plain)
    .then(({ terms }) =>
      Promise.all([repo.searchSongs(db, terms, viewerId, limit), repo.searchArtists(db, terms, viewerId, limit)]),
    );
  const [[songs, artists], venues, playlists] = await Promise.all([
    songsAndArtists,
    repo.searchVenues(db, plain, limit),
    repo.searchPlaylists(db, plain, limit),
  ]);
  return {
    songs: songs.map((s) => presentSong(s.song, s, s.userVote, s.uploaderName)),
    artists,
    venues: venues.map((v) => presentVenue(v.venue, v.songCount)),
    playlists: playlists.map(presentPlaylist),
  };
}
