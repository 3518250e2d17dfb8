/** One chat room: its messages and, below, the message box. */
import { useCallback, useEffect, useState } from 'react';
import type { Message } from '@shared/schemas/message';
import { useQueryClient } from '@tanstack/react-query';
import type { CurrentUser } from '@shared/schemas/auth';
import { MessageComposer } from '../../../components/ui/message-composer';
import { friendlyError } from '../../../components/ui/state-view';
import { isUnauthorizedError } from '../../../lib/auth-redirect';
import { chatMessagesKey, loadOlderMessages, useChatMessages, type ChatRoom as Room } from '../api/get-chat-messages';
import { useBlockedIds } from '../../safety';
import { useMyMute } from '../../safety';
import { useSendChatMessage } from '../api/send-chat-message';
import { ChatMessageList } from './chat-message-list';

export function ChatRoom({
  room,
  user,
  placeholder,
  label,
  canModerate = false,
}: {
  room: Room;
  user: CurrentUser;
  placeholder: string;
  label: string;
  /** The viewer owns this venue (or is an administrator): delete and mute controls. */
  canModerate?: boolean;
}) {
  const qc = useQueryClient();
  const messages = useChatMessages(room);
  const [draft, setDraft] = useState('');
  const [sendError, setSendError] = useState<string | null>(null);
  // A failed send gives the text back, so nothing typed is lost, and says why under the box.
  const send = useSendChatMessage(room, user, {
    onFailed: (text, err) => {
      setDraft((d) => d || text);
      if (!isUnauthorizedError(err)) setSendError(friendlyError(err));
    },
  });
  const onLoadOlder = useCallback(() => loadOlderMessages(qc, room), [qc, room]);
  const composerId = room.kind === 'global' ? 'global-chat-input' : `venue-chat-input-${room.venueId}`;
  const blockedIds = useBlockedIds();
  const venueId = room.kind === 'venue' ? room.venueId : null;
  const mutedUntil = useMutedUntil(venueId);
  const onRemoved = useCallback(
    (id: number) => qc.setQueryData<Message[]>(chatMessagesKey(room), (cur) => cur?.filter((m) => m.id !== id)),
    [qc, room],
  );
  return (
    <div className="flex min-h-0 flex-1 flex-col gap-2">
      <ChatMessageList
        messages={messages.data}
        meId={user.id}
        isLoading={messages.isLoading}
        label={label}
        emptyText="No messages yet. Say hello!"
        onLoadOlder={onLoadOlder}
        blockedIds={blockedIds}
        venueId={venueId}
        canModerate={canModerate}
        onRemoved={onRemoved}
      />
      {messages.isError ? (
        <p role="alert" className="text-sm text-red-300">
          Could not load messages. Retrying…
        </p>
      ) : null}
      {mutedUntil ? (
        <p
          role="status"
          className="rounded-xl border border-yellow-400/30 bg-yellow-500/10 p-3 text-sm text-yellow-100"
        >
          The venue's owner muted you in this chat until{' '}
          <time dateTime={mutedUntil.toISOString()}>
            {mutedUntil.toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' })}
          </time>
          . You can still read along.
        </p>
      ) : (
        <MessageComposer
          id={composerId}
          label={label === 'Global chat messages' ? 'Global chat message' : 'Venue chat message'}
          placeholder={placeholder}
          pending={send.isPending}
          value={draft}
          onValueChange={setDraft}
          onSend={(text) => {
            setSendError(null);
            send.mutate(text);
          }}
        />
      )}
      {sendError ? (
        <p role="alert" className="text-sm text-danger" data-testid="chat-send-error">
          Not sent: {sendError} Your message is still in the box.
        </p>
      ) : null}
    </div>
  );
}

/** Until when the viewer is muted in the venue's chat (null when not, or once the time passes). */
function useMutedUntil(venueId: number | null): Date | null {
  const mute = useMyMute(venueId).data?.mutedUntil ?? null;
  const [now, setNow] = useState(() => Date.now());
  const untilMs = mute ? Date.parse(mute) : null;
  useEffect(() => {
    if (untilMs === null || untilMs <= Date.now()) return;
    const timer = window.setTimeout(() => setNow(Date.now()), Math.min(untilMs - Date.now() + 500, 2 ** 31 - 1));
    return () => window.clearTimeout(timer);
  }, [untilMs]);
  return untilMs !== null && untilMs > now ? new Date(untilMs) : null;
}
