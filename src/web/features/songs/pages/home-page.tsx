/**
 * Home: the global Top 100 as dense track rows under a compact header, and beside it (on phones: behind a
 * segmented control above the list) trending songs, featured venues and DJ Verse's prompts.
 */
import type { QueryClient } from '@tanstack/react-query';
import { Link } from 'wouter';
import { useDeferredValue, useState } from 'react';
import { ArrowRight, Flame, MapPin, Sparkles, Upload } from 'lucide-react';
import { DEFAULT_MIX_NAME, FEATURED_VENUES_COUNT, TRENDING_COUNT, VENUE_TYPE_LABELS } from '@shared/constants';
import { formatHoursMinutes } from '@shared/duration';
import { Page } from '../../../components/layout/page';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { Loading } from '../../../components/ui/loading';
import { CoverArt } from '../../../components/ui/cover-art';
import { StateView } from '../../../components/ui/state-view';
import { Skeleton } from '../../../components/ui/skeleton';
import { href, paths } from '../../../app/routes';
import { cn } from '../../../lib/utils';
import { getVenuesQueryOptions, useVenues } from '../../venues';
import { getGlobalMixQueryOptions, useGlobalMix } from '../../mix';
import { getTrendingQueryOptions, useTrending } from '../../mix';
import { useLiveVotes } from '../../mix';
import { MixActions } from '../../mix';
import { SongList } from '../../mix';

/** The AI card's example prompts (spec: chill indie, workout, similar to a band). */
export const AI_PROMPTS = [
  'Recommend some chill indie songs',
  'What are good workout songs?',
  'Find songs similar to Radiohead',
] as const;

/** The screen's three reads, fetched before its first render when the app opens on `/` with a session (router). */
export function prefetch(qc: QueryClient) {
  return Promise.all([
    qc.prefetchQuery(getGlobalMixQueryOptions()),
    qc.prefetchQuery(getTrendingQueryOptions(TRENDING_COUNT)),
    qc.prefetchQuery(getVenuesQueryOptions()),
  ]);
}

/** Starts the screen's three reads early (the router, while the auth check of a likely signed-in page runs). */
export function prefetchHomeData(qc: QueryClient) {
  void prefetch(qc);
}

function MixSkeleton() {
  return (
    <div className="flex flex-col gap-1" aria-hidden>
      {Array.from({ length: 8 }, (_, i) => (
        <Skeleton key={i} className="h-14 rounded-lg" />
      ))}
    </div>
  );
}

/** The home screen's sections; on phones one shows at a time, chosen above the list. */
const SECTIONS = [
  { id: 'top', label: 'Top 100' },
  { id: 'trending', label: 'Trending' },
  { id: 'venues', label: 'Venues' },
  { id: 'ai', label: 'DJ Verse' },
] as const;
type Section = (typeof SECTIONS)[number]['id'];

/** A segmented control (phones and tablets only; on desktop every section shows). */
export function SectionSwitch({ value, onChange }: { value: Section; onChange: (s: Section) => void }) {
  return (
    <div
      role="group"
      aria-label="Home sections"
      className="sticky top-16 z-20 -mx-4 flex gap-1.5 overflow-x-auto bg-background/95 px-4 py-2 backdrop-blur lg:hidden"
    >
      {SECTIONS.map((s) => (
        <button
          key={s.id}
          type="button"
          aria-pressed={value === s.id}
          onClick={() => onChange(s.id)}
          className={cn(
            'h-8 shrink-0 rounded-full px-3.5 text-sm font-semibold transition-colors',
            value === s.id ? 'bg-foreground text-background' : 'bg-surface-2 text-foreground hover:bg-surface-3',
          )}
        >
          {s.label}
        </button>
      ))}
    </div>
  );
}

