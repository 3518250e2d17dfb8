/** GET /api/user/venues: the caller's venues (the upload form's venue select). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Venue } from '@shared/schemas/venue';
import { getJson } from '../../../lib/api-client';

export const getUserVenues = (signal?: AbortSignal) => getJson<Venue[]>('/api/user/venues', signal);

export const getUserVenuesQueryOptions = () =>
  queryOptions({ queryKey: ['/api/user/venues'] as const, queryFn: ({ signal }) => getUserVenues(signal) });

export function useUserVenues(enabled = true) {
  return useQuery({ ...getUserVenuesQueryOptions(), enabled });
}
