/** One chat room: its messages and, below, the message box. */
import { useCallback, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { CurrentUser } from '@shared/schemas/auth';
import { MessageComposer } from '../../../components/ui/message-composer';
import { loadOlderMessages, useChatMessages, type ChatRoom as Room } from '../api/get-chat-messages';
import { useSendChatMessage } from '../api/send-chat-message';
import { ChatMessageList } from './chat-message-list';

export function ChatRoom({
  room,
  user,
  placeholder,
  label,
}: {
  room: Room;
  user: CurrentUser;
  placeholder: string;
  label: string;
}) {
  const qc = useQueryClient();
  const messages = useChatMessages(room);
  const [draft, setDraft] = useState('');
  // A failed send gives the text back, so nothing typed is lost.
  const send = useSendChatMessage(room, user, { onFailed: (text) => setDraft((d) => d || text) });
  const onLoadOlder = useCallback(() => loadOlderMessages(qc, room), [qc, room]);
  const composerId = room.kind === 'global' ? 'global-chat-input' : `venue-chat-input-${room.venueId}`;
  return (
    <div className="space-y-3">
      <ChatMessageList
        messages={messages.data}
        meId={user.id}
        isLoading={messages.isLoading}
        label={label}
        emptyText="No messages yet. Say hello!"
        onLoadOlder={onLoadOlder}
      />
      {messages.isError ? (
        <p role="alert" className="text-sm text-red-300">
          Could not load messages. Retrying…
        </p>
      ) : null}
      <MessageComposer
        id={composerId}
        label={label === 'Global chat messages' ? 'Global chat message' : 'Venue chat message'}
        placeholder={placeholder}
        pending={send.isPending}
        value={draft}
        onValueChange={setDraft}
        onSend={(text) => send.mutate(text)}
      />
    </div>
  );
}
