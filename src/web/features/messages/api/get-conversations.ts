/** GET /api/messages/conversations: one entry per person, last message first, with unread counts. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { POLL } from '@shared/constants';
import type { Conversation } from '@shared/schemas/message';
import { getJson } from '../../../lib/api-client';
import { useSocketOpen } from '../../../lib/realtime';

export const conversationsQueryOptions = () =>
  queryOptions({
    queryKey: ['/api/messages/conversations'] as const,
    queryFn: ({ signal }) => getJson<Conversation[]>('/api/messages/conversations', signal),
    staleTime: 0,
  });

/** Live through /ws events (see useUnreadCount); polled every 3 s only while the socket is not open. */
export function useConversations(enabled = true) {
  const open = useSocketOpen();
  return useQuery({
    ...conversationsQueryOptions(),
    enabled,
    refetchInterval: open ? false : POLL.messages,
  });
}
