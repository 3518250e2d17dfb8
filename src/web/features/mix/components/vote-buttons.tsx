/** Up / down buttons around the net score; aria-pressed shows the caller's own vote. */
import { ChevronDown, ChevronUp } from 'lucide-react';
import type { Song, VoteType } from '@shared/schemas/song';
import { cn } from '../../../lib/utils';
import { netScore } from '../lib/mix';

export function VoteButtons({
  song,
  onVote,
  pending,
  orientation = 'vertical',
  small,
  closedReason,
}: {
  song: Pick<Song, 'id' | 'title' | 'upVotes' | 'downVotes' | 'userVote'>;
  onVote: (voteType: VoteType) => void;
  pending?: boolean;
  orientation?: 'vertical' | 'horizontal';
  /** The trending column's tighter buttons. */
  small?: boolean;
  /** Voting is closed here (a deactivated venue): the buttons are disabled and say why. */
  closedReason?: string;
}) {
  const score = netScore(song);
  const btn = cn(
    'inline-flex items-center justify-center rounded-full transition-colors disabled:opacity-60',
    small ? 'size-7 @md:size-8 [&_svg]:size-4' : 'size-9 [&_svg]:size-5',
  );
  return (
    <div
      role="group"
      aria-label={`Votes for ${song.title}`}
      title={closedReason}
      className={cn(
        'flex shrink-0 items-center rounded-full border border-border bg-surface-2',
        orientation === 'vertical' ? 'flex-col' : 'flex-row',
      )}
    >
      <button
        type="button"
        aria-label={`Vote up ${song.title}`}
        aria-pressed={song.userVote === 'up'}
        disabled={pending || Boolean(closedReason)}
        onClick={() => onVote('up')}
        className={cn(btn, song.userVote === 'up' ? 'bg-up text-black' : 'text-muted hover:bg-white/10 hover:text-up')}
      >
        <ChevronUp aria-hidden />
      </button>
      <span
        data-testid="net-score"
        aria-label={`Score ${score}`}
        title={`${song.upVotes} up, ${song.downVotes} down`}
        className={cn(
          'min-w-7 text-center text-sm font-semibold tabular-nums',
          song.userVote === 'up' ? 'text-up' : song.userVote === 'down' ? 'text-down' : 'text-foreground',
        )}
      >
        {score}
      </span>
      <button
        type="button"
        aria-label={`Vote down ${song.title}`}
        aria-pressed={song.userVote === 'down'}
        disabled={pending || Boolean(closedReason)}
        onClick={() => onVote('down')}
        className={cn(
          btn,
          song.userVote === 'down' ? 'bg-down text-black' : 'text-muted hover:bg-white/10 hover:text-down',
        )}
      >
        <ChevronDown aria-hidden />
      </button>
    </div>
  );
}
