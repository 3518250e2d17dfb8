/** GET /api/users/online, polled every 5 s and refreshed at once when presence changes (spec section 9). */
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { POLL } from '@shared/constants';
import type { OnlineUser } from '@shared/schemas/user';
import { getJson } from '../../../lib/api-client';
import { ONLINE_USERS_KEY } from '../../../lib/query-keys';
import { useRealtimeEvent } from '../../../lib/realtime';

export const onlineUsersQueryOptions = () =>
  queryOptions({
    queryKey: ONLINE_USERS_KEY,
    queryFn: ({ signal }) => getJson<OnlineUser[]>('/api/users/online', signal),
    refetchInterval: POLL.onlineUsers,
    staleTime: 0,
  });

export function useOnlineUsers() {
  const qc = useQueryClient();
  useRealtimeEvent(
    'presence_changed',
    () => void qc.invalidateQueries({ queryKey: onlineUsersQueryOptions().queryKey }),
  );
  return useQuery(onlineUsersQueryOptions());
}
