/** GET /api/community-playlists/{id}: one playlist with the caller's membership. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PlaylistDetail } from '@shared/schemas/playlist';
import { getJson } from '../../../lib/api-client';
import { playlistKeys } from './keys';

/** `?invite=` of a playlist read: a private playlist is seen through its invite link (the token it carries). */
export const inviteQuery = (invite?: string | null) => (invite ? `?invite=${encodeURIComponent(invite)}` : '');

export const getPlaylist = (id: number, signal?: AbortSignal, invite?: string | null) =>
  getJson<PlaylistDetail>(`/api/community-playlists/${id}${inviteQuery(invite)}`, signal);

export const getPlaylistQueryOptions = (id: number, invite?: string | null) =>
  queryOptions({ queryKey: playlistKeys.detail(id), queryFn: ({ signal }) => getPlaylist(id, signal, invite) });

export function usePlaylist(id: number, refetchInterval: number | false = false, invite?: string | null) {
  return useQuery({
    ...getPlaylistQueryOptions(id, invite),
    enabled: Number.isInteger(id) && id > 0,
    refetchInterval,
  });
}
