/**
 * The waiting songs in play order. Patrons vote up or down (their own vote pressed); their own requests are
 * highlighted with "plays in about N min". The host's variant shows remove and ban buttons instead (`actions`).
 */
import type { ReactNode } from 'react';
import { ChevronDown, ChevronUp } from 'lucide-react';
import type { LiveQueueEntry } from '@shared/schemas/live';
import { cn } from '../../../lib/utils';
import { minutesUntil } from '../lib/clock';
import { SongThumb } from './song-thumb';

export function QueueList({
  entries,
  remainingOfCurrent,
  canVote,
  voteClosedReason,
  onVote,
  pendingEntryId,
  actions,
}: {
  entries: LiveQueueEntry[];
  /** Seconds left of the song playing now (for the waiting times). */
  remainingOfCurrent: number;
  canVote?: boolean;
  /** Why the vote buttons are disabled (shown as their title), e.g. not joined. */
  voteClosedReason?: string;
  onVote?: (entry: LiveQueueEntry, value: 1 | -1 | 0) => void;
  pendingEntryId?: number | null;
  actions?: (entry: LiveQueueEntry) => ReactNode;
}) {
  if (entries.length === 0)
    return <p className="text-sm text-muted">Nothing is waiting. Request a song to start the queue!</p>;
  return (
    <ol className="space-y-2" aria-label="Up next">
      {entries.map((entry, i) => {
        const eta = minutesUntil(entries, i, remainingOfCurrent);
        return (
          <li
            key={entry.id}
            data-testid="queue-entry"
            data-mine={entry.mine || undefined}
            className={cn(
              'flex items-center gap-3 rounded-xl border p-2',
              entry.mine ? 'border-pink-400/60 bg-pink-500/10' : 'border-transparent bg-surface-2/60',
            )}
          >
            <span className="w-4 shrink-0 text-center text-sm font-semibold text-muted tabular-nums">{i + 1}</span>
            <SongThumb song={entry.song} className="hidden size-11 rounded-lg sm:flex" />
            <div className="min-w-0 flex-1">
              <p className="truncate text-sm font-medium" data-testid="queue-title">
                {entry.song.title}
              </p>
              <p className="truncate text-xs text-muted">
                {entry.song.artist}
                {entry.requester && !entry.mine ? ` · ${entry.requester.name}` : ''}
              </p>
              {entry.mine && (
                <p className="text-xs font-medium text-pink-200">Your request · plays in about {eta} min</p>
              )}
            </div>
            {onVote && (
              <EntryVotes
                entry={entry}
                disabled={!canVote || pendingEntryId === entry.id}
                reason={canVote ? undefined : voteClosedReason}
                onVote={(v) => onVote(entry, v)}
              />
            )}
            {!onVote && (
              <span className="shrink-0 text-sm font-semibold tabular-nums">
                {entry.netVotes > 0 ? `+${entry.netVotes}` : entry.netVotes}
                <span className="sr-only"> votes</span>
              </span>
            )}
            {actions?.(entry)}
          </li>
        );
      })}
    </ol>
  );
}

function EntryVotes({
  entry,
  disabled,
  reason,
  onVote,
}: {
  entry: LiveQueueEntry;
  disabled: boolean;
  reason?: string;
  onVote: (value: 1 | -1 | 0) => void;
}) {
  const btn =
    'inline-flex size-10 items-center justify-center rounded-lg transition-colors disabled:opacity-50 [&_svg]:size-5';
  const score = entry.netVotes;
  return (
    <div
      role="group"
      aria-label={`Votes for ${entry.song.title}`}
      title={reason}
      className="flex shrink-0 items-center rounded-xl border border-border bg-surface/80"
    >
      <button
        type="button"
        aria-label={`Vote up ${entry.song.title}`}
        aria-pressed={entry.myVote === 1}
        disabled={disabled}
        onClick={() => onVote(entry.myVote === 1 ? 0 : 1)}
        className={cn(btn, entry.myVote === 1 ? 'bg-green-500/25 text-green-300' : 'text-muted hover:text-green-300')}
      >
        <ChevronUp aria-hidden />
      </button>
      <span
        data-testid="entry-votes"
        className={cn(
          'min-w-7 text-center text-sm font-semibold tabular-nums',
          score > 0 ? 'text-green-300' : score < 0 ? 'text-red-300' : 'text-foreground',
        )}
      >
        {score}
      </span>
      <button
        type="button"
        aria-label={`Vote down ${entry.song.title}`}
        aria-pressed={entry.myVote === -1}
        disabled={disabled}
        onClick={() => onVote(entry.myVote === -1 ? 0 : -1)}
        className={cn(btn, entry.myVote === -1 ? 'bg-red-500/25 text-red-300' : 'text-muted hover:text-red-300')}
      >
        <ChevronDown aria-hidden />
      </button>
    </div>
  );
}
