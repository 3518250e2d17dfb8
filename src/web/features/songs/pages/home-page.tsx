/** Home: the global Top 100 with its header card, and a side column of trending songs, venues, actions and AI. */
import type { QueryClient } from '@tanstack/react-query';
import { Link } from 'wouter';
import { ArrowRight, Flame, MapPin, Sparkles, Upload } from 'lucide-react';
import { DEFAULT_MIX_NAME, FEATURED_VENUES_COUNT, TRENDING_COUNT, VENUE_TYPE_LABELS } from '@shared/constants';
import { formatHoursMinutes } from '@shared/duration';
import { Page } from '../../../components/layout/page';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { Loading } from '../../../components/ui/loading';
import { Skeleton } from '../../../components/ui/skeleton';
import { href, paths } from '../../../app/routes';
import { errorMessage } from '../../../lib/api-client';
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

/** Starts the screen's three reads early (the router, while the auth check of a likely signed-in page runs). */
export function prefetchHomeData(qc: QueryClient) {
  void qc.prefetchQuery(getGlobalMixQueryOptions());
  void qc.prefetchQuery(getTrendingQueryOptions(TRENDING_COUNT));
  void qc.prefetchQuery(getVenuesQueryOptions());
}

function MixSkeleton() {
  return (
    <div className="flex flex-col gap-3" aria-hidden>
      {Array.from({ length: 5 }, (_, i) => (
        <Skeleton key={i} className="h-24" />
      ))}
    </div>
  );
}

