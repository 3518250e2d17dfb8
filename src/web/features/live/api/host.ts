/**
 * The host's routes: host info (TV link, settings), start/take over the session on this device, heartbeat,
 * playback reports, controls, removing a waiting song. Answers that carry a state go into the cache at once.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { LiveControlAction, LiveHostInfo, LivePlaybackReport, LiveState } from '@shared/schemas/live';
import { getJson, sendJson } from '../../../lib/api-client';
import { applyLiveState } from './get-live-view';
import { liveApi, liveKeys } from './keys';

export function useHostInfo(venueId: number, enabled = true) {
  return useQuery({
    queryKey: liveKeys.host(venueId),
    queryFn: ({ signal }) => getJson<LiveHostInfo>(liveApi.host(venueId), signal),
    enabled: enabled && Number.isInteger(venueId) && venueId > 0,
  });
}

export function useStartSession(venueId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: { deviceId: string; takeover?: boolean }) =>
      sendJson<LiveHostInfo>('POST', liveApi.session(venueId), body),
    onSuccess: (info) => {
      qc.setQueryData(liveKeys.host(venueId), info);
      applyLiveState(qc, info.state);
    },
  });
}

export const sendHeartbeat = (venueId: number, deviceId: string) =>
  sendJson<{ status: string; version: number }>('POST', liveApi.heartbeat(venueId), { deviceId });

export const sendPlayback = (venueId: number, report: LivePlaybackReport) =>
  sendJson<LiveState>('POST', liveApi.playback(venueId), report);

export function useControl(venueId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (action: LiveControlAction) => sendJson<LiveState>('POST', liveApi.control(venueId), { action }),
    onSuccess: (state) => {
      applyLiveState(qc, state);
      void qc.invalidateQueries({ queryKey: liveKeys.host(venueId) });
    },
  });
}

export function useRemoveEntry(venueId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (entryId: number) => sendJson<void>('DELETE', liveApi.entry(entryId)),
    onSuccess: () => qc.invalidateQueries({ queryKey: liveKeys.view(venueId) }),
  });
}

export function useNewDisplayKey(venueId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => sendJson<LiveHostInfo>('POST', liveApi.displayKey(venueId)),
    onSuccess: (info) => qc.setQueryData(liveKeys.host(venueId), info),
  });
}
