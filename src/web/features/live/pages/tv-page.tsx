/**
 * The big screen (/venue/{id}/tv, public, 16:9, read from across the room): now playing with progress, up next
 * with vote counts that glide when the order changes, the QR code and join code (with the TV link's display key),
 * a ticker of reactions and requests, the venue's name. It keeps its socket open (retrying for ever), polls while
 * the socket is down, and refetches the whole state on every reconnect, so it never shows a stale queue.
 */
import { useCallback, useEffect, useLayoutEffect, useState, type CSSProperties } from 'react';
import { useParams } from 'wouter';
import { Music, Radio, Users } from 'lucide-react';
import type { LiveQueueEntry, LiveState } from '@shared/schemas/live';
import { Loading } from '../../../components/ui/loading';
import { StateView } from '../../../components/ui/state-view';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { realtime } from '../../../lib/realtime';
import { cn } from '../../../lib/utils';
import { useLiveView } from '../api/get-live-view';
import { useLiveRoom, type TickerItem } from '../api/live-room';
import { useJoinCode } from '../api/tv';
import { LiveProgress } from '../components/live-progress';
import { QrCode } from '../components/qr-code';
import { SongThumb } from '../components/song-thumb';
import { StatusBanner, statusText } from '../components/status-banner';
import { useFlip } from '../lib/flip';
import { venueIdFrom } from '../lib/params';

/** How many waiting songs the screen lists. */
const UP_NEXT = 8;
/** How many ticker items stay on screen. */
const TICKER_MAX = 6;

/** The TV never gives up on its socket: a closed one is reopened every 10 s (the poll covers the gap). */
function useKeepSocketOpen() {
  useEffect(() => {
    const id = window.setInterval(() => {
      if (realtime.status === 'closed') realtime.connect();
    }, 10_000);
    return () => window.clearInterval(id);
  }, []);
}

/** The screen is laid out at this size and scaled to fit the TV's viewport (letterboxed when not 16:9). */
const STAGE = { width: 1920, height: 1080 };

function useStage(): CSSProperties {
  const measure = () => {
    const w = typeof window === 'undefined' ? STAGE.width : window.innerWidth;
    const h = typeof window === 'undefined' ? STAGE.height : window.innerHeight;
    const scale = Math.min(w / STAGE.width, h / STAGE.height);
    return { scale, left: (w - STAGE.width * scale) / 2, top: (h - STAGE.height * scale) / 2 };
  };
  const [fit, setFit] = useState(measure);
  useLayoutEffect(() => {
    const update = () => setFit(measure());
    update();
    window.addEventListener('resize', update);
    return () => window.removeEventListener('resize', update);
  }, []);
  return {
    width: STAGE.width,
    height: STAGE.height,
    left: fit.left,
    top: fit.top,
    transform: `scale(${fit.scale})`,
    transformOrigin: 'top left',
  };
}

/** Keeps the screen awake where the browser allows it. */
function useWakeLock() {
  useEffect(() => {
    let lock: { release(): Promise<void> } | null = null;
    const take = () => {
      const wl = (
        navigator as Navigator & { wakeLock?: { request(t: 'screen'): Promise<{ release(): Promise<void> }> } }
      ).wakeLock;
      if (document.visibilityState === 'visible' && wl)
        wl.request('screen').then(
          (l) => (lock = l),
          () => undefined,
        );
    };
    take();
    document.addEventListener('visibilitychange', take);
    return () => {
      document.removeEventListener('visibilitychange', take);
      void lock?.release().catch(() => undefined);
    };
  }, []);
}

