/** DELETE /api/songs/{id}: the uploader removes a song (its votes go with it); every list refreshes. */
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { sendJson } from '../../../lib/api-client';
import { invalidateSongLists } from '../../mix';

export const deleteSong = (id: number) => sendJson<void>('DELETE', `/api/songs/${id}`);

export function useDeleteSong() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: deleteSong, onSuccess: () => refreshAfterSongChange(qc) });
}

/** Songs, uploads, trending and every mix may have changed. */
export function refreshAfterSongChange(qc: QueryClient) {
  return invalidateSongLists(qc, { venueMixes: true });
}
