/** The patron's actions: join with the code, leave, request, vote, vote to skip, react. Each answers a fresh `me`. */
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type {
  LiveJoinResult,
  LiveReaction,
  LiveRequestBody,
  LiveRequestResult,
  LiveSkipResult,
  LiveVoteResult,
} from '@shared/schemas/live';
import { sendJson } from '../../../lib/api-client';
import { realtime } from '../../../lib/realtime';
import { applyLiveMe } from './get-live-view';
import { liveApi, liveKeys } from './keys';

/** The live_state event brings the new state; without a socket, refetch it. */
function refreshIfOffline(qc: QueryClient, venueId: number) {
  if (realtime.status !== 'open') void qc.invalidateQueries({ queryKey: liveKeys.view(venueId) });
}

export function useJoinLive() {
  const qc = useQueryClient();
  return useMutation({
    // The join screen asks a signed-out patron to sign in, in its own words.
    meta: { handlesUnauthorized: true },
    mutationFn: (code: string) => sendJson<LiveJoinResult>('POST', liveApi.join, { code }),
    onSuccess: (result) => qc.invalidateQueries({ queryKey: liveKeys.venue(result.venueId) }),
  });
}

export function useLeaveLive(venueId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => sendJson<void>('POST', liveApi.leave(venueId)),
    onSuccess: () => qc.invalidateQueries({ queryKey: liveKeys.view(venueId) }),
  });
}

export function useRequestSong(venueId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: LiveRequestBody) => sendJson<LiveRequestResult>('POST', liveApi.requests(venueId), body),
    onSuccess: (result) => {
      applyLiveMe(qc, venueId, result.me);
      refreshIfOffline(qc, venueId);
    },
  });
}

export function useVoteEntry(venueId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ entryId, value }: { entryId: number; value: 1 | -1 | 0 }) =>
      sendJson<LiveVoteResult>('POST', liveApi.vote(entryId), { value }),
    onSuccess: (result) => {
      applyLiveMe(qc, venueId, result.me);
      refreshIfOffline(qc, venueId);
    },
  });
}

export function useSkipVote(venueId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (entryId: number) => sendJson<LiveSkipResult>('POST', liveApi.skip(entryId)),
    onSuccess: () => {
      // The answer carries no `me`: refetch it (the caller's skip vote shows as pressed).
      void qc.invalidateQueries({ queryKey: liveKeys.view(venueId) });
    },
  });
}

export function useReact(venueId: number) {
  return useMutation({
    mutationFn: (emoji: LiveReaction) => sendJson<void>('POST', liveApi.reactions(venueId), { emoji }),
  });
}
