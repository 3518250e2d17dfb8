/**
 * GET /api/venues/{id}/live: the shared state plus the caller's own (`me`). The cache holds the answer and the
 * time it arrived (progress is computed from it). Realtime `live_state` snapshots replace the state when their
 * version is not older; the caller's votes and requests are laid over the shared state from `me`.
 */
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { LiveMe, LiveQueueEntry, LiveState, LiveView } from '@shared/schemas/live';
import { getJson } from '../../../lib/api-client';
import { liveApi, liveKeys } from './keys';

export interface LiveViewData extends LiveView {
  /** Date.now() when the state arrived. */
  receivedAt: number;
  /** The entry playing when `me` was read: `me.skipVoted` is about that song only. */
  meEntryId: number | null;
}

export const getLiveView = async (venueId: number, signal?: AbortSignal): Promise<LiveViewData> => {
  const view = await getJson<LiveView>(liveApi.view(venueId), signal);
  return { ...view, receivedAt: Date.now(), meEntryId: view.state.nowPlaying?.entryId ?? null };
};

/** Whether the caller voted to skip the song playing now (a vote for an earlier song does not count). */
export const skipVotedNow = (view: LiveViewData): boolean =>
  Boolean(view.me?.skipVoted) && view.meEntryId !== null && view.meEntryId === view.state.nowPlaying?.entryId;

export const getLiveViewQueryOptions = (venueId: number) =>
  queryOptions({ queryKey: liveKeys.view(venueId), queryFn: ({ signal }) => getLiveView(venueId, signal) });

export function useLiveView(venueId: number, refetchInterval: number | false = false) {
  return useQuery({
    ...getLiveViewQueryOptions(venueId),
    enabled: Number.isInteger(venueId) && venueId > 0,
    refetchInterval,
  });
}

/** Puts a newer state into the cache (an older one is dropped); true when it was taken. */
export function applyLiveState(qc: QueryClient, state: LiveState): boolean {
  let taken = false;
  qc.setQueryData<LiveViewData>(liveKeys.view(state.venueId), (old) => {
    if (old && old.state.version > state.version) return old;
    taken = true;
    return { state, me: old?.me ?? null, receivedAt: Date.now(), meEntryId: old?.meEntryId ?? null };
  });
  return taken;
}

/** Puts a freshly read view into the cache unless the cache already holds a newer state (from `live_state`). */
export function applyLiveView(qc: QueryClient, venueId: number, view: LiveViewData) {
  qc.setQueryData<LiveViewData>(liveKeys.view(venueId), (old) =>
    old && old.state.version > view.state.version ? old : view,
  );
}

/** Puts the caller's fresh `me` (every patron action answers one) into the cache. */
export function applyLiveMe(qc: QueryClient, venueId: number, me: LiveMe) {
  qc.setQueryData<LiveViewData>(liveKeys.view(venueId), (old) =>
    old ? { ...old, me, meEntryId: old.state.nowPlaying?.entryId ?? null } : old,
  );
}

/** A queue entry as this caller sees it: their own vote and whether they requested it, from `me`. */
export function withMine(entry: LiveQueueEntry, me: LiveMe | null): LiveQueueEntry {
  if (!me) return entry;
  const vote = me.votes.find((v) => v.entryId === entry.id);
  return {
    ...entry,
    myVote: vote ? vote.value : null,
    mine: entry.mine || (entry.requester !== null && entry.requester.id === me.userId),
  };
}
