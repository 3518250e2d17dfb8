/** GET /api/songs/trending: the newest songs people are voting on (time-decayed hot score). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { TRENDING_COUNT } from '@shared/constants';
import type { Song } from '@shared/schemas/song';
import { getJson } from '../../../lib/api-client';

export const getTrending = (limit: number, signal?: AbortSignal) =>
  getJson<Song[]>(`/api/songs/trending?limit=${limit}`, signal);

export const getTrendingQueryOptions = (limit = TRENDING_COUNT) =>
  queryOptions({
    queryKey: ['/api/songs/trending', { limit }] as const,
    queryFn: ({ signal }) => getTrending(limit, signal),
  });

export function useTrending(limit = TRENDING_COUNT) {
  return useQuery(getTrendingQueryOptions(limit));
}
