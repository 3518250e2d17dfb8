/** Profile (/profile, spec section 2) with real figures: uploads, venues, votes, level progress and achievements. */
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { Award, Crown, MapPin, Music, Settings, ThumbsUp, Upload } from 'lucide-react';
import { VENUE_TYPE_LABELS, type VenueType } from '@shared/constants';
import type { UserStats } from '@shared/schemas/user';
import { href, paths } from '../../../app/routes';
import { RequireAuth } from '../../../app/auth-required';
import { Page } from '../../../components/layout/page';
import { Avatar } from '../../../components/ui/avatar';
import { Artwork } from '../../../components/ui/cover-art';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { Skeleton } from '../../../components/ui/skeleton';
import { Progress } from '../../../components/ui/progress';
import { cn } from '../../../lib/utils';
import { useAuth } from '../../auth';
import { useMyStats } from '../api/get-my-stats';
import { StateView } from '../../../components/ui/state-view';

export function ProfilePage() {
  return (
    <Page>
      <RequireAuth message="Please sign in to see your profile.">
        <Profile />
      </RequireAuth>
    </Page>
  );
}

function Profile() {
  const { user } = useAuth();
  const stats = useMyStats();
  if (!user) return null;
  const name = [user.firstName, user.lastName].filter(Boolean).join(' ') || 'User';
  return (
    <div className="space-y-6">
      <Card className="overflow-hidden">
        <div className="h-24 bg-gradient-to-r from-purple-600 via-fuchsia-600 to-pink-500 sm:h-28" aria-hidden />
        <CardContent className="-mt-12 flex flex-col items-center gap-4 text-center sm:flex-row sm:items-end sm:text-left">
          <Avatar
            personId={user.id}
            src={user.profileImageUrl}
            first={user.firstName}
            last={user.lastName}
            label={name}
            className="size-24 border-4 border-surface text-2xl [&_span]:text-2xl"
          />
          <div className="min-w-0 flex-1 pb-1">
            <h1 className="truncate font-display text-2xl font-bold sm:text-3xl">{name}</h1>
            {user.email ? <p className="truncate text-muted">{user.email}</p> : null}
          </div>
          <Badge className="mb-1 px-3 py-1 text-sm">
            <Music className="size-3.5" aria-hidden /> Music Enthusiast
          </Badge>
        </CardContent>
      </Card>

      {stats.isError ? (
        <StateView
          compact
          kind="error"
          title="Your activity could not be loaded"
          error={stats.error}
          onRetry={() => void stats.refetch()}
        />
      ) : null}

      <div className="grid gap-4 sm:grid-cols-3">
        <Stat icon={<Upload aria-hidden />} label="Total Uploads" value={stats.data?.totalUploads} />
        <Stat icon={<MapPin aria-hidden />} label="Venues Created" value={stats.data?.venuesCreated} />
        <Stat icon={<ThumbsUp aria-hidden />} label="Total Votes" value={stats.data?.totalVotes} />
      </div>

      <Card>
        <CardHeader>
          <CardTitle>Level Progress to Music Expert</CardTitle>
        </CardHeader>
        <CardContent>{stats.data ? <LevelProgress stats={stats.data} /> : <Skeleton className="h-10" />}</CardContent>
      </Card>

      <div className="grid gap-6 lg:grid-cols-3">
        <div className="space-y-6 lg:col-span-2">
          <MyUploads stats={stats.data} />
          <MyVenues stats={stats.data} />
        </div>
        <Achievements stats={stats.data} />
      </div>
    </div>
  );
}

function Stat({ icon, label, value }: { icon: ReactNode; label: string; value: number | undefined }) {
  return (
    <Card className="flex items-center gap-4 p-5">
      <span className="flex size-11 items-center justify-center rounded-xl bg-accent-soft text-accent-text [&_svg]:size-5">
        {icon}
      </span>
      <div>
        <p className="text-sm text-muted">{label}</p>
        <p className="text-2xl font-bold tabular-nums">{value ?? '…'}</p>
      </div>
    </Card>
  );
}

function LevelProgress({ stats }: { stats: UserStats }) {
  const done = stats.points >= stats.expertPoints;
  return (
    <div>
      <div className="mb-2 flex items-baseline justify-between text-sm">
        <span className="text-muted">
          {done ? 'You are a Music Expert!' : `${stats.expertPoints - stats.points} points to go`}
        </span>
        <span className="font-semibold tabular-nums">{stats.levelProgress}%</span>
      </div>
      <Progress value={stats.levelProgress} label="Level progress to Music Expert" className="h-3" />
      <p className="mt-2 text-xs text-muted">
        {stats.points} / {stats.expertPoints} points · 10 per upload, 25 per venue, 2 per vote
      </p>
    </div>
  );
}

