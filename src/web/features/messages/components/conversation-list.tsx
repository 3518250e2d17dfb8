/** The left column of Messages: conversations grouped by the other person, newest first, with unread badges. */
import type { Conversation } from '@shared/schemas/message';
import type { PublicUser } from '@shared/schemas/auth';
import { Avatar } from '../../../components/ui/avatar';
import { cn } from '../../../lib/utils';
import { userLabel } from '../../chat';

const dateFormat = new Intl.DateTimeFormat(undefined, { month: 'short', day: 'numeric' });
const timeFormat = new Intl.DateTimeFormat(undefined, { hour: 'numeric', minute: '2-digit' });

/** Today: the time; otherwise the date. */
function shortDate(iso: string) {
  const d = new Date(iso);
  return d.toDateString() === new Date().toDateString() ? timeFormat.format(d) : dateFormat.format(d);
}

export function ConversationList({
  conversations,
  draftWith,
  selectedId,
  meId,
  onSelect,
}: {
  conversations: Conversation[];
  /** A person chosen through `?with=` with whom there is no conversation yet. */
  draftWith: PublicUser | null;
  selectedId: string | null;
  meId: string;
  onSelect: (userId: string) => void;
}) {
  if (!conversations.length && !draftWith)
    return <p className="px-4 py-10 text-center text-sm text-muted">No conversations yet</p>;
  return (
    <ul className="divide-y divide-border/60" aria-label="Conversations">
      {draftWith ? (
        <li>
          <Item
            user={draftWith}
            selected={selectedId === draftWith.id}
            onSelect={onSelect}
            preview="New conversation"
            date={null}
            unread={0}
          />
        </li>
      ) : null}
      {conversations.map((c) => (
        <li key={c.otherUser.id}>
          <Item
            user={c.otherUser}
            selected={selectedId === c.otherUser.id}
            onSelect={onSelect}
            preview={`${c.lastMessage.senderId === meId ? 'You: ' : ''}${c.lastMessage.content}`}
            date={c.lastMessage.createdAt}
            unread={c.unreadCount}
          />
        </li>
      ))}
    </ul>
  );
}

function Item({
  user,
  selected,
  onSelect,
  preview,
  date,
  unread,
}: {
  user: PublicUser;
  selected: boolean;
  onSelect: (id: string) => void;
  preview: string;
  date: string | null;
  unread: number;
}) {
  const name = userLabel(user);
  return (
    <button
      type="button"
      onClick={() => onSelect(user.id)}
      aria-current={selected ? 'true' : undefined}
      className={cn(
        'flex w-full items-center gap-3 px-4 py-3 text-left transition-colors hover:bg-white/5 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-accent',
        selected && 'bg-accent-soft',
      )}
    >
      <Avatar personId={user.id} src={user.profileImageUrl} first={user.firstName} last={user.lastName} label={name} />
      <span className="min-w-0 flex-1">
        <span className="flex items-baseline justify-between gap-2">
          <span className={cn('truncate text-sm', unread ? 'font-semibold' : 'font-medium')}>{name}</span>
          {date ? (
            <time dateTime={date} className="shrink-0 text-xs text-muted">
              {shortDate(date)}
            </time>
          ) : null}
        </span>
        <span className="flex items-center justify-between gap-2">
          <span className={cn('truncate text-sm', unread ? 'text-foreground' : 'text-muted')}>{preview}</span>
          {unread ? (
            <span
              className="flex h-5 min-w-5 shrink-0 items-center justify-center rounded-full bg-pink-500 px-1.5 text-xs font-semibold text-white"
              aria-label={`${unread} unread`}
            >
              {unread}
            </span>
          ) : null}
        </span>
      </span>
    </button>
  );
}
