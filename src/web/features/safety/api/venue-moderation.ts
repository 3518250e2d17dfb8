/** A venue's chat moderation: the owner deletes messages and mutes people; everyone learns their own mute. */
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { getJson, sendJson } from '../../../lib/api-client';

export const myMuteQueryOptions = (venueId: number) =>
  queryOptions({
    queryKey: ['/api/venues', venueId, 'my-mute'] as const,
    queryFn: ({ signal }) => getJson<{ mutedUntil: string | null }>(`/api/venues/${venueId}/my-mute`, signal),
    staleTime: 0,
  });

export function useMyMute(venueId: number | null) {
  return useQuery({ ...myMuteQueryOptions(venueId ?? 0), enabled: venueId !== null });
}

export function useDeleteVenueMessage(venueId: number) {
  return useMutation({
    mutationFn: (messageId: number) => sendJson<void>('DELETE', `/api/venues/${venueId}/messages/${messageId}`),
  });
}

/** Mutes someone in the venue's chat; they learn it from /ws (`venue_mute`), and no list of the owner's shows mutes. */
export function useMute(venueId: number) {
  return useMutation({
    mutationFn: (input: { userId: string; minutes: 10 | 60 | 1440 }) =>
      sendJson<{ until: string }>('POST', `/api/venues/${venueId}/mutes`, input),
  });
}
