/** Community Playlists: the three stats, the grid of playlists, Create Playlist for signed-in users, and the way to venues. */
import { Link } from 'wouter';
import { ListMusic, MapPinned, Music, Plus, Users } from 'lucide-react';
import type { ReactNode } from 'react';
import { paths } from '../../../app/routes';
import { Page } from '../../../components/layout/page';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Loading } from '../../../components/ui/loading';
import { Skeleton } from '../../../components/ui/skeleton';
import { useAuth } from '../../auth';
import { usePlaylists } from '../api/get-playlists';
import { useLivePlaylists } from '../api/live-playlists';
import { lazyDialog } from '../../../components/ui/lazy-dialog';

const CreatePlaylistDialog = lazyDialog(
  async () => (await import('../components/create-playlist-dialog')).CreatePlaylistDialog,
);
import { PlaylistCard } from '../components/playlist-card';
import { StateView } from '../../../components/ui/state-view';

function Stat({ icon, label, value }: { icon: ReactNode; label: string; value: number }) {
  return (
    <Card className="flex flex-col items-start gap-2 p-3 sm:flex-row sm:items-center sm:gap-4 sm:p-5">
      <span className="flex size-9 shrink-0 sm:size-11 items-center justify-center rounded-xl bg-accent-soft text-accent-text [&_svg]:size-5">
        {icon}
      </span>
      <div>
        <p
          className="text-xl font-bold tabular-nums sm:text-2xl"
          data-testid={`stat-${label.toLowerCase().replace(/\s+/g, '-')}`}
        >
          {value}
        </p>
        <p className="text-xs text-muted sm:text-sm">{label}</p>
      </div>
    </Card>
  );
}

export function PlaylistsPage() {
  const { isAuthenticated } = useAuth();
  const poll = useLivePlaylists();
  const playlists = usePlaylists(poll);
  const list = playlists.data ?? [];
  const createButton = (label: string) => (
    <CreatePlaylistDialog
      trigger={
        <Button>
          <Plus aria-hidden /> {label}
        </Button>
      }
    />
  );

  return (
    <Page>
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-extrabold tracking-tight sm:text-4xl">
            <span className="text-gradient">Community Playlists</span>
          </h1>
          <p className="mt-1 max-w-2xl text-muted">
            Collaborative playlists where members propose songs and the group decides what makes the cut.
          </p>
        </div>
        {isAuthenticated ? createButton('Create Playlist') : null}
      </div>

      <section aria-label="Community stats" className="mt-6 grid grid-cols-3 gap-2 sm:gap-3">
        <Stat icon={<ListMusic />} label="Active Playlists" value={list.length} />
        <Stat icon={<Users />} label="Total Members" value={list.reduce((n, p) => n + p.memberCount, 0)} />
        <Stat icon={<Music />} label="Songs Added" value={list.reduce((n, p) => n + p.songCount, 0)} />
      </section>

      <section aria-label="Playlists" className="mt-8">
        {playlists.isLoading ? (
          <>
            <Loading className="sr-only" label="Loading playlists..." />
            <div className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3" aria-hidden>
              {Array.from({ length: 6 }, (_, i) => (
                <Skeleton key={i} className="h-72" />
              ))}
            </div>
          </>
        ) : playlists.isError ? (
          <StateView
            kind="error"
            title="Playlists could not be loaded"
            error={playlists.error}
            onRetry={() => void playlists.refetch()}
          />
        ) : list.length === 0 ? (
          <Card className="flex flex-col items-center gap-4 p-10 text-center">
            <ListMusic className="size-12 text-purple-300" aria-hidden />
            <h2 className="text-2xl font-semibold">No Community Playlists Yet</h2>
            <p className="max-w-md text-muted">
              Start the first collaborative playlist and invite the community to shape it.
            </p>
            {isAuthenticated ? (
              createButton('Create First Playlist')
            ) : (
              <Button asChild>
                <a href="/api/login">Create First Playlist</a>
              </Button>
            )}
          </Card>
        ) : (
          <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
            {list.map((p) => (
              <li key={p.id} className="flex">
                <PlaylistCard playlist={p} />
              </li>
            ))}
          </ul>
        )}
      </section>

      <Card className="mt-10 flex flex-col items-start gap-3 p-6 sm:flex-row sm:items-center sm:justify-between">
        <div>
          <h2 className="text-lg font-semibold">Looking for venue mixes?</h2>
          <p className="text-sm text-muted">Every venue has its own mix, voted on by the people there.</p>
        </div>
        <Button asChild variant="outline">
          <Link href={paths.venues}>
            <MapPinned aria-hidden /> Browse Venues
          </Link>
        </Button>
      </Card>
    </Page>
  );
}
