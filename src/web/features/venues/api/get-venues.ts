/** GET /api/venues: active venues with their song counts; retried 3 times, cached 5 minutes (spec 7). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { CACHE_FIVE_MINUTES } from '@shared/constants';
import type { Venue } from '@shared/schemas/venue';
import { VENUES_KEY_PREFIX } from '../../../lib/query-keys';

/** Fails with the spec's 'HTTP {status}: {statusText}'. */
export async function getVenues(signal?: AbortSignal): Promise<Venue[]> {
  const res = await fetch('/api/venues', { credentials: 'include', signal });
  if (!res.ok) throw new Error(`HTTP ${res.status}: ${res.statusText}`);
  return (await res.json()) as Venue[];
}

export const getVenuesQueryOptions = () =>
  queryOptions({
    queryKey: VENUES_KEY_PREFIX,
    queryFn: ({ signal }) => getVenues(signal),
    retry: 3,
    staleTime: CACHE_FIVE_MINUTES,
  });

export function useVenues() {
  return useQuery(getVenuesQueryOptions());
}
