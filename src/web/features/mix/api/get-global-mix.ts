/** GET /api/mix/global: the community's Top 100, ranked by net votes. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { CACHE_FIVE_MINUTES } from '@shared/constants';
import type { MixResponse } from '@shared/schemas/venue';
import { getJson } from '../../../lib/api-client';
import { normalizeMix } from '../lib/mix';

export const getGlobalMix = async (signal?: AbortSignal) =>
  normalizeMix(await getJson<unknown>('/api/mix/global', signal), { name: 'Global Top 100 Mix', type: 'global' });

export const getGlobalMixQueryOptions = () =>
  queryOptions<MixResponse>({
    queryKey: ['/api/mix/global'] as const,
    queryFn: ({ signal }) => getGlobalMix(signal),
    staleTime: CACHE_FIVE_MINUTES,
    refetchOnWindowFocus: false,
  });

export function useGlobalMix() {
  return useQuery(getGlobalMixQueryOptions());
}
