/** POST /api/community-playlists/{id}/join */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PlaylistDetail } from '@shared/schemas/playlist';
import { sendJson } from '../../../lib/api-client';
import { invalidatePlaylist } from './invalidate';

export const joinPlaylist = (id: number) => sendJson<PlaylistDetail>('POST', `/api/community-playlists/${id}/join`);

export function useJoinPlaylist(id: number) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: () => joinPlaylist(id), onSuccess: () => invalidatePlaylist(qc, id) });
}
