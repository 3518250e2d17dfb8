/** GET /api/user/songs: the caller's own uploads (for "My uploads"). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Song } from '@shared/schemas/song';
import { getJson } from '../../../lib/api-client';

export const getUserSongs = (signal?: AbortSignal) => getJson<Song[]>('/api/user/songs', signal);

export const getUserSongsQueryOptions = () =>
  queryOptions({ queryKey: ['/api/user/songs'] as const, queryFn: ({ signal }) => getUserSongs(signal) });

export function useUserSongs(enabled = true) {
  return useQuery({ ...getUserSongsQueryOptions(), enabled });
}
