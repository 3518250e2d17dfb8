/** GET /api/community-playlists/{id}: one playlist with the caller's membership. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PlaylistDetail } from '@shared/schemas/playlist';
import { getJson } from '../../../lib/api-client';
import { playlistKeys } from './keys';

export const getPlaylist = (id: number, signal?: AbortSignal) =>
  getJson<PlaylistDetail>(`/api/community-playlists/${id}`, signal);

export const getPlaylistQueryOptions = (id: number) =>
  queryOptions({ queryKey: playlistKeys.detail(id), queryFn: ({ signal }) => getPlaylist(id, signal) });

export function usePlaylist(id: number, refetchInterval: number | false = false) {
  return useQuery({ ...getPlaylistQueryOptions(id), enabled: Number.isInteger(id) && id > 0, refetchInterval });
}
