/** Mood badges: one's own opens the Mood dialog; another user's mood is view-only in a popover (spec: Chat). */
import { useState } from 'react';
import { Smile } from 'lucide-react';
import { Popover, PopoverContent, PopoverTrigger } from '../../../components/ui/popover';
import { cn } from '../../../lib/utils';
import { moodInfo } from '../lib/moods';
import { timeAgo } from '../lib/format';
import { lazyDialog } from '../../../components/ui/lazy-dialog';

const MoodDialog = lazyDialog(async () => (await import('./mood-dialog')).MoodDialog);

const pill =
  'inline-flex items-center gap-1 rounded-full border px-2 py-0.5 text-xs font-medium focus-visible:outline-2 focus-visible:outline-accent';

/** The signed-in user's own mood: a button that opens 'Set Your Music Mood'. */
export function OwnMoodButton({
  mood,
  className,
  compact,
}: {
  mood: string | null;
  className?: string;
  compact?: boolean;
}) {
  const [open, setOpen] = useState(false);
  const info = moodInfo(mood);
  return (
    <MoodDialog
      open={open}
      onOpenChange={setOpen}
      trigger={
        <button
          type="button"
          aria-label={info ? `Your mood: ${info.label}. Change mood` : 'Set your mood'}
          className={cn(
            pill,
            info ? info.className : 'border-dashed border-border text-muted hover:text-foreground',
            className,
          )}
        >
          {info ? (
            <>
              <span aria-hidden>{info.emoji}</span> {info.label}
            </>
          ) : (
            <>
              <Smile className="size-3.5" aria-hidden /> {compact ? 'Mood' : 'Set mood'}
            </>
          )}
        </button>
      }
    />
  );
}

/** Another user's mood, view-only: the badge opens a popover with its description. */
export function MoodPopover({
  mood,
  moodUpdatedAt,
  name,
}: {
  mood: string | null;
  moodUpdatedAt?: string | null;
  name: string;
}) {
  const info = moodInfo(mood);
  if (!info) return null;
  return (
    <Popover>
      <PopoverTrigger className={cn(pill, info.className)} aria-label={`${name}'s mood: ${info.label}`}>
        <span aria-hidden>{info.emoji}</span> {info.label}
      </PopoverTrigger>
      <PopoverContent aria-label={`${name}'s mood`}>
        <p className="text-xs font-medium tracking-wide text-muted uppercase">{name}'s music mood</p>
        <p className="mt-2 flex items-center gap-2 text-lg font-semibold">
          <span aria-hidden>{info.emoji}</span> {info.label}
        </p>
        <p className="mt-1 text-sm text-muted">{info.description}</p>
        {moodUpdatedAt ? <p className="mt-3 text-xs text-muted">Set {timeAgo(moodUpdatedAt)}</p> : null}
        <p className="mt-3 text-xs text-muted">Only {name} can change this mood.</p>
      </PopoverContent>
    </Popover>
  );
}
