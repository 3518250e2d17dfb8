/** POST /api/community-playlists/{id}/leave */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sendJson } from '../../../lib/api-client';
import { invalidatePlaylist } from './invalidate';

export const leavePlaylist = (id: number) => sendJson<void>('POST', `/api/community-playlists/${id}/leave`);

export function useLeavePlaylist(id: number) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: () => leavePlaylist(id), onSuccess: () => invalidatePlaylist(qc, id) });
}