/** The Top 100 with its header, the trending column, venues and DJ Verse; shared by home and the visitor's landing. */
export function HomeMix({ visitor }: { visitor?: boolean }) {
  useLiveVotes();
  const mix = useGlobalMix();
  // A mix that arrives after the screen's first render (a visitor's landing reads it once hydrated; a refetch) draws
  // its rows in a transition, in slices: as TanStack Query's store update it drew them in one task, 30–40 ms after
  // the landing's first paint on this machine, four times that on Lighthouse's phone (ADR 046). A screen that had the
  // mix at its first render (the signed-in home) shows it at once.
  const mixData = useDeferredValue(mix.data);
  const mixPending = !mixData && !mix.isError;
  const trending = useTrending(TRENDING_COUNT);
  const venues = useVenues();
  const [section, setSection] = useState<Section>('top');
  const songs = mixData?.songs ?? [];
  const name = mixData?.mixInfo.name || DEFAULT_MIX_NAME;
  const loading = mixPending || trending.isLoading || venues.isLoading;
  const hiddenOnPhone = (id: Section) => (section === id ? undefined : 'max-lg:hidden');

  return (
    <>
      {loading ? <Loading className="sr-only" /> : null}
      <div className="grid grid-cols-1 gap-x-8 gap-y-4 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <div className="min-w-0">
          <section
            aria-labelledby="mix-title"
            className="flex flex-col gap-3 pb-3 sm:flex-row sm:items-end sm:justify-between sm:pb-5"
          >
            <div className="min-w-0">
              <p className="text-xs font-semibold tracking-wider text-accent-text uppercase">Voted by the crowd</p>
              <h1 id="mix-title" className="mt-1 text-2xl font-bold tracking-tight sm:text-[2rem] sm:leading-tight">
                {mixPending ? DEFAULT_MIX_NAME : name}
              </h1>
              <p className="mt-0.5 text-sm text-muted tabular-nums" data-testid="mix-summary">
                {mixData
                  ? `${mixData.totalSongs} ${mixData.totalSongs === 1 ? 'track' : 'tracks'} • ${formatHoursMinutes(mixData.totalDuration)}`
                  : 'Loading...'}
              </p>
            </div>
            <MixActions songs={songs} title={name} totalDuration={mixData?.totalDuration ?? 0} variant="plain" />
          </section>

          <SectionSwitch value={section} onChange={setSection} />

          <section aria-labelledby="ranking-title" className={cn('mt-1', hiddenOnPhone('top'))}>
            <h2 id="ranking-title" className="sr-only">
              Ranking
            </h2>
            {mixPending ? (
              <MixSkeleton />
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
                title="No songs in the mix yet"
                description="Upload some tracks to get started!"
                action={
                  <Button asChild>
                    <Link href={paths.upload}>
                      <Upload aria-hidden /> Upload Music
                    </Link>
                  </Button>
                }
              />
            ) : (
              <SongList songs={songs} ranked label={name} className="-mx-2" />
            )}
          </section>
        </div>

        <aside className="space-y-4 lg:space-y-6" aria-label="Discover">
          <Card className={cn('max-lg:border-0 max-lg:bg-transparent', hiddenOnPhone('trending'))}>
            <CardHeader className="flex-row items-center justify-between max-lg:px-0">
              <CardTitle className="flex items-center gap-2 text-base">
                <Flame className="size-4 text-accent" aria-hidden /> Trending Uploads
              </CardTitle>
              {visitor ? null : (
                <Link href={paths.upload} className="text-sm font-medium text-accent-text hover:underline">
                  View All
                </Link>
              )}
            </CardHeader>
            <CardContent className="px-3 max-lg:px-0">
              {trending.isLoading ? (
                <div className="space-y-1" aria-hidden>
                  {Array.from({ length: TRENDING_COUNT }, (_, i) => (
                    <Skeleton key={i} className="h-14" />
                  ))}
                </div>
              ) : trending.isError ? (
                <StateView
                  compact
                  kind="error"
                  title="Could not load trending songs"
                  error={trending.error}
                  onRetry={() => void trending.refetch()}
                />
              ) : (trending.data ?? []).length === 0 ? (
                <StateView compact kind="empty" title="Nothing trending yet" />
              ) : (
                <SongList songs={(trending.data ?? []).slice(0, TRENDING_COUNT)} compact label="Trending Uploads" />
              )}
            </CardContent>
          </Card>

          <Card className={cn('max-lg:border-0 max-lg:bg-transparent', hiddenOnPhone('venues'))}>
            <CardHeader className="flex-row items-center justify-between max-lg:px-0">
              <CardTitle className="flex items-center gap-2 text-base">
                <MapPin className="size-4 text-accent" aria-hidden /> Featured Venues
              </CardTitle>
              <Link href={paths.venues} className="text-sm font-medium text-accent-text hover:underline">
                Explore All
              </Link>
            </CardHeader>
            <CardContent className="px-3 max-lg:px-0">
              {venues.isLoading ? (
                <div className="space-y-1" aria-hidden>
                  {Array.from({ length: FEATURED_VENUES_COUNT }, (_, i) => (
                    <Skeleton key={i} className="h-14" />
                  ))}
                </div>
              ) : venues.isError ? (
                <StateView
                  compact
                  kind="error"
                  title="Could not load venues"
                  error={venues.error}
                  onRetry={() => void venues.refetch()}
                />
              ) : (venues.data ?? []).length === 0 ? (
                <StateView compact kind="empty" title="No venues yet" />
              ) : (
                <ul>
                  {(venues.data ?? []).slice(0, FEATURED_VENUES_COUNT).map((v) => (
                    <li key={v.id}>
                      <Link
                        href={href.venueMix(v.id)}
                        className="flex items-center gap-3 rounded-lg p-2 transition-colors hover:bg-white/[0.04]"
                      >
                        <CoverArt
                          seed={{ kind: 'venue', id: v.id, title: v.name, genre: v.type }}
                          className="size-11 shrink-0 overflow-hidden rounded-md"
                        />
                        <span className="min-w-0">
                          <span className="block truncate text-sm font-semibold">{v.name}</span>
                          <span className="block truncate text-xs text-muted">
                            {VENUE_TYPE_LABELS[v.type] ?? v.type} · {v.location}
                          </span>
                        </span>
                      </Link>
                    </li>
                  ))}
                </ul>
              )}
            </CardContent>
          </Card>

          <Card className={cn('max-lg:border-0 max-lg:bg-transparent', hiddenOnPhone('ai'))}>
            <CardHeader className="max-lg:px-0">
              <CardTitle className="flex items-center gap-2 text-base">
                <Sparkles className="size-4 text-accent" aria-hidden /> Ask DJ Verse
              </CardTitle>
              <p className="text-sm text-muted">Songs that fit your mood, from the crowd&apos;s catalogue.</p>
            </CardHeader>
            <CardContent className="max-lg:px-0">
              <ul className="space-y-1.5">
                {AI_PROMPTS.map((prompt) => (
                  <li key={prompt}>
                    <Link
                      href={href.ai(prompt)}
                      className="flex items-center justify-between gap-2 rounded-lg bg-surface-2 px-3 py-2.5 text-sm transition-colors hover:bg-surface-3"
                    >
                      <span>“{prompt}”</span>
                      <ArrowRight className="size-4 shrink-0 text-muted" aria-hidden />
                    </Link>
                  </li>
                ))}
              </ul>
            </CardContent>
          </Card>
        </aside>
      </div>
    </>
  );
}

export function HomePage() {
  return (
    <Page>
      <HomeMix />
    </Page>
  );
}
