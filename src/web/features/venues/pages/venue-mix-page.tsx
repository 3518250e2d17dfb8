/**
 * A venue's mix (/venue/{id}/mix, visitors too): the gradient header, the ranked list voted in this venue's
 * context, stats and quick actions. The owner can edit, deactivate or reactivate the venue and remove songs.
 * A deactivated venue's mix stays playable, but it takes no songs or votes: the page says so and offers neither.
 */
import { lazy, Suspense, useMemo, useState, type RefObject } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { Link, useParams } from 'wouter';
import {
  Bot,
  Clock,
  Crown,
  LogIn,
  MapPin,
  MessageCircle,
  Music,
  Power,
  PowerOff,
  Radio,
  Trash2,
  Upload,
} from 'lucide-react';
import { VENUE_TYPE_LABELS } from '@shared/constants';
import { formatHoursMinutes } from '@shared/duration';
import { Page } from '../../../components/layout/page';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { CoverArt } from '../../../components/ui/cover-art';
import { Loading } from '../../../components/ui/loading';
import { Skeleton } from '../../../components/ui/skeleton';
import { href, paths } from '../../../app/routes';
import { ApiError } from '../../../lib/api-client';
import { StateView } from '../../../components/ui/state-view';
import { notifyError } from '../../../lib/notify-error';
import { toast } from '../../../lib/toast';
import { cn } from '../../../lib/utils';
import { useAuth } from '../../auth';
import { ReportButton } from '../../safety';
import { useLiveVotes } from '../../mix';
import { MixActions } from '../../mix';
import { SongList, type RowMenuAction } from '../../mix';
import { getVenueQueryOptions, useVenue } from '../api/get-venue';
import { getVenueMixQueryOptions, useVenueMix } from '../../mix';
import { useRemoveVenueSong } from '../api/remove-venue-song';

// The owner's tools (edit, deactivate, remove a song) load for the owner only, after the mix: a patron's phone
// never needs them (ADR 031).
const OwnerTools = lazy(async () => ({ default: (await import('../components/owner-tools')).OwnerTools }));
const RemoveFromMix = lazy(async () => ({ default: (await import('../components/owner-tools')).RemoveFromMix }));

function NotFound() {
  return (
    <Page>
      <Card className="mx-auto mt-10 max-w-md p-8 text-center">
        <MapPin className="mx-auto size-10 text-pink-300" aria-hidden />
        <h1 className="mt-4 text-2xl font-semibold">Venue Not Found</h1>
        <p className="mt-2 text-muted">This venue doesn&apos;t exist or has been removed.</p>
        <Button asChild className="mt-6">
          <Link href={paths.venues}>Browse Venues</Link>
        </Button>
      </Card>
    </Page>
  );
}

/** The venue and its mix, fetched before the first render when the app opens on this page (router, ADR 033). */
export function prefetch(qc: QueryClient, params: { id?: string }) {
  if (!/^\d{1,10}$/.test(params.id ?? '')) return Promise.resolve();
  const id = Number(params.id);
  return Promise.all([qc.prefetchQuery(getVenueQueryOptions(id)), qc.prefetchQuery(getVenueMixQueryOptions(id))]);
}

/** What the vote buttons of a deactivated venue's mix say, and the page's notice. */
const CLOSED_VOTES = 'This venue has been deactivated: its mix takes no more votes';

