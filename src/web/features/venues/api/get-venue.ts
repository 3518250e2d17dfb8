/** GET /api/venues/{id}: one venue with its ownerId (404 → "Venue Not Found"). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Venue } from '@shared/schemas/venue';
import { getJson } from '../../../lib/api-client';
import { VENUES_KEY_PREFIX } from '../../../lib/query-keys';

export const getVenue = (id: number, signal?: AbortSignal) => getJson<Venue>(`/api/venues/${id}`, signal);

export const getVenueQueryOptions = (id: number) =>
  queryOptions({ queryKey: [...VENUES_KEY_PREFIX, id] as const, queryFn: ({ signal }) => getVenue(id, signal) });

export function useVenue(id: number) {
  return useQuery({ ...getVenueQueryOptions(id), enabled: Number.isInteger(id) && id > 0 });
}
