/** PATCH /api/community-playlists/{id}/members/{userId} (admins). */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PlaylistMember, UpdateMember } from '@shared/schemas/playlist';
import { sendJson } from '../../../lib/api-client';
import { invalidatePlaylist } from './invalidate';

export const updateMember = (playlistId: number, userId: string, body: UpdateMember) =>
  sendJson<PlaylistMember>(
    'PATCH',
    `/api/community-playlists/${playlistId}/members/${encodeURIComponent(userId)}`,
    body,
  );

export function useUpdateMember(playlistId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, ...body }: { userId: string } & UpdateMember) => updateMember(playlistId, userId, body),
    onSuccess: () => invalidatePlaylist(qc, playlistId, false),
  });
}
