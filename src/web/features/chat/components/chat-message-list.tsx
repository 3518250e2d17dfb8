/**
 * A chat room's messages (spec: Chat): own messages on the right, others on the left with name, initials and
 * relative time. Scrolls to the newest message except on mobile browsers; scrolling to the top loads older ones.
 */
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { Link } from 'wouter';
import { Loader2, MessageCircle } from 'lucide-react';
import type { Message } from '@shared/schemas/message';
import { MESSAGE_PAGE_SIZE } from '@shared/schemas/message-constants';
import { href } from '../../../app/routes';
import { cn, isMobileBrowser } from '../../../lib/utils';
import { personColor } from '../../../lib/seed';
import { isTemp } from '../api/get-chat-messages';
import { foldBlocked, hiddenLabel } from '../../safety';
import { MessageActions } from '../../safety';
import { nameInitials, senderLabel, timeAgo } from '../lib/format';

export function ChatMessageList({
  messages,
  meId,
  isLoading,
  label,
  emptyText,
  onLoadOlder,
  blockedIds,
  venueId = null,
  canModerate = false,
  onRemoved,
}: {
  messages: Message[] | undefined;
  meId: string;
  isLoading: boolean;
  label: string;
  emptyText: string;
  /** Loads the previous page; resolves with how many arrived. */
  onLoadOlder: () => Promise<number>;
  /** People the viewer blocked: their messages fold into "N hidden messages". */
  blockedIds?: ReadonlySet<string>;
  /** The venue of a venue room (its owner moderates it). */
  venueId?: number | null;
  canModerate?: boolean;
  onRemoved?: (id: number) => void;
}) {
  const scroller = useRef<HTMLDivElement>(null);
  const [loadingOlder, setLoadingOlder] = useState(false);
  const [hasOlder, setHasOlder] = useState(true);
  const keepFromBottom = useRef<number | null>(null);
  const list = messages ?? [];
  const lastId = list.length ? list[list.length - 1].id : null;
  const [revealed, setRevealed] = useState<ReadonlySet<string>>(new Set());
  const items = useMemo(() => foldBlocked(messages ?? [], blockedIds ?? new Set()), [messages, blockedIds]);

  useEffect(() => {
    // A first page shorter than a full page means there is no older history.
    if (messages && messages.filter((m) => !isTemp(m)).length < MESSAGE_PAGE_SIZE) setHasOlder(false);
  }, [messages]);

  // Newest message in view whenever one arrives (not on mobile, where it would fight the on-screen keyboard).
  useEffect(() => {
    const el = scroller.current;
    if (!el || lastId === null || isMobileBrowser()) return;
    el.scrollTop = el.scrollHeight;
  }, [lastId]);

  // After older messages are prepended, keep what the reader was looking at in place.
  useLayoutEffect(() => {
    const el = scroller.current;
    if (el && keepFromBottom.current !== null) {
      el.scrollTop = el.scrollHeight - keepFromBottom.current;
      keepFromBottom.current = null;
    }
  }, [messages]);

  const loadOlder = useCallback(async () => {
    const el = scroller.current;
    if (!el || loadingOlder || !hasOlder) return;
    setLoadingOlder(true);
    keepFromBottom.current = el.scrollHeight - el.scrollTop;
    try {
      const n = await onLoadOlder();
      if (n < MESSAGE_PAGE_SIZE) setHasOlder(false);
    } catch {
      keepFromBottom.current = null;
    } finally {
      setLoadingOlder(false);
    }
  }, [hasOlder, loadingOlder, onLoadOlder]);

  return (
    <div
      ref={scroller}
      onScroll={(e) => {
        if (e.currentTarget.scrollTop < 40 && list.length) void loadOlder();
      }}
      className="min-h-0 flex-1 overflow-y-auto rounded-lg border border-border/60 bg-background/40 p-3 sm:p-4"
      tabIndex={0}
      role="log"
      aria-label={label}
      aria-live="polite"
      aria-relevant="additions"
    >
      {hasOlder && list.length ? (
        <div className="mb-3 flex justify-center">
          <button
            type="button"
            onClick={() => void loadOlder()}
            disabled={loadingOlder}
            className="flex items-center gap-2 rounded-full px-3 py-1 text-xs text-muted hover:bg-white/10 hover:text-foreground"
          >
            {loadingOlder ? <Loader2 className="size-3 animate-spin" aria-hidden /> : null} Load older messages
          </button>
        </div>
      ) : null}
      {isLoading ? (
        <p className="py-10 text-center text-sm text-muted">Loading messages...</p>
      ) : list.length === 0 ? (
        <p className="py-10 text-center text-sm text-muted">{emptyText}</p>
      ) : (
        <ol className="space-y-3">
          {items.map((item) =>
            item.kind === 'message' ? (
              <ChatMessageItem
                key={item.message.id}
                message={item.message}
                own={item.message.senderId === meId}
                venueId={venueId}
                canModerate={canModerate}
                onRemoved={onRemoved}
              />
            ) : revealed.has(item.key) ? (
              item.messages.map((m) => (
                <ChatMessageItem
                  key={m.id}
                  message={m}
                  own={false}
                  venueId={venueId}
                  canModerate={canModerate}
                  onRemoved={onRemoved}
                  fromBlocked
                />
              ))
            ) : (
              <li key={item.key} className="flex justify-center">
                <button
                  type="button"
                  data-testid="hidden-messages"
                  onClick={() => setRevealed((r) => new Set(r).add(item.key))}
                  className="rounded-full border border-border px-3 py-1 text-xs text-muted hover:bg-white/10 hover:text-foreground"
                >
                  {hiddenLabel(item.messages.length)} · Show
                </button>
              </li>
            ),
          )}
        </ol>
      )}
    </div>
  );
}