export function TvPage() {
  const params = useParams<{ id: string }>();
  const venueId = venueIdFrom(params.id);
  const key = typeof window === 'undefined' ? null : new URLSearchParams(window.location.search).get('key');
  const [ticker, setTicker] = useState<TickerItem[]>([]);
  const onTicker = useCallback((item: TickerItem) => setTicker((t) => [item, ...t].slice(0, TICKER_MAX)), []);
  const stage = useStage();
  const poll = useLiveRoom(venueId, { onTicker });
  const view = useLiveView(venueId, poll);
  const live = view.data ? view.data.state.status !== 'ended' : false;
  const code = useJoinCode(venueId, key, live && Boolean(key));
  useKeepSocketOpen();
  useWakeLock();

  if (!Number.isInteger(venueId) || (view.error instanceof ApiError && view.error.status === 404))
    return (
      <main id="main" className="flex min-h-screen items-center justify-center bg-black text-5xl text-white">
        <h1>Venue not found</h1>
      </main>
    );
  if (!view.data)
    return (
      <main id="main" className="flex min-h-screen items-center justify-center bg-black text-3xl text-white">
        {view.isError ? (
          <StateView
            kind="error"
            className="mx-6 max-w-xl"
            title="The live queue could not be loaded"
            error={view.error}
            onRetry={() => void view.refetch()}
          />
        ) : (
          <Loading label="Loading the live queue..." className="text-3xl" />
        )}
      </main>
    );

  const { state, receivedAt } = view.data;
  const codeError = code.error instanceof ApiError && code.error.status !== 409 ? errorMessage(code.error, '') : null;

  return (
    <div className="fixed inset-0 overflow-hidden bg-[#07040e]">
      <main
        id="main"
        data-testid="tv"
        style={stage}
        className="absolute grid grid-cols-[minmax(0,1fr)_minmax(0,40%)] grid-rows-[auto_minmax(0,1fr)_auto] gap-x-12 gap-y-6 overflow-hidden bg-[#07040e] p-12 text-white"
      >
        <div
          aria-hidden
          className={cn('pointer-events-none absolute inset-0 bg-gradient-to-br opacity-25', state.gradient)}
        />
        <header className="relative col-span-2 flex items-center justify-between gap-8">
          <h1 className="truncate text-6xl font-bold tracking-tight">{state.venueName}</h1>
          <div className="flex shrink-0 items-center gap-6 text-3xl text-white/85">
            <span className="inline-flex items-center gap-3">
              <Users aria-hidden className="size-9" /> {state.presentCount} here
            </span>
            {state.status === 'live' && (
              <span className="inline-flex items-center gap-2 rounded-full bg-gradient-to-r from-orange-500 to-red-600 px-5 py-2 font-semibold uppercase">
                <Radio aria-hidden className="size-8" /> Live
              </span>
            )}
          </div>
        </header>

        <div className="relative flex min-h-0 flex-col justify-between gap-8">
          <section aria-label="Now playing" className="flex flex-col">
            <TvNowPlaying state={state} receivedAt={receivedAt} />
          </section>
          <JoinBox
            code={code.data?.code ?? null}
            joinUrl={code.data?.joinUrl ?? null}
            problem={!key ? 'Open the TV link from the host screen to show the join code.' : codeError}
            live={live}
          />
        </div>

        <aside className="relative flex min-h-0 flex-col">
          <UpNext entries={state.queue.slice(0, UP_NEXT)} total={state.queueLength} />
        </aside>

        <Ticker items={ticker} />
      </main>
    </div>
  );
}

function TvNowPlaying({ state, receivedAt }: { state: LiveState; receivedAt: number }) {
  const np = state.nowPlaying;
  // The session's trouble (the player offline, paused, ended) takes the place of the "Now playing" line.
  const kicker = statusText(state) ? (
    <StatusBanner state={state} large />
  ) : (
    <p className="text-3xl font-semibold tracking-widest text-pink-300 uppercase">Now playing</p>
  );
  if (!np)
    return (
      <div className="flex flex-col gap-8">
        {kicker}
        <div className="flex items-center gap-8 text-4xl text-white/80">
          <Music aria-hidden className="size-16" />
          <p>{state.status === 'ended' ? 'No live music right now.' : 'The next song starts in a moment.'}</p>
        </div>
      </div>
    );
  return (
    <div className="flex flex-col gap-8">
      {kicker}
      <div className="flex items-center gap-10">
        <SongThumb
          song={np.song}
          className="aspect-square w-[min(20vw,22rem)] rounded-3xl shadow-2xl shadow-black/60"
        />
        <div className="min-w-0 flex-1 space-y-3">
          <p className="line-clamp-2 text-7xl leading-tight font-bold break-words" data-testid="tv-now-playing">
            {np.song.title}
          </p>
          <p className="truncate text-5xl text-white/85">{np.song.artist}</p>
          <p className="truncate text-3xl text-white/70">
            {np.requester ? `Requested by ${np.requester.name}` : 'From the venue’s mix'}
          </p>
        </div>
      </div>
      <LiveProgress nowPlaying={np} receivedAt={receivedAt} size="xl" />
    </div>
  );
}

