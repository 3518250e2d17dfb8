/**
 * POST /api/votes: up or down, globally or in a venue's mix. The answer's counts and the caller's vote are
 * written into every cached list at once; afterwards songs, the global mix and the venue's mix refetch (spec 7).
 */
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { VoteType } from '@shared/schemas/song';
import type { VoteResult } from '@shared/schemas/vote';
import { sendJson } from '../../../lib/api-client';
import { invalidateSongLists } from './invalidate';
import { patchCachedVotes } from './live-votes';

export interface CastVoteArgs {
  songId: number;
  voteType: VoteType;
  /** The venue whose mix the vote belongs to; null or absent for the global mix. */
  venueId?: number | null;
}

export const castVote = ({ songId, voteType, venueId }: CastVoteArgs) =>
  sendJson<VoteResult>('POST', '/api/votes', venueId ? { songId, voteType, venueId } : { songId, voteType });

/** Applies a vote answer to the caches of its context, including the caller's own vote. */
export function applyVoteResult(qc: QueryClient, args: CastVoteArgs, result: VoteResult) {
  patchCachedVotes(
    qc,
    { songId: args.songId, venueId: args.venueId ?? null, voteCount: result.voteCount },
    result.vote?.voteType ?? null,
  );
}

export function useCastVote() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: castVote,
    onSuccess: (result, args) => {
      applyVoteResult(qc, args, result);
      void invalidateSongLists(qc, { venueId: args.venueId ?? null });
    },
  });
}
