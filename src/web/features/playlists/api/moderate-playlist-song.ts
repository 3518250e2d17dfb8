/** POST /api/community-playlists/songs/{playlistSongId}/approve and /reject (moderators). */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PlaylistSong } from '@shared/schemas/playlist';
import { sendJson } from '../../../lib/api-client';
import { invalidatePlaylist } from './invalidate';

export type ModerationDecision = 'approve' | 'reject';

export const moderatePlaylistSong = (playlistSongId: number, decision: ModerationDecision) =>
  sendJson<PlaylistSong>('POST', `/api/community-playlists/songs/${playlistSongId}/${decision}`);

export function useModeratePlaylistSong(playlistId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ playlistSongId, decision }: { playlistSongId: number; decision: ModerationDecision }) =>
      moderatePlaylistSong(playlistSongId, decision),
    onSuccess: () => invalidatePlaylist(qc, playlistId),
  });
}