function ChatMessageItem({
  message: m,
  own,
  venueId,
  canModerate,
  onRemoved,
  fromBlocked,
}: {
  message: Message;
  own: boolean;
  venueId: number | null;
  canModerate: boolean;
  onRemoved?: (id: number) => void;
  fromBlocked?: boolean;
}) {
  const name = senderLabel(m.senderName);
  const pending = isTemp(m);
  if (own) {
    return (
      <li className="flex justify-end" data-testid="chat-message" data-own="true">
        <div className="max-w-[85%] sm:max-w-[70%]">
          <div
            className={cn(
              'rounded-2xl rounded-br-md bg-accent px-3.5 py-2 text-sm break-words whitespace-pre-wrap text-accent-foreground',
              pending && 'opacity-70',
            )}
          >
            {m.content}
          </div>
          <p className="mt-1 text-right text-xs text-muted">
            <span className="sr-only">You, </span>
            {pending ? 'Sending…' : <time dateTime={m.createdAt}>{timeAgo(m.createdAt)}</time>}
          </p>
        </div>
      </li>
    );
  }
  return (
    <li className="group flex items-start gap-2.5" data-testid="chat-message">
      <span
        aria-hidden
        className="mt-0.5 flex size-8 shrink-0 items-center justify-center overflow-hidden rounded-full text-xs font-semibold text-white"
        style={{ backgroundColor: personColor(m.senderId) }}
      >
        {m.senderImage ? (
          <img src={m.senderImage} alt="" className="size-full object-cover" referrerPolicy="no-referrer" />
        ) : (
          nameInitials(name)
        )}
      </span>
      <div className="min-w-0 max-w-[85%] sm:max-w-[70%]">
        <p className="flex items-baseline gap-2 text-xs">
          <span className="font-semibold text-foreground">{name}</span>
          <time dateTime={m.createdAt} className="text-muted">
            {timeAgo(m.createdAt)}
          </time>
          <Link
            href={href.messagesWith(m.senderId)}
            aria-label={`Message ${name}`}
            className="rounded p-0.5 text-muted opacity-70 group-hover:opacity-100 hover:text-foreground focus-visible:opacity-100 focus-visible:outline-2 focus-visible:outline-accent"
          >
            <MessageCircle className="size-3.5" aria-hidden />
          </Link>
          {!pending ? (
            <MessageActions
              message={m}
              name={name}
              venueId={venueId}
              canModerate={canModerate}
              onRemoved={(id) => onRemoved?.(id)}
            />
          ) : null}
          {fromBlocked ? <span className="text-muted">(someone you blocked)</span> : null}
        </p>
        <div className="mt-1 rounded-2xl rounded-tl-md bg-surface-2 px-3.5 py-2 text-sm break-words whitespace-pre-wrap">
          {m.content}
        </div>
      </div>
    </li>
  );
}
