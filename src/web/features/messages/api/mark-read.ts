/** POST /api/messages/read {otherUserId}: the thread is read; the badge and the conversation list update. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sendJson } from '../../../lib/api-client';
import { conversationsQueryOptions } from './get-conversations';
import { unreadCountQueryOptions } from './get-unread-count';

export function markRead(otherUserId: string): Promise<{ updated: number }> {
  return sendJson('POST', '/api/messages/read', { otherUserId });
}

export function useMarkRead() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: markRead,
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: unreadCountQueryOptions().queryKey });
      void qc.invalidateQueries({ queryKey: conversationsQueryOptions().queryKey });
    },
  });
}
