/**
 * The host screen (/venue/{id}/live/host, the venue's laptop): start the session on this device (taking over from
 * another one after a confirmation), play the live queue in the app's player, the controls (play/pause, skip,
 * remove, ban, lock requests, end), the TV link, settings, bans, co-hosts and tonight's report.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Link, useParams } from 'wouter';
import {
  Ban,
  ExternalLink,
  Lock,
  LogIn,
  Pause,
  Play,
  Power,
  Radio,
  RefreshCw,
  SkipForward,
  Trash2,
  Tv,
  Unlock,
} from 'lucide-react';
import type { LiveQueueEntry } from '@shared/schemas/live';
import { LIVE_MESSAGES } from '@shared/schemas/live-constants';
import { Page } from '../../../components/layout/page';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { CopyLinkField } from '../../../components/ui/copy-link-field';
import { Loading } from '../../../components/ui/loading';
import { StateView } from '../../../components/ui/state-view';
import { ApiError } from '../../../lib/api-client';
import { notifyError } from '../../../lib/notify-error';
import { toast } from '../../../lib/toast';
import { useAuth } from '../../auth';
import { usePlayerActions, usePlayerState } from '../../player';
import { useLiveView } from '../api/get-live-view';
import { useControl, useHostInfo, useNewDisplayKey, useRemoveEntry, useStartSession } from '../api/host';
import { useLiveRoom } from '../api/live-room';
import { useAddBan } from '../api/manage';
import { BansPanel, CohostsPanel, Panel, ReportPanel, SettingsPanel } from '../components/host-panels';
import { NowPlaying } from '../components/now-playing';
import { QueueList } from '../components/queue-list';
import { StatusBanner } from '../components/status-banner';
import { hostDeviceId } from '../lib/device-id';
import { venueIdFrom } from '../lib/params';
import { signInHref } from '../lib/sign-in';
import { useHostPlayback } from '../lib/use-host-playback';
import { remainingSeconds } from '../lib/clock';
import { useNow } from '../lib/use-now';

export function LiveHostPage() {
  const params = useParams<{ id: string }>();
  const venueId = venueIdFrom(params.id);
  const { isAuthenticated, isLoading } = useAuth();
  const deviceId = useMemo(() => hostDeviceId(), []);
  const [active, setActive] = useState(false);
  const [lost, setLost] = useState<string | null>(null);
  const [confirmTakeover, setConfirmTakeover] = useState<string | null>(null);
  const player = usePlayerState();
  const playerActions = usePlayerActions();

  const stop = useCallback(
    (reason: string) => {
      setActive(false);
      setLost(reason);
      playerActions.pause();
    },
    [playerActions],
  );
  const onTakeover = useCallback(
    (other: string) => {
      if (active && other !== deviceId) stop(LIVE_MESSAGES.notHostDevice);
    },
    [active, deviceId, stop],
  );
  // Leaving the host screen stops this device playing for the venue (reports and heartbeat stop with it).
  const activeRef = useRef(active);
  useEffect(() => {
    activeRef.current = active;
  }, [active]);
  useEffect(
    () => () => {
      if (activeRef.current) playerActions.pause();
    },
    [playerActions],
  );
  const poll = useLiveRoom(venueId, { onTakeover });
  const info = useHostInfo(venueId, isAuthenticated);
  const view = useLiveView(venueId, poll);
  const start = useStartSession(venueId);
  const control = useControl(venueId);
  const removeEntry = useRemoveEntry(venueId);
  const addBan = useAddBan(venueId);
  const newKey = useNewDisplayKey(venueId);
  const now = useNow(15_000);
  const state = view.data?.state ?? null;
  useHostPlayback({ venueId, deviceId, active: active && state?.status !== 'ended', state, onLost: stop });

  if (isLoading) return <Loading label="Loading..." />;
  if (!isAuthenticated)
    return (
      <Page className="max-w-md">
        <Card className="mt-6 p-6 text-center">
          <h1 className="text-2xl font-semibold">Host live</h1>
          <p className="mt-2 text-muted">Sign in as the venue’s owner or a co-host to run the live queue.</p>
          <Button asChild className="mt-4">
            <Link href={signInHref(`/venue/${venueId}/live/host`)}>
              <LogIn aria-hidden /> Sign in
            </Link>
          </Button>
        </Card>
      </Page>
    );
  if (info.isLoading || view.isLoading) return <Loading label="Loading the live session..." />;
  if (info.error instanceof ApiError && info.error.status === 403)
    return (
      <Page className="max-w-md">
        <Card role="alert" className="mt-6 p-6 text-center text-red-200">
          {LIVE_MESSAGES.hostOnly}
        </Card>
      </Page>
    );
  if (info.isError || !info.data || !state)
    return (
      <Page className="max-w-md">
        <StateView
          kind="error"
          className="mt-6"
          title="The live session could not be loaded"
          error={info.error ?? view.error}
          onRetry={() => {
            if (info.isError) void info.refetch();
            if (view.isError || !view.data) void view.refetch();
          }}
        />
      </Page>
    );

  const host = info.data;
  const tvUrl = host.tvUrl;
  const sessionLive = state.status !== 'ended';
  const playing = active && sessionLive;

  const begin = (takeover: boolean) => {
    setLost(null);
    setConfirmTakeover(null);
    start.mutate(
      { deviceId, takeover },
      {
        onSuccess: () => setActive(true),
        onError: (err) => {
          if (err instanceof ApiError && err.status === 409 && err.serverMessage === LIVE_MESSAGES.otherDevice)
            setConfirmTakeover(err.serverMessage);
          else notifyError(err, 'Could not start the live session');
        },
      },
    );
  };
  const act = (action: Parameters<typeof control.mutate>[0], done?: string) =>
    control.mutate(action, {
      onSuccess: () => done && toast({ title: done }),
      onError: (err) => notifyError(err, 'The host action failed'),
    });
  const ban = (body: { songId: number } | { artist: string }, label: string) =>
    addBan.mutate(body, {
      onSuccess: () => toast({ title: 'Banned', description: `${label} is off tonight's queue. Undo from Bans.` }),
      onError: (err) => notifyError(err, 'Not banned'),
    });

  const entryActions = (entry: LiveQueueEntry) => (
    <div className="flex shrink-0 gap-1">
      <Button
        size="icon-sm"
        variant="ghost"
        aria-label={`Remove ${entry.song.title} from the queue`}
        title="Remove from the queue"
        onClick={() => removeEntry.mutate(entry.id, { onError: (err) => notifyError(err, 'Not removed') })}
      >
        <Trash2 aria-hidden />
      </Button>
      <Button
        size="icon-sm"
        variant="ghost"
        aria-label={`Ban the song ${entry.song.title}`}
        title="Ban this song"
        onClick={() => ban({ songId: entry.song.id }, entry.song.title)}
      >
        <Ban aria-hidden />
      </Button>
      <Button
        size="sm"
        variant="ghost"
        aria-label={`Ban the artist ${entry.song.artist}`}
        title="Ban this artist"
        onClick={() => ban({ artist: entry.song.artist }, entry.song.artist)}
      >
        <Ban aria-hidden /> Artist
      </Button>
    </div>
  );

  return (
    <Page className="space-y-6">
      <header className="flex flex-wrap items-center justify-between gap-4">
        <div>
          <p className="text-sm text-muted">Host live</p>
          <h1 className="text-3xl font-bold">{state.venueName}</h1>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <Badge variant={state.status === 'live' ? 'hot' : 'secondary'} className="uppercase">
            <Radio aria-hidden className="size-3" /> {state.status}
          </Badge>
          <span className="text-sm text-muted">{state.presentCount} patrons here</span>
          <Button asChild variant="outline" size="sm">
            <Link href={`/venue/${venueId}/live`}>Patron view</Link>
          </Button>
        </div>
      </header>

      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_24rem]">
        <div className="min-w-0 space-y-6">
          <Card>
            <CardHeader>
              <CardTitle>{playing ? 'Playing on this device' : 'Play the live queue here'}</CardTitle>
            </CardHeader>
            <CardContent className="space-y-4">
              {lost && (
                <p role="alert" className="rounded-xl bg-yellow-500/15 px-3 py-2 text-sm text-yellow-100">
                  {lost} This device stopped playing.
                </p>
              )}
              {confirmTakeover && (
                <div
                  role="alertdialog"
                  aria-label="Take over"
                  className="space-y-3 rounded-xl border border-yellow-400/40 p-3"
                >
                  <p className="text-sm">{confirmTakeover}</p>
                  <div className="flex gap-2">
                    <Button variant="destructive" onClick={() => begin(true)} disabled={start.isPending}>
                      Take over
                    </Button>
                    <Button variant="secondary" onClick={() => setConfirmTakeover(null)}>
                      Cancel
                    </Button>
                  </div>
                </div>
              )}
              {!playing && !confirmTakeover && (
                <div className="flex flex-wrap items-center gap-3">
                  <Button size="lg" onClick={() => begin(false)} disabled={start.isPending}>
                    <Play aria-hidden /> {sessionLive ? 'Play here' : 'Start the live session'}
                  </Button>
                  <p className="text-sm text-muted">
                    This device plays the queue on the venue’s speakers; keep this screen open (leaving it stops the
                    music here).
                  </p>
                </div>
              )}
              <StatusBanner state={state} />
              <NowPlaying state={state} receivedAt={view.data!.receivedAt} />
              {state.nowPlaying && (
                <p className="text-sm text-muted" data-testid="host-skip-count">
                  Skip votes: {state.skip.votes} of {state.skip.needed} needed
                </p>
              )}
              {sessionLive && (
                <div className="flex flex-wrap gap-2" role="group" aria-label="Host controls">
                  {playing && (
                    <Button variant="secondary" onClick={() => playerActions.toggle()} disabled={!player.currentSong}>
                      {player.isPlaying ? <Pause aria-hidden /> : <Play aria-hidden />}
                      {player.isPlaying ? 'Pause' : 'Play'}
                    </Button>
                  )}
                  <Button
                    variant="secondary"
                    onClick={() => act('skip')}
                    disabled={!state.nowPlaying || control.isPending}
                  >
                    <SkipForward aria-hidden /> Skip
                  </Button>
                  {state.nowPlaying && (
                    <>
                      <Button
                        variant="secondary"
                        aria-label={`Ban the song ${state.nowPlaying.song.title} (skips it now)`}
                        onClick={() => ban({ songId: state.nowPlaying!.song.id }, state.nowPlaying!.song.title)}
                      >
                        <Ban aria-hidden /> Ban song
                      </Button>
                      <Button
                        variant="secondary"
                        aria-label={`Ban the artist ${state.nowPlaying.song.artist} (skips this song now)`}
                        onClick={() => ban({ artist: state.nowPlaying!.song.artist }, state.nowPlaying!.song.artist)}
                      >
                        <Ban aria-hidden /> Ban artist
                      </Button>
                    </>
                  )}
                  {state.requestsLocked ? (
                    <Button variant="secondary" onClick={() => act('unlock', 'Requests are open again')}>
                      <Unlock aria-hidden /> Unlock requests
                    </Button>
                  ) : (
                    <Button variant="secondary" onClick={() => act('lock', 'Requests paused')}>
                      <Lock aria-hidden /> Lock requests
                    </Button>
                  )}
                  <ConfirmDialog
                    title="End tonight's live session?"
                    description="The queue closes, patrons can no longer request or vote, and the TV says the session has ended. Tonight's history and report stay."
                    confirmLabel="End session"
                    onConfirm={() => {
                      setActive(false);
                      playerActions.pause();
                      act('end', 'The live session has ended');
                    }}
                    trigger={
                      <Button variant="destructive">
                        <Power aria-hidden /> End session
                      </Button>
                    }
                  />
                </div>
              )}
            </CardContent>
          </Card>

          <Panel title={`Up next${state.queueLength ? ` (${state.queueLength})` : ''}`}>
            <QueueList
              entries={state.queue}
              remainingOfCurrent={remainingSeconds(state.nowPlaying, view.data!.receivedAt, now)}
              actions={entryActions}
            />
          </Panel>

          <Panel title="Tonight">
            <ReportPanel venueId={venueId} version={state.version} />
          </Panel>
        </div>

        <div className="space-y-6">
          <Panel title="The TV screen">
            <div className="space-y-3 text-sm">
              <p className="text-muted">
                Open this link on the TV over the bar. It shows the queue and the join code; keep it private.
              </p>
              <CopyLinkField
                url={tvUrl}
                copied="Open it on the TV over the bar."
                label="TV screen link"
                testId="tv-url"
              />
              <div className="flex flex-wrap gap-2">
                <Button asChild size="sm">
                  <a href={host.tvPath} target="_blank" rel="noopener">
                    <Tv aria-hidden /> Open the TV screen <ExternalLink aria-hidden />
                  </a>
                </Button>
                <Button
                  size="sm"
                  variant="outline"
                  disabled={newKey.isPending}
                  onClick={() =>
                    newKey.mutate(undefined, {
                      onSuccess: () => toast({ title: 'New TV link', description: 'The old link stopped working.' }),
                      onError: (err) => notifyError(err, 'No new link'),
                    })
                  }
                >
                  <RefreshCw aria-hidden /> New link
                </Button>
              </div>
            </div>
          </Panel>
          <Panel title="Settings">
            <SettingsPanel venueId={venueId} />
          </Panel>
          <Panel title="Bans">
            <BansPanel venueId={venueId} />
          </Panel>
          {host.isOwner && (
            <Panel title="Co-hosts">
              <CohostsPanel venueId={venueId} />
            </Panel>
          )}
        </div>
      </div>
    </Page>
  );
}