export function VenueMixPage() {
  useLiveVotes();
  const params = useParams<{ id: string }>();
  const id = /^\d{1,10}$/.test(params.id ?? '') ? Number(params.id) : NaN;
  const { user, isAuthenticated } = useAuth();
  const venue = useVenue(id);
  // Both at once: the mix does not wait for the venue (a missing venue's mix is a 404 too, shown as Not Found).
  const mix = useVenueMix(id);
  const remove = useRemoveVenueSong();
  const [removing, setRemoving] = useState<{
    song: { id: number; title: string };
    from: RefObject<HTMLElement | null>;
  } | null>(null);
  const isOwner = Boolean(user && venue.data && user.id === venue.data.ownerId);
  // The owner's entry in every row's menu: one array for all rows (they are memoized). A button of its own on each
  // row took a phone's title room (issue 15).
  const ownerMenu = useMemo<RowMenuAction[] | undefined>(
    () =>
      isOwner
        ? [
            {
              label: 'Remove from the mix',
              icon: <Trash2 aria-hidden />,
              destructive: true,
              onSelect: (song, from) => setRemoving({ song, from }),
            },
          ]
        : undefined,
    [isOwner],
  );

  if (
    !Number.isInteger(id) ||
    (venue.error instanceof ApiError && venue.error.status === 404) ||
    (mix.error instanceof ApiError && mix.error.status === 404)
  )
    return <NotFound />;
  if (venue.isLoading) return <Loading label="Loading venue..." />;
  if (venue.isError || !venue.data)
    return (
      <Page>
        <StateView
          kind="error"
          title="Could not load this venue"
          error={venue.error}
          onRetry={() => void venue.refetch()}
        />
      </Page>
    );

  const v = venue.data;
  const songs = mix.data?.songs ?? [];
  const total = mix.data?.totalDuration ?? 0;
  const count = mix.data?.totalSongs ?? songs.length;
  const typeLabel = VENUE_TYPE_LABELS[v.type] ?? v.type;
  const mixTitle = `${v.name} Mix`;

  return (
    <Page>
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <div className="min-w-0 space-y-6">
          <section aria-labelledby="venue-name" className="flex flex-col gap-4 sm:flex-row sm:items-end">
            <CoverArt
              seed={{ kind: 'venue', id: v.id, title: v.name, genre: v.type }}
              className="size-20 shrink-0 overflow-hidden rounded-card sm:size-36"
            />
            <div className="min-w-0 flex-1">
              <div className="flex flex-wrap items-center gap-1.5">
                <Badge className="whitespace-nowrap">{typeLabel}</Badge>
                {isOwner ? (
                  <Badge variant="warning">
                    <Crown className="size-3" aria-hidden /> Owner
                  </Badge>
                ) : null}
                {!v.isActive ? <Badge variant="danger">Deactivated</Badge> : null}
              </div>
              <h1 id="venue-name" className="mt-1.5 text-2xl font-bold tracking-tight sm:text-[2rem] sm:leading-tight">
                {v.name}
              </h1>
              <p className="mt-0.5 flex items-center gap-1.5 text-sm text-muted">
                <MapPin className="size-4" aria-hidden /> {v.location}
              </p>
              {v.description ? <p className="mt-2 max-w-2xl text-sm text-muted">{v.description}</p> : null}
              <p className="mt-1 text-sm text-muted tabular-nums" data-testid="venue-mix-summary">
                {count} {count === 1 ? 'song' : 'songs'} • {formatHoursMinutes(total)}
              </p>
              <div className="mt-5 flex flex-wrap gap-2">
                <MixActions
                  songs={songs}
                  title={mixTitle}
                  totalDuration={total}
                  venueId={v.id}
                  shuffleLabel="Shuffle"
                />
                {!v.isActive ? null : isAuthenticated ? (
                  <Button asChild variant="outline" className="h-9 px-3.5 sm:h-10 sm:px-4">
                    <Link href={href.upload(v.id)}>
                      <Upload aria-hidden /> Upload Song
                    </Link>
                  </Button>
                ) : (
                  <Button asChild variant="outline" className="h-9 px-3.5 sm:h-10 sm:px-4">
                    <a href="/api/login">
                      <LogIn aria-hidden /> Login to Upload
                    </a>
                  </Button>
                )}
                {v.isActive ? (
                  <Button asChild variant="outline" className="h-9 px-3.5 sm:h-10 sm:px-4">
                    <Link href={href.venueLive(v.id)}>
                      <Radio aria-hidden /> Live
                    </Link>
                  </Button>
                ) : null}
                {v.isActive && isOwner ? (
                  <Button asChild variant="outline" className="h-9 px-3.5 sm:h-10 sm:px-4">
                    <Link href={href.venueLiveHost(v.id)}>
                      <Radio aria-hidden /> Host live
                    </Link>
                  </Button>
                ) : null}
                {isAuthenticated && !isOwner ? (
                  <ReportButton target={{ type: 'venue', id: v.id, label: v.name }} size="md">
                    Report venue
                  </ReportButton>
                ) : null}
              </div>
              {isOwner ? (
                <div className="mt-4 min-h-8">
                  <Suspense fallback={null}>
                    <OwnerTools venue={v} />
                  </Suspense>
                </div>
              ) : null}
            </div>
          </section>

          {!v.isActive ? (
            <Card role="status" data-testid="venue-deactivated" className="border-red-400/40 bg-red-500/10 p-4">
              <p className="flex items-start gap-2 font-semibold text-red-100">
                <PowerOff className="mt-0.5 size-4 shrink-0" aria-hidden /> This venue has been deactivated
              </p>
              <p className="mt-1 text-sm text-red-100/90">
                Its mix can still be played, but it takes no new songs and no votes.
                {isOwner ? ' Reactivate it to open it again.' : ''}
              </p>
            </Card>
          ) : null}

          <section aria-labelledby="venue-mix-heading">
            <h2 id="venue-mix-heading" className="mb-3 text-lg font-semibold">
              The Mix
            </h2>
            {mix.isLoading || venue.isLoading ? (
              <div className="flex flex-col gap-3" aria-hidden>
                {Array.from({ length: 6 }, (_, i) => (
                  <Skeleton key={i} className="h-14" />
                ))}
              </div>
            ) : mix.isError ? (
              <StateView
                kind="error"
                title="Could not load the mix"
                error={mix.error}
                onRetry={() => void mix.refetch()}
              />
            ) : songs.length === 0 ? (
              <StateView
                kind="empty"
                icon={<Music aria-hidden />}
                title="No songs in this venue's mix yet"
                description={isAuthenticated && v.isActive ? 'Upload the first one!' : undefined}
              />
            ) : (
              <SongList
                songs={songs}
                ranked
                venueId={v.id}
                label={mixTitle}
                votingClosed={v.isActive ? undefined : CLOSED_VOTES}
                menuActions={ownerMenu}
              />
            )}
            {isOwner && removing ? (
              <Suspense fallback={null}>
                <RemoveFromMix
                  venue={v}
                  song={removing.song}
                  returnFocusTo={removing.from}
                  onClose={() => setRemoving(null)}
                  onConfirm={() =>
                    remove.mutate(
                      { venueId: v.id, songId: removing.song.id },
                      {
                        onSuccess: () =>
                          toast({ title: 'Song removed', description: `“${removing.song.title}” left the mix.` }),
                        onError: (err) => notifyError(err, 'Error', 'Failed to remove the song. Please try again.'),
                      },
                    )
                  }
                />
              </Suspense>
            ) : null}
          </section>
        </div>

        <aside className="space-y-6" aria-label="About this venue">
          <Card>
            <CardHeader>
              <CardTitle>Venue Stats</CardTitle>
            </CardHeader>
            <CardContent>
              <dl className="grid grid-cols-2 gap-3">
                {[
                  { label: 'Songs', value: String(count), icon: <Music aria-hidden /> },
                  { label: 'Duration', value: formatHoursMinutes(total), icon: <Clock aria-hidden /> },
                  { label: 'Type', value: typeLabel, icon: <MapPin aria-hidden /> },
                  { label: 'Status', value: v.isActive ? 'Active' : 'Deactivated', icon: <Power aria-hidden /> },
                ].map((s) => (
                  <div key={s.label} className="rounded-xl border border-border bg-surface-2/60 p-3">
                    <dt className="flex items-center gap-1.5 text-xs text-muted [&_svg]:size-3.5">
                      {s.icon}
                      {s.label}
                    </dt>
                    <dd className={cn('mt-1 font-semibold', s.label === 'Status' && v.isActive && 'text-green-300')}>
                      {s.value}
                    </dd>
                  </div>
                ))}
              </dl>
            </CardContent>
          </Card>
          <Card>
            <CardHeader>
              <CardTitle>Quick Actions</CardTitle>
            </CardHeader>
            <CardContent className="flex flex-col gap-2">
              <Button asChild variant="secondary" className="justify-start">
                <Link href={paths.venues}>
                  <MapPin aria-hidden /> Browse Venues
                </Link>
              </Button>
              <Button asChild variant="secondary" className="justify-start">
                <Link href={href.venueChat(venue.data.id)}>
                  <MessageCircle aria-hidden /> Chat in {venue.data.name}
                </Link>
              </Button>
              <Button asChild variant="secondary" className="justify-start">
                <Link
                  href={href.ai(
                    `Songs for ${venue.data.name}, a ${VENUE_TYPE_LABELS[venue.data.type] ?? venue.data.type}`,
                  )}
                >
                  <Bot aria-hidden /> Ask DJ Verse for Recommendations
                </Link>
              </Button>
              {isAuthenticated ? (
                <Button asChild variant="secondary" className="justify-start">
                  <Link href={paths.upload}>
                    <Upload aria-hidden /> Upload Music
                  </Link>
                </Button>
              ) : null}
            </CardContent>
          </Card>
        </aside>
      </div>
    </Page>
  );
}
