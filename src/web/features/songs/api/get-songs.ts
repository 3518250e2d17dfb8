/** GET /api/songs: the catalogue newest first, with counts and the caller's vote. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Song } from '@shared/schemas/song';
import { getJson } from '../../../lib/api-client';

export const getSongs = (signal?: AbortSignal) => getJson<Song[]>('/api/songs', signal);

export const getSongsQueryOptions = () =>
  queryOptions({ queryKey: ['/api/songs'] as const, queryFn: ({ signal }) => getSongs(signal) });

export function useSongs() {
  return useQuery(getSongsQueryOptions());
}
