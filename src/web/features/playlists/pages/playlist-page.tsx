/**
 * A community playlist: header with every badge, Play All / Join / Add Song / Share, and the Songs and Members
 * tabs. It joins the playlist's realtime room, so votes, proposals and approvals by others show without a reload.
 * The parts live in components/: playlist-header, playlist-songs and playlist-members.
 */
import { useMemo, useState } from 'react';
import { Link, useParams } from 'wouter';
import { ArrowLeft, ListMusic } from 'lucide-react';
import { playlistPermissions } from '@shared/schemas/playlist-constants';
import { paths } from '../../../app/routes';
import { Page } from '../../../components/layout/page';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Loading } from '../../../components/ui/loading';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { useAuth } from '../../auth';
import { usePlaylist } from '../api/get-playlist';
import { usePlaylistMembers } from '../api/get-playlist-members';
import { usePlaylistSongs } from '../api/get-playlist-songs';
import { useLivePlaylist } from '../api/live-playlists';
import { lazyDialog } from '../../../components/ui/lazy-dialog';

const AddSongDialog = lazyDialog(async () => (await import('../components/add-song-dialog')).AddSongDialog);
import { PlaylistHeader } from '../components/playlist-header';
import { PlaylistMembers } from '../components/playlist-members';
import { toPlayable } from '../components/playlist-song-row';
import { PlaylistSongs } from '../components/playlist-songs';

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

export function PlaylistPage() {
  const params = useParams<{ id: string }>();
  const id = Number(params.id);
  const valid = /^\d{1,10}$/.test(params.id ?? '') && id > 0;
  const { user, isAuthenticated, isLoading: authLoading } = useAuth();
  const poll = useLivePlaylist(id, valid);
  const playlistQ = usePlaylist(valid ? id : 0, poll);
  const loaded = playlistQ.isSuccess;
  const songsQ = usePlaylistSongs(id, loaded, poll);
  const membersQ = usePlaylistMembers(id, loaded, poll);
  const [adding, setAdding] = useState(false);

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
        <Card role="alert" className="mt-6 p-6 text-red-200">
          Error loading playlist: {errorMessage(playlistQ.error, 'Please try again.')}
        </Card>
      </Page>
    );
  }
  if (!playlistQ.data) return <Loading label="Loading playlist..." />;

  const p = playlistQ.data;
  const perms = playlistPermissions(p.membership);
  const members = membersQ.data ?? [];
  // A member an admin restricted is told so, rather than left wondering where the buttons went (ADR 013).
  const restricted = perms.isMember
    ? [!perms.canVote && 'vote', !perms.canPropose && 'propose songs'].filter((x): x is string => Boolean(x))
    : [];
  const openAddSong = () => setAdding(true);

  return (
    <Page>
      <BackLink />

      <PlaylistHeader
        playlist={p}
        perms={perms}
        approved={approved}
        queue={queue}
        isAuthenticated={isAuthenticated}
        authLoading={authLoading}
        onAddSong={openAddSong}
      />

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
          {/* The same count as the header: the playlist's songs; proposals waiting for votes are listed, not counted. */}
          <TabsTrigger value="songs">Songs ({p.songCount})</TabsTrigger>
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
          <PlaylistMembers
            playlistId={p.id}
            members={members}
            isLoading={membersQ.isLoading}
            editable={perms.isAdmin}
            currentUserId={user?.id}
          />
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
