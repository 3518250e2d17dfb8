/** 'Set Your Music Mood' (spec: Mood dialog): seven moods with descriptions; choosing one saves and closes. */
import { Check, X } from 'lucide-react';
import type { ReactNode } from 'react';
import { useAuth } from '../../auth';
import { Dialog, DialogContent, DialogTrigger } from '../../../components/ui/dialog';
import { cn } from '../../../lib/utils';
import { useUpdateMood } from '../api/update-mood';
import { MOOD_OPTIONS } from '../lib/moods';

export function MoodDialog({
  open,
  onOpenChange,
  trigger,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  trigger?: ReactNode;
}) {
  const { user } = useAuth();
  const update = useUpdateMood();
  const current = user?.currentMood ?? '';

  const choose = (mood: string) => {
    if (!user || update.isPending) return;
    update.mutate({ userId: user.id, mood }, { onSettled: () => onOpenChange(false) });
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      {trigger ? <DialogTrigger asChild>{trigger}</DialogTrigger> : null}
      <DialogContent title="Set Your Music Mood" description="Let others know what you're in the mood for.">
        <ul className="grid gap-2" aria-label="Moods">
          {MOOD_OPTIONS.map((m) => {
            const selected = current === m.id;
            return (
              <li key={m.id}>
                <button
                  type="button"
                  aria-pressed={selected}
                  disabled={update.isPending}
                  onClick={() => choose(m.id)}
                  className={cn(
                    'flex w-full items-center gap-3 rounded-xl border px-3 py-2.5 text-left transition-colors hover:bg-white/5 focus-visible:outline-2 focus-visible:outline-accent disabled:opacity-60',
                    selected ? 'border-purple-400/60 bg-purple-500/15' : 'border-border',
                  )}
                >
                  <span aria-hidden className="text-xl">
                    {m.emoji}
                  </span>
                  <span className="min-w-0 flex-1">
                    <span className="block font-medium">{m.label}</span>
                    <span className="block text-sm text-muted">{m.description}</span>
                  </span>
                  {selected ? <Check className="size-4 text-purple-300" aria-hidden /> : null}
                </button>
              </li>
            );
          })}
          <li>
            <button
              type="button"
              aria-pressed={current === ''}
              disabled={update.isPending || current === ''}
              onClick={() => choose('')}
              className="flex w-full items-center gap-3 rounded-xl border border-dashed border-border px-3 py-2.5 text-left text-muted hover:bg-white/5 focus-visible:outline-2 focus-visible:outline-accent disabled:opacity-60"
            >
              <X className="size-5" aria-hidden />
              <span>Clear mood</span>
            </button>
          </li>
        </ul>
      </DialogContent>
    </Dialog>
  );
}
