/** POST /api/community-playlists */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreatePlaylistInput, PlaylistDetail } from '@shared/schemas/playlist';
import { sendJson } from '../../../lib/api-client';
import { getPlaylistsQueryOptions } from './get-playlists';

export const createPlaylist = (body: CreatePlaylistInput) =>
  sendJson<PlaylistDetail>('POST', '/api/community-playlists', body);

export function useCreatePlaylist() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: createPlaylist,
    onSuccess: () => qc.invalidateQueries({ queryKey: getPlaylistsQueryOptions().queryKey, exact: true }),
  });
}
