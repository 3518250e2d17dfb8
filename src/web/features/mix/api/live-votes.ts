/**
 * Live votes (spec section 4): every `vote_update` from /ws patches the counts in the cached lists and mixes
 * of its context without a refetch. The caller's own vote is never taken from the broadcast.
 */
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { Song } from '@shared/schemas/song';
import type { MixResponse } from '@shared/schemas/venue';
import { useRealtimeEvent } from '../../../lib/realtime';
import { patchMix, patchSongs, type VoteCounts } from '../lib/mix';
import { getSongQueryOptions } from './get-song';
import { getSongsQueryOptions, patchSongPages } from './get-songs';
import { getUserSongsQueryOptions } from './get-user-songs';
import { getGlobalMixQueryOptions } from './get-global-mix';
import { invalidateSongLists, TRENDING_KEY_PREFIX, VENUE_MIX_KEY_PREFIX, VENUES_KEY_PREFIX } from './invalidate';

export interface VoteUpdate {
  songId: number;
  venueId: number | null;
  voteCount: VoteCounts;
}

const patchList = (songId: number, counts: VoteCounts, userVote?: Song['userVote']) => (old: Song[] | undefined) =>
  old ? patchSongs(old, songId, counts, userVote) : old;
const patchMixData =
  (songId: number, counts: VoteCounts, userVote?: Song['userVote']) => (old: MixResponse | undefined) =>
    old ? patchMix(old, songId, counts, userVote) : old;

/** Writes one song's counts (and, when given, the caller's vote) into every cached list of the vote's context. */
export function patchCachedVotes(qc: QueryClient, update: VoteUpdate, userVote?: Song['userVote']) {
  const { songId, venueId, voteCount } = update;
  if (venueId === null) {
    qc.setQueryData(getSongsQueryOptions().queryKey, (old) =>
      patchSongPages(old, (songs) => patchSongs(songs, songId, voteCount, userVote)),
    );
    qc.setQueryData(getSongQueryOptions(songId).queryKey, (old) =>
      old ? (patchSongs([old], songId, voteCount, userVote)[0] ?? old) : old,
    );
    qc.setQueryData(getUserSongsQueryOptions().queryKey, patchList(songId, voteCount, userVote));
    qc.setQueriesData<Song[]>({ queryKey: TRENDING_KEY_PREFIX }, patchList(songId, voteCount, userVote));
    qc.setQueryData(getGlobalMixQueryOptions().queryKey, patchMixData(songId, voteCount, userVote));
  } else {
    qc.setQueryData<MixResponse>([...VENUE_MIX_KEY_PREFIX, venueId], patchMixData(songId, voteCount, userVote));
  }
}

/**
 * Keeps the shown counts live while mounted (idempotent; several screens may use it at once). Uploads,
 * deletions and venue edits elsewhere arrive as `songs_changed` / `venues_changed` and refetch the lists.
 */
export function useLiveVotes() {
  const qc = useQueryClient();
  useRealtimeEvent('vote_update', (e) => patchCachedVotes(qc, e));
  useRealtimeEvent('songs_changed', (e) => void invalidateSongLists(qc, { venueId: e.venueId }));
  useRealtimeEvent('venues_changed', () => void qc.invalidateQueries({ queryKey: VENUES_KEY_PREFIX }));
}
