/**
 * A community playlist: header with every badge, Play All / Join / Add Song / Share, and the Songs and Members
 * tabs. It joins the playlist's realtime room, so votes, proposals and approvals by others show without a reload.
 * The parts live in components/: playlist-header, playlist-songs and playlist-members.
 */
import { lazy, Suspense, useMemo, useState } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { Link, useParams, useSearch } from 'wouter';
import { ArrowLeft, ListMusic } from 'lucide-react';
import { playlistPermissions } from '@shared/schemas/playlist-constants';
import { paths } from '../../../app/routes';
import { Page } from '../../../components/layout/page';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs';
import { ApiError } from '../../../lib/api-client';
import { useAuth } from '../../auth';
import { getPlaylistQueryOptions, usePlaylist } from '../api/get-playlist';
import { getPlaylistMembersQueryOptions, usePlaylistMembers } from '../api/get-playlist-members';
import { getPlaylistSongsQueryOptions, usePlaylistSongs } from '../api/get-playlist-songs';
import { useLivePlaylist, usePlaylistPoll } from '../api/live-playlists';
import { InviteLink } from '../components/invite-link';
import { lazyDialog } from '../../../components/ui/lazy-dialog';
import { PlaylistHeader } from '../components/playlist-header';
import { toPlayable } from '../components/playlist-song-row';
import { PlaylistSongs } from '../components/playlist-songs';
import { StateView } from '../../../components/ui/state-view';
import { usePreload } from '../../../lib/preload';

const AddSongDialog = lazyDialog(async () => (await import('../components/add-song-dialog')).AddSongDialog);
/** The Members tab (member cards, role and permission controls) is not shown first: it loads when the page is idle. */
const loadMembers = () => import('../components/playlist-members');
const PlaylistMembers = lazy(async () => ({ default: (await loadMembers()).PlaylistMembers }));

const BackLink = () => (
  <Link
    href={paths.playlists}
    className="inline-flex items-center gap-1.5 rounded-lg text-sm text-muted hover:text-foreground"
  >
    <ArrowLeft className="size-4" aria-hidden /> Back to Playlists
  </Link>
);

function NotFound() {
  return (
    <Page>
      <Card className="mx-auto mt-10 flex max-w-md flex-col items-center gap-4 p-8 text-center">
        <ListMusic className="size-12 text-purple-300" aria-hidden />
        <h1 className="text-2xl font-semibold">Playlist Not Found</h1>
        <p className="text-muted">This playlist doesn&apos;t exist or is private.</p>
        <Button asChild>
          <Link href={paths.playlists}>
            <ArrowLeft aria-hidden /> Back to Playlists
          </Link>
        </Button>
      </Card>
    </Page>
  );
}

/**
 * The playlist, its songs and its members, fetched before the first render when the app opens on this page (router,
 * ADR 033); an invite link's token goes with them, as with the page's own reads.
 */
export function prefetch(qc: QueryClient, params: { id?: string }) {
  if (!/^\d{1,10}$/.test(params.id ?? '') || Number(params.id) < 1) return Promise.resolve();
  const id = Number(params.id);
  const invite = new URLSearchParams(window.location.search).get('invite');
  return Promise.all([
    qc.prefetchQuery(getPlaylistQueryOptions(id, invite)),
    qc.prefetchQuery(getPlaylistSongsQueryOptions(id, invite)),
    qc.prefetchQuery(getPlaylistMembersQueryOptions(id, invite)),
  ]);
}

