/** GET /api/users/me/stats: the profile's counts, level progress, achievements, uploads and venues. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UserStats } from '@shared/schemas/user';
import { getJson } from '../../../lib/api-client';

export const myStatsQueryOptions = () =>
  queryOptions({
    queryKey: ['/api/users/me/stats'] as const,
    queryFn: ({ signal }) => getJson<UserStats>('/api/users/me/stats', signal),
    staleTime: 30_000,
  });

export function useMyStats(enabled = true) {
  return useQuery({ ...myStatsQueryOptions(), enabled });
}
