/** GET /api/community-playlists/{id}/songs: approved songs by position, then pending, then rejected. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PlaylistSong } from '@shared/schemas/playlist';
import { getJson } from '../../../lib/api-client';
import { inviteQuery } from './get-playlist';
import { playlistKeys } from './keys';

export const getPlaylistSongs = (id: number, signal?: AbortSignal, invite?: string | null) =>
  getJson<PlaylistSong[]>(`/api/community-playlists/${id}/songs${inviteQuery(invite)}`, signal);

export const getPlaylistSongsQueryOptions = (id: number, invite?: string | null) =>
  queryOptions({ queryKey: playlistKeys.songs(id), queryFn: ({ signal }) => getPlaylistSongs(id, signal, invite) });

export function usePlaylistSongs(
  id: number,
  enabled = true,
  refetchInterval: number | false = false,
  invite?: string | null,
) {
  return useQuery({ refetchInterval, ...getPlaylistSongsQueryOptions(id, invite), enabled });
}
