/**
 * The actions on someone else's chat message: report it, block its author, and for the venue's owner (or an
 * administrator) delete it or mute its author for 10 minutes, an hour or a day. Like the song card's menu, the
 * Radix menu mounts on the press that opens it, so a room of a hundred messages carries a hundred plain buttons.
 */
import { lazy, Suspense, useRef, useState } from 'react';
import { DropdownMenu } from '../../../components/ui/dropdown-menu';
import { Ban, Clock, Flag, MoreHorizontal, Trash2 } from 'lucide-react';
import type { Message } from '@shared/schemas/message';
import { toast } from '../../../lib/toast';
import { notifyError } from '../../../lib/notify-error';
import { cn } from '../../../lib/utils';
import { useBlock, useBlockedIds, useUnblock } from '../api/get-blocks';
import { useDeleteVenueMessage, useMute } from '../api/venue-moderation';
import { loadReportDialog } from '../lib/load-report-dialog';

const ReportDialog = lazy(async () => ({ default: (await loadReportDialog()).ReportDialog }));

const TRIGGER =
  'inline-flex size-6 items-center justify-center rounded text-muted opacity-70 group-hover:opacity-100 hover:bg-white/10 hover:text-foreground focus-visible:opacity-100 focus-visible:outline-2 focus-visible:outline-accent';

function Item({
  children,
  onSelect,
  destructive,
}: {
  children: React.ReactNode;
  onSelect: () => void;
  destructive?: boolean;
}) {
  return (
    <DropdownMenu.Item
      onSelect={onSelect}
      className={cn(
        'flex cursor-pointer items-center gap-2 rounded-lg px-3 py-2 text-sm outline-none select-none data-[highlighted]:bg-white/10 [&_svg]:size-4',
        destructive ? 'text-red-300' : 'text-foreground',
      )}
    >
      {children}
    </DropdownMenu.Item>
  );
}

export function MessageActions({
  message,
  name,
  venueId,
  canModerate,
  onRemoved,
}: {
  message: Message;
  name: string;
  /** The venue whose room this is (moderation applies there only). */
  venueId: number | null;
  canModerate: boolean;
  onRemoved: (id: number) => void;
}) {
  const [mounted, setMounted] = useState(false);
  const [reporting, setReporting] = useState(false);
  // The button the menu closes back into (the menu's own trigger is unmounted with it): a report's dialog gives it the
  // focus back when it closes.
  const button = useRef<HTMLButtonElement>(null);
  const blocked = useBlockedIds().has(message.senderId);
  const block = useBlock();
  const unblock = useUnblock();
  const remove = useDeleteVenueMessage(venueId ?? 0);
  const mute = useMute(venueId ?? 0);
  const label = `Actions for the message from ${name}`;
  const fail = (err: unknown) => notifyError(err, 'Error');

  const menu = mounted ? (
    <DropdownMenu.Root defaultOpen onOpenChange={(open) => !open && setMounted(false)}>
      <DropdownMenu.Trigger aria-label={label} className={TRIGGER}>
        <MoreHorizontal className="size-3.5" aria-hidden />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="start"
          sideOffset={4}
          className="z-50 min-w-52 rounded-xl border border-border bg-surface-2 p-1 shadow-2xl"
        >
          <Item onSelect={() => setReporting(true)}>
            <Flag aria-hidden /> Report message
          </Item>
          <Item
            onSelect={() =>
              (blocked ? unblock : block).mutate(message.senderId, {
                onSuccess: () =>
                  toast({ title: blocked ? `Unblocked ${name}` : `Blocked ${name}`, variant: 'success' }),
                onError: fail,
              })
            }
          >
            <Ban aria-hidden /> {blocked ? `Unblock ${name}` : `Block ${name}`}
          </Item>
          {canModerate && venueId !== null ? (
            <>
              <DropdownMenu.Separator className="my-1 h-px bg-border" />
              <Item
                destructive
                onSelect={() =>
                  remove.mutate(message.id, {
                    onSuccess: () => {
                      onRemoved(message.id);
                      toast({ title: 'Message deleted', variant: 'success' });
                    },
                    onError: fail,
                  })
                }
              >
                <Trash2 aria-hidden /> Delete message
              </Item>
              {(
                [
                  [10, '10 minutes'],
                  [60, '1 hour'],
                  [1440, '24 hours'],
                ] as const
              ).map(([minutes, text]) => (
                <Item
                  key={minutes}
                  onSelect={() =>
                    mute.mutate(
                      { userId: message.senderId, minutes },
                      {
                        onSuccess: () => toast({ title: `${name} is muted for ${text}`, variant: 'success' }),
                        onError: fail,
                      },
                    )
                  }
                >
                  <Clock aria-hidden /> Mute {name} for {text}
                </Item>
              ))}
            </>
          ) : null}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  ) : (
    <button
      ref={button}
      type="button"
      aria-label={label}
      aria-haspopup="menu"
      aria-expanded={false}
      className={TRIGGER}
      onPointerDown={(e) => {
        if (e.button !== 0) return;
        e.preventDefault();
        setMounted(true);
      }}
      onKeyDown={(e) => {
        if (e.key !== 'Enter' && e.key !== ' ' && e.key !== 'ArrowDown') return;
        e.preventDefault();
        setMounted(true);
      }}
    >
      <MoreHorizontal className="size-3.5" aria-hidden />
    </button>
  );

  return (
    <>
      {menu}
      {reporting ? (
        <Suspense fallback={null}>
          <ReportDialog
            open={reporting}
            onOpenChange={setReporting}
            returnFocusTo={button}
            target={{ type: 'message', id: message.id, label: `${name}: ${message.content.slice(0, 120)}` }}
          />
        </Suspense>
      ) : null}
    </>
  );
}
