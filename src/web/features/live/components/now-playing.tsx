/** The song playing now (phone and laptop): art, title, artist, who asked for it, live progress. */
import type { LiveState } from '@shared/schemas/live';
import { LiveProgress } from './live-progress';
import { SongThumb } from './song-thumb';

export function NowPlaying({ state, receivedAt }: { state: LiveState; receivedAt: number }) {
  const np = state.nowPlaying;
  if (!np)
    return (
      <p className="text-sm text-muted">
        {state.status === 'ended' ? 'Nothing is playing.' : 'Nothing is playing yet: the next song starts soon.'}
      </p>
    );
  return (
    <div className="flex flex-col gap-3">
      <div className="flex items-center gap-4">
        <SongThumb song={np.song} className="size-20 rounded-xl shadow-lg shadow-black/40" />
        <div className="min-w-0 flex-1">
          <p className="truncate text-lg font-semibold" data-testid="now-playing-title">
            {np.song.title}
          </p>
          <p className="truncate text-sm text-muted">{np.song.artist}</p>
          <p className="truncate text-xs text-muted">
            {np.requester ? `Requested by ${np.requester.name}` : 'From the venue’s mix'}
          </p>
        </div>
      </div>
      <LiveProgress nowPlaying={np} receivedAt={receivedAt} />
    </div>
  );
}
