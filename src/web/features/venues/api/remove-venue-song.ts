/** DELETE /api/venues/{id}/songs/{songId}: the owner takes a song out of the venue's mix. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sendJson } from '../../../lib/api-client';
import { invalidateSongLists } from '../../mix';

export const removeVenueSong = ({ venueId, songId }: { venueId: number; songId: number }) =>
  sendJson<void>('DELETE', `/api/venues/${venueId}/songs/${songId}`);

export function useRemoveVenueSong() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: removeVenueSong,
    onSuccess: (_r, { venueId }) => invalidateSongLists(qc, { venueId }),
  });
}
