/** POST /api/community-playlists/songs/{playlistSongId}/vote */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PlaylistVote, PlaylistVoteResult } from '@shared/schemas/playlist';
import { sendJson } from '../../../lib/api-client';
import { invalidatePlaylist } from './invalidate';

export const votePlaylistSong = (playlistSongId: number, body: PlaylistVote) =>
  sendJson<PlaylistVoteResult>('POST', `/api/community-playlists/songs/${playlistSongId}/vote`, body);

export function useVotePlaylistSong(playlistId: number) {
  const qc = useQueryClient();
  return useMutation({
    // The playlist's songs ask a signed-out voter to log in in their own words (playlist-songs.tsx).
    meta: { handlesUnauthorized: true },
    mutationFn: ({ playlistSongId, voteType }: { playlistSongId: number } & PlaylistVote) =>
      votePlaylistSong(playlistSongId, { voteType }),
    onSuccess: (result) => invalidatePlaylist(qc, playlistId, result.status !== 'pending'),
  });
}
