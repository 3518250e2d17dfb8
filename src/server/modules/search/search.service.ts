/**
 * Search: four independent ranked groups, read in parallel, through the answer cache (ADR 026). The public answer
 * (what an anonymous visitor gets) is cached per normalised text and limit; a signed-in viewer gets it with their
 * own votes, unless one of their private songs matches the text: then their answer is read for them alone.
 */
import type { AppDeps } from '../../deps';
import type { Db } from '../../db/client';
import type { SearchResponse } from '../../../shared/schemas/search';
import { presentSong } from '../songs/songs.presenter';
import { presentVenue } from '../venues/venues.presenter';
import { presentPlaylist } from '../playlists/playlists.presenter';
import { cacheKey, normaliseQuery, type CachedAnswer } from './search-cache';
import * as repo from './search.repository';

/** Songs, artists, venues and public playlists matching `q`, `limit` per group; private songs only for their owner. */
export async function search(
  deps: Pick<AppDeps, 'db' | 'state'>,
  q: string,
  limit: number,
  viewerId: string | null,
): Promise<SearchResponse> {
  const text = normaliseQuery(q);
  const { searchCache: cache, ownVotes } = deps.state;
  if (!cache.enabled) return (await read(deps.db, repo.searchTerms(text), limit, viewerId)).answer;
  const key = cacheKey(text, limit);
  const pub = cache.get(key) ?? (await cache.load(key, () => read(deps.db, repo.searchTerms(text), limit, null)));
  if (viewerId === null) return pub.answer;
  // The corrections come from the word list of public songs: the same for every viewer.
  const terms = { ...repo.searchTerms(text), ...pub.corrections };
  if (await repo.hasMatchingPrivateSong(deps.db, terms, viewerId))
    return (await read(deps.db, terms, limit, viewerId, false)).answer;
  const votes = await ownVotes.of(viewerId, null);
  return {
    ...pub.answer,
    songs: pub.answer.songs.map((s) => ({ ...s, userVote: votes.get(s.id) ?? null })),
  };
}

/** Reads an answer from the database; `correct`: correct typos first (false: `terms` carries the corrections). */
async function read(
  db: Db,
  plain: repo.SearchTerms,
  limit: number,
  viewerId: string | null,
  correct = true,
): Promise<CachedAnswer> {
  // Typos in song and artist words are corrected first (ADR 026); venues and playlists are small tables.
  const corrected = correct ? repo.correctWords(db, plain).then((c) => c.terms) : Promise.resolve(plain);
  const songsAndArtists = corrected.then((terms) =>
    Promise.all([terms, repo.searchSongs(db, terms, viewerId, limit), repo.searchArtists(db, terms, viewerId, limit)]),
  );
  const [[terms, songs, artists], venues, playlists] = await Promise.all([
    songsAndArtists,
    repo.searchVenues(db, plain, limit),
    repo.searchPlaylists(db, plain, limit),
  ]);
  return {
    corrections: {
      expanded: terms.expanded,
      replaced: terms.replaced,
      correctedText: terms.correctedText,
      expandedMatches: terms.expandedMatches,
    },
    answer: {
      songs: songs.map((s) => presentSong(s.song, s, s.userVote, s.uploaderName)),
      artists,
      venues: venues.map((v) => presentVenue(v.venue, v.songCount)),
      playlists: playlists.map(presentPlaylist),
      correctedQuery: terms.correctedText || null,
    },
  };
}
