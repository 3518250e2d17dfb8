/** DELETE /api/community-playlists/songs/{playlistSongId} (moderators). */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sendJson } from '../../../lib/api-client';
import { invalidatePlaylist } from './invalidate';

export const removePlaylistSong = (playlistSongId: number) =>
  sendJson<void>('DELETE', `/api/community-playlists/songs/${playlistSongId}`);

export function useRemovePlaylistSong(playlistId: number) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: removePlaylistSong, onSuccess: () => invalidatePlaylist(qc, playlistId) });
}
