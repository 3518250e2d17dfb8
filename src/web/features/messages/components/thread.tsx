/** The right column of Messages: the conversation with one person and its send box. */
import { useEffect, useRef, useState } from 'react';
import { ArrowLeft } from 'lucide-react';
import type { PublicUser } from '@shared/schemas/auth';
import { Avatar } from '../../../components/ui/avatar';
import { Button } from '../../../components/ui/button';
import { MessageComposer } from '../../../components/ui/message-composer';
import { cn, isMobileBrowser } from '../../../lib/utils';
import { userLabel } from '../../chat';
import { useMarkRead } from '../api/mark-read';
import { useSendMessage } from '../api/send-message';
import { useThread } from '../api/get-thread';
import { BlockButton } from '../../safety';
import { ReportButton } from '../../safety';
import { StateView } from '../../../components/ui/state-view';

const stamp = new Intl.DateTimeFormat(undefined, {
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

export function Thread({
  other,
  otherId,
  meId,
  onBack,
}: {
  other: PublicUser | null;
  otherId: string;
  meId: string;
  onBack: () => void;
}) {
  const thread = useThread(otherId);
  const markRead = useMarkRead();
  const [draft, setDraft] = useState('');
  const send = useSendMessage({ onFailed: (text) => setDraft((d) => d || text) });
  const scroller = useRef<HTMLDivElement>(null);
  const name = other ? userLabel(other) : userLabel({ id: otherId });
  const messages = thread.data ?? [];
  const unreadFromThem = messages.some((m) => m.senderId === otherId && !m.isRead);
  const lastId = messages.length ? messages[messages.length - 1].id : null;

  // Reading the thread marks their messages read (and clears the badges).
  const { mutate: mark } = markRead;
  useEffect(() => {
    if (unreadFromThem) mark(otherId);
  }, [unreadFromThem, otherId, lastId, mark]);

  useEffect(() => {
    const el = scroller.current;
    if (el && lastId !== null && !isMobileBrowser()) el.scrollTop = el.scrollHeight;
  }, [lastId]);

  return (
    <section className="flex h-full min-h-0 flex-col" aria-labelledby="thread-title">
      <header className="flex items-center gap-3 border-b border-border/60 p-3 sm:p-4">
        <Button
          variant="ghost"
          size="icon-sm"
          onClick={onBack}
          aria-label="Back to conversations"
          className="md:hidden"
        >
          <ArrowLeft aria-hidden />
        </Button>
        <Avatar
          personId={other?.id}
          src={other?.profileImageUrl}
          first={other?.firstName}
          last={other?.lastName}
          label={name}
        />
        <h2 id="thread-title" className="min-w-0 flex-1 truncate font-semibold">
          {name}
        </h2>
        <BlockButton userId={otherId} name={name} />
        <ReportButton target={{ type: 'user', id: otherId, label: name }} aria-label={`Report ${name}`}>
          <span className="sr-only sm:not-sr-only">Report</span>
        </ReportButton>
      </header>
      <div
        ref={scroller}
        className="min-h-0 flex-1 overflow-y-auto p-3 sm:p-4"
        role="log"
        aria-label={`Conversation with ${name}`}
        tabIndex={0}
      >
        {thread.isLoading ? (
          <StateView compact kind="loading" />
        ) : thread.isError ? (
          <StateView
            compact
            kind="error"
            title="This conversation could not be loaded"
            error={thread.error}
            onRetry={() => void thread.refetch()}
          />
        ) : messages.length === 0 ? (
          <p className="py-10 text-center text-sm text-muted">No messages yet. Say hello to {name}!</p>
        ) : (
          <ol className="space-y-2">
            {messages.map((m) => {
              const own = m.senderId === meId;
              return (
                <li
                  key={m.id}
                  className={cn('flex', own ? 'justify-end' : 'justify-start')}
                  data-testid="private-message"
                >
                  <div className="max-w-[85%] sm:max-w-[70%]">
                    <div
                      className={cn(
                        'rounded-2xl px-3.5 py-2 text-sm break-words whitespace-pre-wrap',
                        own ? 'rounded-br-md bg-accent text-accent-foreground' : 'rounded-bl-md bg-surface-2',
                      )}
                    >
                      <span className="sr-only">{own ? 'You: ' : `${name}: `}</span>
                      {m.content}
                    </div>
                    <p className={cn('mt-1 text-xs text-muted', own && 'text-right')}>
                      <time dateTime={m.createdAt}>{stamp.format(new Date(m.createdAt))}</time>
                    </p>
                  </div>
                </li>
              );
            })}
          </ol>
        )}
      </div>
      <div className="border-t border-border/60 p-3 sm:p-4">
        <MessageComposer
          id="private-message-input"
          label={`Message to ${name}`}
          placeholder="Type a message..."
          pending={send.isPending}
          value={draft}
          onValueChange={setDraft}
          onSend={(content) => send.mutate({ receiverId: otherId, content })}
        />
      </div>
    </section>
  );
}