function MyUploads({ stats }: { stats: UserStats | undefined }) {
  return (
    <Card>
      <CardHeader className="flex-row items-center justify-between">
        <CardTitle>My Uploads</CardTitle>
        <Button asChild variant="secondary" size="sm">
          <Link href={paths.upload}>
            <Upload aria-hidden /> Upload
          </Link>
        </Button>
      </CardHeader>
      <CardContent>
        {!stats ? (
          <Skeleton className="h-24" />
        ) : stats.uploads.length === 0 ? (
          <p className="py-6 text-center text-sm text-muted">You have not uploaded any songs yet.</p>
        ) : (
          <ul className="divide-y divide-border/60">
            {stats.uploads.map((s) => (
              <li key={s.id} className="flex items-center gap-3 py-2.5">
                <Artwork
                  src={s.thumbnailUrl}
                  seed={{ kind: 'song', id: s.id, title: s.title, genre: s.genre }}
                  className="size-10 rounded-md"
                />
                <span className="min-w-0 flex-1">
                  <span className="block truncate text-sm font-medium">{s.title}</span>
                  <span className="block truncate text-xs text-muted">{s.artist}</span>
                </span>
                {s.genre ? <Badge variant="secondary">{s.genre}</Badge> : null}
              </li>
            ))}
          </ul>
        )}
        {stats && stats.totalUploads > stats.uploads.length ? (
          <p className="mt-2 text-xs text-muted">
            Showing your latest {stats.uploads.length} of {stats.totalUploads} uploads.
          </p>
        ) : null}
      </CardContent>
    </Card>
  );
}

function MyVenues({ stats }: { stats: UserStats | undefined }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>My Venues</CardTitle>
      </CardHeader>
      <CardContent>
        {!stats ? (
          <Skeleton className="h-24" />
        ) : stats.venues.length === 0 ? (
          <p className="py-6 text-center text-sm text-muted">
            You have not created a venue yet.{' '}
            <Link href={paths.venues} className="text-accent-text underline underline-offset-2">
              Create one
            </Link>
          </p>
        ) : (
          <ul className="space-y-3">
            {stats.venues.map((v) => (
              <li key={v.id} className="flex flex-wrap items-center gap-3 rounded-xl border border-border/60 p-3">
                <span
                  aria-hidden
                  className={cn(
                    'flex size-10 shrink-0 items-center justify-center rounded-lg bg-gradient-to-br',
                    v.gradient,
                  )}
                >
                  <Music className="size-4 text-white" />
                </span>
                <span className="min-w-0 flex-1">
                  <span className="block truncate font-medium">{v.name}</span>
                  <span className="block truncate text-xs text-muted">
                    {VENUE_TYPE_LABELS[v.type as VenueType] ?? v.type} · {v.location} · {v.songCount}{' '}
                    {v.songCount === 1 ? 'song' : 'songs'} in mix
                  </span>
                </span>
                <Badge variant={v.isActive ? 'success' : 'secondary'}>{v.isActive ? 'Active' : 'Deactivated'}</Badge>
                <Button asChild variant="secondary" size="sm">
                  <Link href={href.venueMix(v.id)} aria-label={`Manage ${v.name}`}>
                    <Settings aria-hidden /> Manage
                  </Link>
                </Button>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

const ACHIEVEMENT_ICONS = { 'first-upload': Upload, 'top-voter': ThumbsUp, 'venue-owner': Crown } as const;

function Achievements({ stats }: { stats: UserStats | undefined }) {
  return (
    <Card className="h-fit">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Award className="size-5 text-yellow-300" aria-hidden /> Achievements
        </CardTitle>
      </CardHeader>
      <CardContent>
        {!stats ? (
          <Skeleton className="h-40" />
        ) : (
          <ul className="space-y-3">
            {stats.achievements.map((a) => {
              const Icon = ACHIEVEMENT_ICONS[a.id];
              return (
                <li
                  key={a.id}
                  className={cn(
                    'flex items-center gap-3 rounded-xl border p-3',
                    a.unlocked ? 'border-yellow-400/40 bg-yellow-500/10' : 'border-border/60 opacity-80 grayscale',
                  )}
                  data-unlocked={a.unlocked}
                >
                  <span
                    className={cn(
                      'flex size-10 shrink-0 items-center justify-center rounded-full',
                      a.unlocked
                        ? 'bg-gradient-to-br from-yellow-400 to-orange-500 text-white'
                        : 'bg-surface-2 text-muted',
                    )}
                  >
                    <Icon className="size-4" aria-hidden />
                  </span>
                  <span className="min-w-0">
                    <span className="block font-medium">{a.title}</span>
                    <span className="block text-xs text-muted">{a.description}</span>
                  </span>
                  <span className="sr-only">{a.unlocked ? '(unlocked)' : '(locked)'}</span>
                </li>
              );
            })}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