export function HomePage() {
  useLiveVotes();
  const mix = useGlobalMix();
  const trending = useTrending(TRENDING_COUNT);
  const venues = useVenues();
  const songs = mix.data?.songs ?? [];
  const name = mix.data?.mixInfo.name || DEFAULT_MIX_NAME;
  const loading = mix.isLoading || trending.isLoading || venues.isLoading;

  return (
    <Page>
      {loading ? <Loading className="sr-only" /> : null}
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <div className="min-w-0 space-y-6">
          <section
            aria-labelledby="mix-title"
            className="relative overflow-hidden rounded-3xl bg-gradient-to-br from-purple-600 via-fuchsia-600 to-pink-600 p-6 shadow-2xl shadow-purple-950/40 sm:p-8"
          >
            <div
              aria-hidden
              className="pointer-events-none absolute -top-24 -right-16 size-72 rounded-full bg-white/10 blur-2xl"
            />
            <p className="text-xs font-semibold tracking-widest text-white/80 uppercase">Voted by the crowd</p>
            <h1 id="mix-title" className="mt-2 text-3xl font-extrabold tracking-tight text-white sm:text-4xl">
              {mix.isLoading ? DEFAULT_MIX_NAME : name}
            </h1>
            <p className="mt-2 text-white/90" data-testid="mix-summary">
              {mix.data
                ? `${mix.data.totalSongs} ${mix.data.totalSongs === 1 ? 'track' : 'tracks'} • ${formatHoursMinutes(mix.data.totalDuration)}`
                : 'Loading...'}
            </p>
            <div className="mt-5">
              <MixActions songs={songs} title={name} totalDuration={mix.data?.totalDuration ?? 0} />
            </div>
          </section>

          <section aria-labelledby="ranking-title">
            <h2 id="ranking-title" className="sr-only">
              Ranking
            </h2>
            {mix.isLoading ? (
              <MixSkeleton />
            ) : mix.isError ? (
              <Card className="p-6 text-center">
                <p className="text-red-300">Could not load the mix: {errorMessage(mix.error, 'please try again.')}</p>
                <Button variant="secondary" className="mt-4" onClick={() => void mix.refetch()}>
                  Try again
                </Button>
              </Card>
            ) : songs.length === 0 ? (
              <Card className="p-10 text-center">
                <p className="text-muted">No songs in the mix yet. Upload some tracks to get started!</p>
                <Button asChild className="mt-5">
                  <Link href={paths.upload}>
                    <Upload aria-hidden /> Upload Music
                  </Link>
                </Button>
              </Card>
            ) : (
              <SongList songs={songs} ranked label={name} />
            )}
          </section>
        </div>

        <aside className="space-y-6" aria-label="Discover">
          <Card>
            <CardHeader className="flex-row items-center justify-between">
              <CardTitle className="flex items-center gap-2">
                <Flame className="size-5 text-orange-400" aria-hidden /> Trending Uploads
              </CardTitle>
              <Link href={paths.upload} className="text-sm font-medium text-pink-300 hover:text-pink-200">
                View All
              </Link>
            </CardHeader>
            <CardContent>
              {trending.isLoading ? (
                <div className="space-y-2" aria-hidden>
                  {Array.from({ length: TRENDING_COUNT }, (_, i) => (
                    <Skeleton key={i} className="h-16" />
                  ))}
                </div>
              ) : trending.isError ? (
                <p className="text-sm text-red-300">Could not load trending songs.</p>
              ) : (trending.data ?? []).length === 0 ? (
                <p className="text-sm text-muted">Nothing trending yet.</p>
              ) : (
                <SongList
                  songs={(trending.data ?? []).slice(0, TRENDING_COUNT)}
                  compact
                  label="Trending Uploads"
                  className="gap-2"
                />
              )}
            </CardContent>
          </Card>

          <Card>
            <CardHeader className="flex-row items-center justify-between">
              <CardTitle className="flex items-center gap-2">
                <MapPin className="size-5 text-pink-300" aria-hidden /> Featured Venues
              </CardTitle>
              <Link href={paths.venues} className="text-sm font-medium text-pink-300 hover:text-pink-200">
                Explore All
              </Link>
            </CardHeader>
            <CardContent>
              {venues.isLoading ? (
                <div className="space-y-2" aria-hidden>
                  {Array.from({ length: FEATURED_VENUES_COUNT }, (_, i) => (
                    <Skeleton key={i} className="h-16" />
                  ))}
                </div>
              ) : venues.isError ? (
                <p className="text-sm text-red-300">Error loading venues: {venues.error.message}</p>
              ) : (venues.data ?? []).length === 0 ? (
                <p className="text-sm text-muted">No venues yet.</p>
              ) : (
                <ul className="space-y-2">
                  {(venues.data ?? []).slice(0, FEATURED_VENUES_COUNT).map((v) => (
                    <li key={v.id}>
                      <Link
                        href={href.venueMix(v.id)}
                        className="flex items-center gap-3 rounded-xl p-2 transition-colors hover:bg-white/5"
                      >
                        <span
                          aria-hidden
                          className={cn('size-12 shrink-0 rounded-xl bg-gradient-to-br shadow-md', v.gradient)}
                        />
                        <span className="min-w-0">
                          <span className="block truncate font-medium">{v.name}</span>
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

          <Card>
            <CardHeader>
              <CardTitle>Quick Actions</CardTitle>
            </CardHeader>
            <CardContent>
              <Button asChild className="w-full">
                <Link href={paths.upload}>
                  <Upload aria-hidden /> Upload Music
                </Link>
              </Button>
            </CardContent>
          </Card>

          <Card className="border-purple-400/30 bg-gradient-to-br from-purple-900/50 to-pink-900/30">
            <CardHeader>
              <CardTitle className="flex items-center gap-2">
                <Sparkles className="size-5 text-purple-300" aria-hidden /> AI Recommendations
              </CardTitle>
              <p className="text-sm text-muted">Ask DJ Verse for songs that fit your mood.</p>
            </CardHeader>
            <CardContent>
              <ul className="space-y-2">
                {AI_PROMPTS.map((prompt) => (
                  <li key={prompt}>
                    <Link
                      href={href.ai(prompt)}
                      className="flex items-center justify-between gap-2 rounded-xl border border-white/10 bg-white/5 px-3 py-2 text-sm transition-colors hover:border-purple-300/40 hover:bg-white/10"
                    >
                      <span>“{prompt}”</span>
                      <ArrowRight className="size-4 shrink-0 text-purple-300" aria-hidden />
                    </Link>
                  </li>
                ))}
              </ul>
            </CardContent>
          </Card>
        </aside>
      </div>
    </Page>
  );
}
