/** GET /api/community-playlists/{id}/songs: approved songs by position, then pending, then rejected. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PlaylistSong } from '@shared/schemas/playlist';
import { getJson } from '../../../lib/api-client';
import { playlistKeys } from './keys';

export const getPlaylistSongs = (id: number, signal?: AbortSignal) =>
  getJson<PlaylistSong[]>(`/api/community-playlists/${id}/songs`, signal);

export const getPlaylistSongsQueryOptions = (id: number) =>
  queryOptions({ queryKey: playlistKeys.songs(id), queryFn: ({ signal }) => getPlaylistSongs(id, signal) });

export function usePlaylistSongs(id: number, enabled = true, refetchInterval: number | false = false) {
  return useQuery({ refetchInterval, ...getPlaylistSongsQueryOptions(id), enabled });
}
