/** The live progress bar: position computed from the server's answer, ticking every second while playing. */
import { formatClock } from '@shared/duration';
import type { LiveNowPlaying } from '@shared/schemas/live';
import { Progress } from '../../../components/ui/progress';
import { cn } from '../../../lib/utils';
import { elapsedSeconds } from '../lib/clock';
import { useNow } from '../lib/use-now';

export function LiveProgress({
  nowPlaying,
  receivedAt,
  size = 'md',
}: {
  nowPlaying: LiveNowPlaying;
  receivedAt: number;
  size?: 'md' | 'xl';
}) {
  const now = useNow(1000, !nowPlaying.pausedAt);
  const times = {
    positionMs: nowPlaying.positionMs,
    pausedAt: nowPlaying.pausedAt,
    duration: nowPlaying.song.duration,
  };
  const at = elapsedSeconds(times, receivedAt, now);
  const duration = nowPlaying.song.duration ?? 0;
  const pct = duration > 0 ? (at / duration) * 100 : 0;
  return (
    <div className="w-full">
      <Progress
        value={pct}
        label={`Position in ${nowPlaying.song.title}`}
        className={size === 'xl' ? 'h-4 bg-white/15' : undefined}
      />
      <div
        className={cn(
          'mt-1 flex justify-between tabular-nums text-muted',
          size === 'xl' ? 'text-2xl text-white/80' : 'text-xs',
        )}
      >
        <span data-testid="live-position">{formatClock(at)}</span>
        <span>{duration > 0 ? formatClock(duration) : '—'}</span>
      </div>
    </div>
  );
}
