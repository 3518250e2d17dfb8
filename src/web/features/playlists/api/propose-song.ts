/** POST /api/community-playlists/{id}/songs */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PlaylistSong, ProposeSong } from '@shared/schemas/playlist';
import { sendJson } from '../../../lib/api-client';
import { invalidatePlaylist } from './invalidate';

export const proposeSong = (id: number, body: ProposeSong) =>
  sendJson<PlaylistSong>('POST', `/api/community-playlists/${id}/songs`, body);

export function useProposeSong(id: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: ProposeSong) => proposeSong(id, body),
    onSuccess: () => invalidatePlaylist(qc, id),
  });
}
