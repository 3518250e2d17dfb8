/** GET /api/venues/{id}/users: who is in the venue, polled every 30 s (spec section 9) and on presence changes. */
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { POLL } from '@shared/constants';
import type { OnlineUser } from '@shared/schemas/user';
import { getJson } from '../../../lib/api-client';
import { useRealtimeEvent } from '../../../lib/realtime';

export const venueUsersQueryOptions = (venueId: number) =>
  queryOptions({
    queryKey: ['/api/venues', venueId, 'users'] as const,
    queryFn: ({ signal }) => getJson<OnlineUser[]>(`/api/venues/${venueId}/users`, signal),
    refetchInterval: POLL.venueUsers,
    staleTime: 0,
  });

export function useVenueUsers(venueId: number | null) {
  const qc = useQueryClient();
  useRealtimeEvent('presence_changed', () => {
    if (venueId) void qc.invalidateQueries({ queryKey: venueUsersQueryOptions(venueId).queryKey });
  });
  return useQuery({ ...venueUsersQueryOptions(venueId ?? 0), enabled: Boolean(venueId) });
}
