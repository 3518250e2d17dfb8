/** GET /api/community-playlists/{id}/members: admins, then moderators, then members by joining date. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PlaylistMember } from '@shared/schemas/playlist';
import { getJson } from '../../../lib/api-client';
import { inviteQuery } from './get-playlist';
import { playlistKeys } from './keys';

export const getPlaylistMembers = (id: number, signal?: AbortSignal, invite?: string | null) =>
  getJson<PlaylistMember[]>(`/api/community-playlists/${id}/members${inviteQuery(invite)}`, signal);

export const getPlaylistMembersQueryOptions = (id: number, invite?: string | null) =>
  queryOptions({ queryKey: playlistKeys.members(id), queryFn: ({ signal }) => getPlaylistMembers(id, signal, invite) });

export function usePlaylistMembers(
  id: number,
  enabled = true,
  refetchInterval: number | false = false,
  invite?: string | null,
) {
  return useQuery({ refetchInterval, ...getPlaylistMembersQueryOptions(id, invite), enabled });
}
