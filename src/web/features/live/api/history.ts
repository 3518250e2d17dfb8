/** Tonight's history (anyone) and the host's report. */
import { useQuery } from '@tanstack/react-query';
import type { LiveHistoryRow, LiveReport } from '@shared/schemas/live';
import { getJson } from '../../../lib/api-client';
import { liveApi, liveKeys } from './keys';

export function useLiveHistory(venueId: number, version: number | undefined) {
  return useQuery({
    // The history changes when the state does: the version in the key refetches it then.
    queryKey: [...liveKeys.history(venueId), version ?? 0],
    queryFn: ({ signal }) => getJson<LiveHistoryRow[]>(liveApi.history(venueId), signal),
    enabled: Number.isInteger(venueId) && venueId > 0,
    placeholderData: (prev) => prev,
  });
}

export function useLiveReport(venueId: number, version: number | undefined) {
  return useQuery({
    queryKey: [...liveKeys.report(venueId), version ?? 0],
    queryFn: ({ signal }) => getJson<LiveReport>(liveApi.report(venueId), signal),
    enabled: Number.isInteger(venueId) && venueId > 0,
    placeholderData: (prev) => prev,
  });
}
