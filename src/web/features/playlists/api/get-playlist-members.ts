/** GET /api/community-playlists/{id}/members: admins, then moderators, then members by joining date. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PlaylistMember } from '@shared/schemas/playlist';
import { getJson } from '../../../lib/api-client';
import { playlistKeys } from './keys';

export const getPlaylistMembers = (id: number, signal?: AbortSignal) =>
  getJson<PlaylistMember[]>(`/api/community-playlists/${id}/members`, signal);

export const getPlaylistMembersQueryOptions = (id: number) =>
  queryOptions({ queryKey: playlistKeys.members(id), queryFn: ({ signal }) => getPlaylistMembers(id, signal) });

export function usePlaylistMembers(id: number, enabled = true, refetchInterval: number | false = false) {
  return useQuery({ refetchInterval, ...getPlaylistMembersQueryOptions(id), enabled });
}
