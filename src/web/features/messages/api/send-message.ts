/** POST /api/messages {receiverId, content}; failures show 'Error' / 'Failed to send message. Please try again.' */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Message } from '@shared/schemas/message';
import { ApiError, sendJson } from '../../../lib/api-client';
import { notifyError } from '../../../lib/notify-error';
import { conversationsQueryOptions } from './get-conversations';
import { threadQueryOptions } from './get-thread';

export function sendMessage(receiverId: string, content: string): Promise<Message> {
  return sendJson<Message>('POST', '/api/messages', { receiverId, content });
}

export function useSendMessage(opts: { onFailed?: (content: string) => void } = {}) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ receiverId, content }: { receiverId: string; content: string }) => sendMessage(receiverId, content),
    onSuccess: (message, { receiverId }) => {
      qc.setQueryData<Message[]>(threadQueryOptions(receiverId).queryKey, (cur) =>
        cur && !cur.some((m) => m.id === message.id) ? [...cur, message] : cur,
      );
      void qc.invalidateQueries({ queryKey: conversationsQueryOptions().queryKey });
    },
    onError: (err, { content }) => {
      opts.onFailed?.(content);
      const description =
        err instanceof ApiError && (err.status === 429 || err.status === 403)
          ? err.serverMessage
          : 'Failed to send message. Please try again.';
      notifyError(err, 'Error', { description });
    },
  });
}
