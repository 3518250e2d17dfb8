/** GET /api/venues/{id}/live/code?key=…: the join code for the TV (display key from the TV link), refreshed on time. */
import { useQuery } from '@tanstack/react-query';
import type { LiveJoinCode } from '@shared/schemas/live';
import { getJson } from '../../../lib/api-client';
import { liveApi, liveKeys } from './keys';

/** Fetches again at the code's `refreshAt` (at least every 10 s, at most every 10 minutes). */
export function useJoinCode(venueId: number, key: string | null, enabled: boolean) {
  return useQuery({
    queryKey: liveKeys.code(venueId, key),
    queryFn: ({ signal }) => getJson<LiveJoinCode>(liveApi.code(venueId, key), signal),
    enabled: enabled && Number.isInteger(venueId) && venueId > 0,
    refetchInterval: (query) => {
      const at = query.state.data ? Date.parse(query.state.data.refreshAt) : NaN;
      if (!Number.isFinite(at)) return 30_000;
      return Math.min(600_000, Math.max(10_000, at - Date.now()));
    },
  });
}