export function PlaylistPage() {
  const params = useParams<{ id: string }>();
  const id = Number(params.id);
  const valid = /^\d{1,10}$/.test(params.id ?? '') && id > 0;
  const { user, isAuthenticated, isLoading: authLoading } = useAuth();
  // The invite link of a private playlist carries its token: the page reads and joins with it.
  const invite = new URLSearchParams(useSearch()).get('invite');
  const poll = usePlaylistPoll(valid);
  const playlistQ = usePlaylist(valid ? id : 0, poll, invite);
  // A private playlist's room is for members: it is joined (again) once the viewer is one, e.g. after joining
  // through the invite link, so the new member's page stays live.
  const d = playlistQ.data;
  useLivePlaylist(id, valid && (!d || d.isPublic || Boolean(d.membership)));
  // The songs and members load beside the playlist, not after it (all three take the invite token); they stop
  // asking once the playlist itself is refused, whose one state the page then shows (ADR 030).
  const alongside = valid && !playlistQ.isError;
  const songsQ = usePlaylistSongs(id, alongside, poll, invite);
  const membersQ = usePlaylistMembers(id, alongside, poll, invite);
  const [adding, setAdding] = useState(false);
  usePreload(loadMembers);

  const songs = useMemo(() => songsQ.data ?? [], [songsQ.data]);
  const approved = useMemo(() => songs.filter((s) => s.status === 'approved'), [songs]);
  const queue = useMemo(() => approved.filter((s) => s.youtubeId).map(toPlayable), [approved]);
  const liveSongIds = useMemo(
    () => new Set(songs.filter((s) => s.status !== 'rejected').map((s) => s.songId)),
    [songs],
  );

  if (!valid || (playlistQ.error instanceof ApiError && playlistQ.error.status === 404)) return <NotFound />;
  if (playlistQ.isError) {
    return (
      <Page>
        <BackLink />
        <StateView
          className="mt-6"
          kind="error"
          title="This playlist could not be loaded"
          error={playlistQ.error}
          onRetry={() => void playlistQ.refetch()}
        />
      </Page>
    );
  }
  if (!playlistQ.data)
    return (
      <Page>
        <StateView kind="loading" label="Loading playlist..." />
      </Page>
    );

  const p = playlistQ.data;
  const perms = playlistPermissions(p.membership);
  const members = membersQ.data ?? [];
  // A member an admin restricted is told so, rather than left wondering where the buttons went (ADR 013).
  const restricted = perms.isMember
    ? [!perms.canVote && 'vote', !perms.canPropose && 'propose songs'].filter((x): x is string => Boolean(x))
    : [];
  const openAddSong = () => setAdding(true);
  // One number for the header and the Songs tab: the songs in the playlist, from the list once it has loaded.
  const songCount = songsQ.data ? approved.length : p.songCount;

  return (
    <Page>
      <BackLink />

      <PlaylistHeader
        playlist={p}
        perms={perms}
        approved={approved}
        queue={queue}
        songCount={songCount}
        members={members}
        currentUserId={user?.id}
        invite={invite}
        isAuthenticated={isAuthenticated}
        authLoading={authLoading}
        onAddSong={openAddSong}
      />

      <InviteLink playlist={p} />

      {restricted.length ? (
        <p
          role="status"
          data-testid="member-restricted"
          className="mt-4 rounded-xl border border-amber-300/30 bg-amber-500/10 px-4 py-3 text-sm text-amber-100"
        >
          An admin of this playlist has switched off your permission to {restricted.join(' and to ')}.
        </p>
      ) : null}

      <Tabs defaultValue="songs" className="mt-6">
        <TabsList className="max-w-md">
          {/* The same count as the header: the playlist's songs; proposals are listed apart, under their own count. */}
          <TabsTrigger value="songs">Songs ({songCount})</TabsTrigger>
          <TabsTrigger value="members">Members ({members.length})</TabsTrigger>
        </TabsList>
        <TabsContent value="songs">
          <PlaylistSongs
            playlist={p}
            perms={perms}
            songs={songs}
            isLoading={songsQ.isLoading}
            queue={queue}
            isAuthenticated={isAuthenticated}
            authLoading={authLoading}
            onAddSong={openAddSong}
          />
        </TabsContent>
        <TabsContent value="members">
          <Suspense fallback={<StateView kind="loading" label="Loading members..." />}>
            <PlaylistMembers
              playlistId={p.id}
              members={members}
              isLoading={membersQ.isLoading}
              editable={perms.isAdmin}
              currentUserId={user?.id}
            />
          </Suspense>
        </TabsContent>
      </Tabs>

      {perms.canPropose ? (
        <AddSongDialog
          playlistId={p.id}
          mode={p.collaborativeMode}
          liveSongIds={liveSongIds}
          open={adding}
          onOpenChange={setAdding}
        />
      ) : null}
    </Page>
  );
}
