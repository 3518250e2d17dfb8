/**
 * POST a chat message (spec section 4): shown at once with a temporary id, rolled back on failure, then refreshed.
 * Flood control (429) is shown to the sender.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CurrentUser } from '@shared/schemas/auth';
import type { Message } from '@shared/schemas/message';
import { ApiError, sendJson } from '../../../lib/api-client';
import { isUnauthorizedError } from '../../../lib/auth-redirect';
import { toast } from '../../../lib/toast';
import { fullName } from '../lib/format';
import { chatMessagesKey, chatUrl, mergeMessages, type ChatRoom } from './get-chat-messages';

export function sendChatMessage(room: ChatRoom, content: string): Promise<Message> {
  return sendJson<Message>('POST', chatUrl(room), { content });
}

let tempSeq = 0;

export function useSendChatMessage(
  room: ChatRoom,
  user: CurrentUser | null,
  opts: { onFailed?: (content: string, err: unknown) => void } = {},
) {
  const qc = useQueryClient();
  const key = chatMessagesKey(room);
  return useMutation({
    mutationFn: (content: string) => sendChatMessage(room, content),
    onMutate: async (content) => {
      await qc.cancelQueries({ queryKey: key });
      const temp: Message = {
        id: -(Date.now() * 1000 + (++tempSeq % 1000)),
        senderId: user?.id ?? '',
        receiverId: null,
        venueId: room.kind === 'venue' ? room.venueId : null,
        content: content.trim(),
        messageType: room.kind,
        isRead: false,
        createdAt: new Date().toISOString(),
        senderName: user ? fullName(user) : null,
        senderImage: user?.profileImageUrl ?? null,
      };
      qc.setQueryData<Message[]>(key, (cur) => mergeMessages(cur, [temp]));
      return { tempId: temp.id };
    },
    onSuccess: (message, _content, ctx) => {
      qc.setQueryData<Message[]>(key, (cur) =>
        mergeMessages(
          cur?.filter((m) => m.id !== ctx?.tempId),
          [message],
        ),
      );
    },
    onError: (err, content, ctx) => {
      qc.setQueryData<Message[]>(key, (cur) => cur?.filter((m) => m.id !== ctx?.tempId));
      opts.onFailed?.(content, err);
      // A 401 is the query client's (sign in again).
      if (isUnauthorizedError(err)) return;
      if (err instanceof ApiError && err.status === 429) {
        toast({ title: 'Slow down', description: err.serverMessage, variant: 'destructive' });
        return;
      }
      // Spec section 8: a failed chat send is rolled back and logged; the room says why under the box (issue 15).
      console.warn('chat message not sent', err);
    },
    onSettled: () => qc.invalidateQueries({ queryKey: key }),
  });
}
