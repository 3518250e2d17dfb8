/**
 * The patron screen (/venue/{id}/live, phone first): now playing with live progress, vote to skip, reactions,
 * request a song, the queue with votes (own requests highlighted with their waiting time), tonight's history.
 * Anyone may watch; signed-in patrons who joined with the code request and vote.
 */
import { useState } from 'react';
import { Link, useParams } from 'wouter';
import { LogIn, Radio, Tv, Users } from 'lucide-react';
import { LIVE_MESSAGES } from '@shared/schemas/live-constants';
import { Page } from '../../../components/layout/page';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { Loading } from '../../../components/ui/loading';
import { StateView } from '../../../components/ui/state-view';
import { ApiError } from '../../../lib/api-client';
import { notifyError } from '../../../lib/notify-error';
import { cn } from '../../../lib/utils';
import { useAuth } from '../../auth';
import { skipVotedNow, useLiveView, withMine } from '../api/get-live-view';
import { useLiveHistory } from '../api/history';
import { useLiveRoom } from '../api/live-room';
import { useVoteEntry } from '../api/patron';
import { CodeEntry } from '../components/code-entry';
import { HistoryList } from '../components/history-list';
import { NowPlaying } from '../components/now-playing';
import { QueueList } from '../components/queue-list';
import { Reactions } from '../components/reactions';
import { RequestSong } from '../components/request-song';
import { SkipVote } from '../components/skip-vote';
import { StatusBanner } from '../components/status-banner';
import { remainingSeconds } from '../lib/clock';
import { venueIdFrom } from '../lib/params';
import { signInHref } from '../lib/sign-in';
import { useNow } from '../lib/use-now';

