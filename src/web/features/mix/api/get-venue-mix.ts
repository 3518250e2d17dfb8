/** GET /api/mix/venue/{id}: the venue's songs ranked by votes cast there; cached 5 minutes, no refetch on focus. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { CACHE_FIVE_MINUTES } from '@shared/constants';
import type { MixResponse } from '@shared/schemas/venue';
import { getJson } from '../../../lib/api-client';
import { normalizeMix } from '../lib/mix';

export const getVenueMix = async (id: number, signal?: AbortSignal) =>
  normalizeMix(await getJson<unknown>(`/api/mix/venue/${id}`, signal), {
    name: 'Venue Mix',
    type: 'venue',
    venueId: id,
  });

export const getVenueMixQueryOptions = (id: number) =>
  queryOptions<MixResponse>({
    queryKey: ['/api/mix/venue', id] as const,
    queryFn: ({ signal }) => getVenueMix(id, signal),
    staleTime: CACHE_FIVE_MINUTES,
    refetchOnWindowFocus: false,
  });

export function useVenueMix(id: number, enabled = true) {
  return useQuery({ ...getVenueMixQueryOptions(id), enabled: enabled && Number.isInteger(id) && id > 0 });
}
