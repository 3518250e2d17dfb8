/** GET /api/messages?with={userId}: the conversation with one person, oldest first. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { POLL } from '@shared/constants';
import type { Message } from '@shared/schemas/message';
import { getJson } from '../../../lib/api-client';
import { useSocketOpen } from '../../../lib/realtime';

export const threadQueryOptions = (otherUserId: string) =>
  queryOptions({
    queryKey: ['/api/messages', 'with', otherUserId] as const,
    queryFn: ({ signal }) => getJson<Message[]>(`/api/messages?with=${encodeURIComponent(otherUserId)}`, signal),
    staleTime: 0,
  });

export function useThread(otherUserId: string | null) {
  const open = useSocketOpen();
  return useQuery({
    ...threadQueryOptions(otherUserId ?? ''),
    enabled: Boolean(otherUserId),
    refetchInterval: open ? false : POLL.messages,
  });
}