export function LivePage() {
  const params = useParams<{ id: string }>();
  const venueId = venueIdFrom(params.id);
  const { isAuthenticated } = useAuth();
  const poll = useLiveRoom(venueId);
  const view = useLiveView(venueId, poll);
  const history = useLiveHistory(venueId, view.data?.state.version);
  const vote = useVoteEntry(venueId);
  const [voting, setVoting] = useState<number | null>(null);
  // Waiting times are in minutes: a tick every 15 s is enough.
  const now = useNow(15_000);

  if (!Number.isInteger(venueId) || (view.error instanceof ApiError && view.error.status === 404))
    return (
      <Page>
        <Card className="mx-auto mt-10 max-w-md p-8 text-center">
          <h1 className="text-2xl font-semibold">Venue not found</h1>
          <p className="mt-2 text-muted">This venue doesn&apos;t exist or has been removed.</p>
        </Card>
      </Page>
    );
  if (view.isLoading) return <Loading label="Loading the live queue..." />;
  if (!view.data)
    return (
      <Page className="max-w-2xl px-3">
        <StateView
          kind="error"
          title="The live queue could not be loaded"
          error={view.error}
          onRetry={() => void view.refetch()}
        />
      </Page>
    );

  const { state, me, receivedAt } = view.data;
  const live = state.status !== 'ended';
  const present = Boolean(me?.present);
  const disabledReason = !isAuthenticated
    ? 'Sign in and join with the code on the venue’s screen to request and vote.'
    : !live
      ? LIVE_MESSAGES.notLive
      : !present
        ? LIVE_MESSAGES.notPresent
        : null;
  const requestReason = disabledReason ?? (state.requestsLocked ? LIVE_MESSAGES.locked : null);
  const np = state.nowPlaying;
  const remaining = remainingSeconds(np, receivedAt, now);
  const queue = state.queue.map((e) => withMine(e, me));
  const mineWaiting = queue.filter((e) => e.mine).length;

  return (
    <Page className="max-w-2xl space-y-4 px-3">
      <header
        className={cn(
          'relative overflow-hidden rounded-3xl bg-gradient-to-br p-5 shadow-xl shadow-black/30',
          state.gradient,
        )}
      >
        <div aria-hidden className="pointer-events-none absolute inset-0 bg-black/45" />
        <div className="relative flex flex-wrap items-center gap-2 text-white">
          <Badge variant={state.status === 'live' ? 'hot' : 'secondary'} className="uppercase">
            <Radio aria-hidden className="size-3" /> {state.status === 'live' ? 'Live' : state.status}
          </Badge>
          <span className="inline-flex items-center gap-1 text-sm">
            <Users aria-hidden className="size-4" /> {state.presentCount} here
          </span>
        </div>
        <h1 className="relative mt-2 text-2xl font-bold text-white">{state.venueName}</h1>
        <p className="relative text-sm text-white/90">
          {present ? 'You’re in: request songs and vote for what plays next.' : 'Live queue'}
        </p>
        <Link
          href={`/venue/${venueId}/tv`}
          className="relative mt-2 inline-flex items-center gap-1 text-sm text-white underline underline-offset-2"
        >
          <Tv aria-hidden className="size-4" /> Big-screen view
        </Link>
        {me?.isHost && (
          <Link
            href={`/venue/${venueId}/live/host`}
            className="relative mt-2 ml-4 inline-flex items-center gap-1 text-sm text-white underline underline-offset-2"
          >
            <Radio aria-hidden className="size-4" /> Host live
          </Link>
        )}
      </header>

      <StatusBanner state={state} />

      {live && !present && (
        <Card>
          <CardHeader>
            <CardTitle>Join the queue</CardTitle>
          </CardHeader>
          <CardContent className="space-y-3">
            {isAuthenticated ? (
              <CodeEntry />
            ) : (
              <>
                <p className="text-sm text-muted">
                  You’re watching. Sign in, then scan the QR code or type the code on the venue’s screen to request
                  songs and vote.
                </p>
                <Button asChild size="lg">
                  <Link href={signInHref(`/venue/${venueId}/live`)}>
                    <LogIn aria-hidden /> Sign in to join
                  </Link>
                </Button>
              </>
            )}
          </CardContent>
        </Card>
      )}

      <Card>
        <CardHeader>
          <CardTitle>Now playing</CardTitle>
        </CardHeader>
        <CardContent className="space-y-4">
          <NowPlaying state={state} receivedAt={receivedAt} />
          {np && <SkipVote state={state} voted={skipVotedNow(view.data)} disabledReason={disabledReason} />}
          {present && live && <Reactions venueId={venueId} disabled={false} />}
        </CardContent>
      </Card>

      {live && (
        <Card>
          <CardHeader>
            <CardTitle>Request a song</CardTitle>
            {present && (
              <p className="text-sm text-muted">
                You have {me?.waiting ?? mineWaiting} {(me?.waiting ?? mineWaiting) === 1 ? 'song' : 'songs'} waiting
                (up to {state.rules.requestCap} at a time).
              </p>
            )}
          </CardHeader>
          <CardContent>
            <RequestSong venueId={venueId} allowLinks={state.rules.allowYoutubeLinks} disabledReason={requestReason} />
          </CardContent>
        </Card>
      )}

      <Card>
        <CardHeader>
          <CardTitle>Up next{state.queueLength > 0 ? ` (${state.queueLength})` : ''}</CardTitle>
        </CardHeader>
        <CardContent>
          <QueueList
            entries={queue}
            remainingOfCurrent={remaining}
            canVote={!disabledReason}
            voteClosedReason={disabledReason ?? undefined}
            pendingEntryId={voting}
            onVote={(entry, value) => {
              setVoting(entry.id);
              vote.mutate(
                { entryId: entry.id, value },
                {
                  onError: (err) => notifyError(err, 'Vote not counted'),
                  onSettled: () => setVoting(null),
                },
              );
            }}
          />
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>Tonight</CardTitle>
        </CardHeader>
        <CardContent>
          {history.data ? (
            <HistoryList rows={history.data} />
          ) : history.isError ? (
            <StateView
              kind="error"
              compact
              title="Tonight’s songs could not be loaded"
              error={history.error}
              onRetry={() => void history.refetch()}
            />
          ) : (
            <Loading label="Loading tonight's songs..." />
          )}
        </CardContent>
      </Card>
    </Page>
  );
}