function JoinBox({
  code,
  joinUrl,
  problem,
  live,
}: {
  code: string | null;
  joinUrl: string | null;
  problem: string | null;
  live: boolean;
}) {
  if (!live) return null;
  if (problem || !code || !joinUrl)
    return problem ? <p className="rounded-2xl bg-white/10 p-5 text-2xl text-white/85">{problem}</p> : null;
  const host = new URL(joinUrl).host;
  return (
    <div className="flex items-center gap-8 rounded-3xl bg-white/10 p-5">
      <QrCode url={joinUrl} label={`QR code to join: ${joinUrl}`} className="size-60 shrink-0" />
      <div className="min-w-0">
        <p className="text-3xl font-semibold">Request songs &amp; vote</p>
        <p className="mt-1 text-2xl text-white/85">
          Scan the code, or go to <span className="font-semibold text-white">{host}/join</span> and type
        </p>
        <p className="font-mono text-7xl font-bold tracking-[0.2em]" data-testid="tv-code">
          {code}
        </p>
      </div>
    </div>
  );
}

function UpNext({ entries, total }: { entries: LiveQueueEntry[]; total: number }) {
  const order = entries.map((e) => `${e.id}:${e.netVotes}`).join(',');
  const register = useFlip(order);
  return (
    <section aria-labelledby="tv-up-next" className="flex min-h-0 flex-1 flex-col">
      <h2 id="tv-up-next" className="mb-4 text-3xl font-semibold tracking-widest text-pink-300 uppercase">
        Up next{total > entries.length ? ` · ${total} waiting` : ''}
      </h2>
      {entries.length === 0 ? (
        <p className="text-3xl text-white/80">Nothing waiting — scan the code and request a song!</p>
      ) : (
        <ol className="flex min-h-0 flex-col gap-3 overflow-hidden">
          {entries.map((e, i) => (
            <li
              key={e.id}
              ref={register(String(e.id))}
              data-testid="tv-entry"
              className="flex items-center gap-4 rounded-2xl bg-white/[0.07] px-4 py-2"
            >
              <span className="w-8 shrink-0 text-center text-3xl font-bold text-white/70 tabular-nums">{i + 1}</span>
              <div className="min-w-0 flex-1">
                <p className="truncate text-3xl font-semibold" data-testid="tv-entry-title">
                  {e.song.title}
                </p>
                <p className="truncate text-2xl text-white/75">{e.song.artist}</p>
              </div>
              <span
                className={cn(
                  'shrink-0 rounded-xl px-3 py-1 text-3xl font-bold tabular-nums',
                  e.netVotes > 0
                    ? 'bg-green-500/20 text-green-200'
                    : e.netVotes < 0
                      ? 'bg-red-500/20 text-red-200'
                      : 'text-white/80',
                )}
                aria-label={`${e.netVotes} votes`}
                data-testid="tv-entry-votes"
              >
                {e.netVotes > 0 ? `+${e.netVotes}` : e.netVotes}
              </span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

function Ticker({ items }: { items: TickerItem[] }) {
  return (
    <section aria-label="Reactions and requests" className="relative col-span-2 h-16 overflow-hidden">
      <ul className="flex h-full items-center gap-4" aria-live="polite">
        {items.length === 0 ? (
          <li className="text-2xl text-white/70">Reactions and new requests appear here.</li>
        ) : (
          items.map((item) => (
            <li
              key={item.id}
              className={cn(
                'shrink-0 truncate rounded-full px-5 py-2 text-2xl',
                item.kind === 'request' ? 'bg-purple-500/25' : 'bg-white/10',
              )}
            >
              {item.text}
            </li>
          ))
        )}
      </ul>
    </section>
  );
}
