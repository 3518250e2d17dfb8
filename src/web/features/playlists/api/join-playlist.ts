/** POST /api/community-playlists/{id}/join (a private playlist with the invite its link carries). */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PlaylistDetail } from '@shared/schemas/playlist';
import { sendJson } from '../../../lib/api-client';
import { invalidatePlaylist } from './invalidate';

export const joinPlaylist = (id: number, invite?: string | null) =>
  sendJson<PlaylistDetail>('POST', `/api/community-playlists/${id}/join`, invite ? { invite } : undefined);

export function useJoinPlaylist(id: number, invite?: string | null) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: () => joinPlaylist(id, invite), onSuccess: () => invalidatePlaylist(qc, id) });
}
