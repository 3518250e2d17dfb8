/**
 * GET /api/messages/unread-count for the navigation badge. A private_message or messages_read event over /ws
 * refreshes it and the conversation list at once; polled every 30 s while the socket is not open.
 */
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Message } from '@shared/schemas/message';
import { getJson } from '../../../lib/api-client';
import { useRealtimeEvent, useSocketOpen } from '../../../lib/realtime';
import { conversationsQueryOptions } from './get-conversations';
import { threadQueryOptions } from './get-thread';

export const unreadCountQueryOptions = () =>
  queryOptions({
    queryKey: ['/api/messages/unread-count'] as const,
    queryFn: ({ signal }) => getJson<{ count: number }>('/api/messages/unread-count', signal),
    staleTime: 0,
  });

export function useUnreadCount(enabled: boolean) {
  const qc = useQueryClient();
  const open = useSocketOpen();
  useRealtimeEvent('private_message', (e) => {
    const m = e.message;
    void qc.invalidateQueries({ queryKey: unreadCountQueryOptions().queryKey });
    void qc.invalidateQueries({ queryKey: conversationsQueryOptions().queryKey });
    for (const other of [m.senderId, m.receiverId]) {
      if (!other) continue;
      qc.setQueryData<Message[]>(threadQueryOptions(other).queryKey, (cur) =>
        cur && !cur.some((x) => x.id === m.id) ? [...cur, m] : cur,
      );
    }
  });
  useRealtimeEvent('messages_read', () => {
    void qc.invalidateQueries({ queryKey: unreadCountQueryOptions().queryKey });
    void qc.invalidateQueries({ queryKey: conversationsQueryOptions().queryKey });
  });
  return useQuery({ ...unreadCountQueryOptions(), enabled, refetchInterval: open ? false : 30_000 });
}
