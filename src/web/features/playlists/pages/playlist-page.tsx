/**
 * A community playlist: header with every badge, Play All / Join / Add Song / Share, and the Songs and Members
 * tabs. It joins the playlist's realtime room, so votes, proposals and approvals by others show without a reload.
 */
import { useMemo, useState } from 'react';
import { Link, useParams } from 'wouter';
import {
  ArrowLeft,
  Calendar,
  ListMusic,
  LogIn,
  LogOut,
  Music,
  Play,
  Plus,
  Share2,
  UserPlus,
  Users,
} from 'lucide-react';
import type { VoteType } from '@shared/constants';
import { playlistPermissions, type PlaylistSong } from '@shared/schemas/playlist';
import { paths } from '../../../app/routes';
import { Page } from '../../../components/layout/page';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Loading } from '../../../components/ui/loading';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { goToLogin, handleUnauthorized, isUnauthorizedError } from '../../../lib/auth-redirect';
import { toast } from '../../../lib/toast';
import { cn } from '../../../lib/utils';
import { useAuth } from '../../auth/api/get-current-user';
import { usePlayerActions } from '../../player/player-context';
import { usePlaylist } from '../api/get-playlist';
import { usePlaylistMembers } from '../api/get-playlist-members';
import { usePlaylistSongs } from '../api/get-playlist-songs';
import { useJoinPlaylist } from '../api/join-playlist';
import { useLeavePlaylist } from '../api/leave-playlist';
import { useLivePlaylist } from '../api/live-playlists';
import { useModeratePlaylistSong } from '../api/moderate-playlist-song';
import { useRemovePlaylistSong } from '../api/remove-playlist-song';
import { useUpdateMember } from '../api/update-member';
import { useVotePlaylistSong } from '../api/vote-playlist-song';
import { AddSongDialog } from '../components/add-song-dialog';
import { DEFAULT_PLAYLIST_DESCRIPTION, formatDate, votesToAdd } from '../components/format';
import { MemberCard } from '../components/member-card';
import { ModeBadge } from '../components/mode-badge';
import { PlaylistSongRow, toPlayable } from '../components/playlist-song-row';
import { SharePlaylistDialog } from '../components/share-playlist-dialog';
import { ExportMenu } from '../../exports/components/export-menu';
import { ReportButton } from '../../safety/components/report-dialog';

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

function loginRequired() {
  toast({ title: 'Login Required', description: 'Please log in to vote on songs.', variant: 'destructive' });
  goToLogin(1000);
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
  const player = usePlayerActions();
  const join = useJoinPlaylist(id);
  const leave = useLeavePlaylist(id);
  const vote = useVotePlaylistSong(id);
  const moderate = useModeratePlaylistSong(id);
  const remove = useRemovePlaylistSong(id);
  const updateMember = useUpdateMember(id);
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
  const canSeeVotes = perms.isMember ? perms.canVote : p.collaborativeMode === 'democratic';
  // A member an admin restricted is told so, rather than left wondering where the buttons went (ADR 013).
  const restricted = perms.isMember
    ? [!perms.canVote && 'vote', !perms.canPropose && 'propose songs'].filter((x): x is string => Boolean(x))
    : [];

  const onJoin = () =>
    join.mutate(undefined, {
      onSuccess: () =>
        toast({
          title: 'Joined Playlist',
          description: `Welcome to "${p.name}"! You can now propose songs and vote.`,
          variant: 'success',
        }),
      onError: (err) => {
        if (handleUnauthorized(err)) return;
        toast({
          title: 'Join Failed',
          description: errorMessage(err, 'Failed to join playlist'),
          variant: 'destructive',
        });
      },
    });

  const onLeave = () =>
    leave.mutate(undefined, {
      onSuccess: () => toast({ title: 'Left Playlist', description: `You are no longer a member of "${p.name}".` }),
      onError: (err) => {
        if (handleUnauthorized(err)) return;
        toast({
          title: 'Leave Failed',
          description: errorMessage(err, 'Failed to leave playlist'),
          variant: 'destructive',
        });
      },
    });

  const onVote = (s: PlaylistSong, voteType: VoteType) => {
    if (!isAuthenticated) return loginRequired();
    vote.mutate(
      { playlistSongId: s.id, voteType },
      {
        onSuccess: (r) =>
          toast({
            title: 'Vote Recorded',
            description:
              r.status === 'approved'
                ? `"${s.title}" reached ${p.voteThreshold} ${p.voteThreshold === 1 ? 'vote' : 'votes'} and was added to the playlist!`
                : r.status === 'rejected'
                  ? `"${s.title}" was voted out.`
                  : r.vote
                    ? `You voted ${r.vote.voteType} on "${s.title}".`
                    : `Your vote on "${s.title}" was removed.`,
            variant: 'success',
          }),
        onError: (err) => {
          if (isUnauthorizedError(err)) return loginRequired();
          toast({ title: 'Vote Failed', description: errorMessage(err, 'Failed to vote'), variant: 'destructive' });
        },
      },
    );
  };

  const onModerate = (s: PlaylistSong, decision: 'approve' | 'reject') =>
    moderate.mutate(
      { playlistSongId: s.id, decision },
      {
        onSuccess: () =>
          toast({
            title: decision === 'approve' ? 'Song Approved' : 'Song Rejected',
            description:
              decision === 'approve' ? `"${s.title}" is now in the playlist.` : `"${s.title}" will not be added.`,
            variant: 'success',
          }),
        onError: (err) => {
          if (handleUnauthorized(err)) return;
          toast({
            title: decision === 'approve' ? 'Approval Failed' : 'Rejection Failed',
            description: errorMessage(err, 'Please try again.'),
            variant: 'destructive',
          });
        },
      },
    );

  const onRemove = (s: PlaylistSong) =>
    remove.mutate(s.id, {
      onSuccess: () => toast({ title: 'Song Removed', description: `"${s.title}" was removed from the playlist.` }),
      onError: (err) => {
        if (handleUnauthorized(err)) return;
        toast({ title: 'Remove Failed', description: errorMessage(err, 'Please try again.'), variant: 'destructive' });
      },
    });

  const busyFor = (s: PlaylistSong) =>
    (vote.isPending && vote.variables?.playlistSongId === s.id) ||
    (moderate.isPending && moderate.variables?.playlistSongId === s.id) ||
    (remove.isPending && remove.variables === s.id);

  const addSongButton = (label: string) =>
    perms.canPropose ? (
      <Button onClick={() => setAdding(true)}>
        <Plus aria-hidden /> {label}
      </Button>
    ) : !isAuthenticated && !authLoading ? (
      <Button asChild variant="secondary">
        <a href="/api/login">
          <LogIn aria-hidden /> Login to Add Songs
        </a>
      </Button>
    ) : null;

  return (
    <Page>
      <BackLink />

      <header
        className={cn(
          'relative mt-4 overflow-hidden rounded-2xl bg-gradient-to-br p-5 text-white shadow-xl sm:p-8',
          p.gradient,
        )}
      >
        <div className="absolute inset-0 bg-black/35" aria-hidden />
        <div className="relative flex flex-col gap-4">
          <div className="flex flex-wrap gap-2">
            <ModeBadge mode={p.collaborativeMode} className="border-white/20 bg-black/30 text-white" />
            <Badge className="border-white/20 bg-black/30 text-white">{votesToAdd(p.voteThreshold)}</Badge>
            <Badge className="border-white/20 bg-black/30 text-white">Max {p.maxSongs} songs</Badge>
            {!p.isPublic ? <Badge className="border-white/20 bg-black/30 text-white">Private</Badge> : null}
          </div>
          <div>
            <h1 className="text-3xl font-extrabold tracking-tight break-words sm:text-4xl">{p.name}</h1>
            <p className="mt-2 max-w-3xl text-white/90">{p.description || DEFAULT_PLAYLIST_DESCRIPTION}</p>
          </div>
          <p className="flex flex-wrap gap-x-5 gap-y-1 text-sm text-white/90">
            <span>Created by {p.creatorName ?? 'Anonymous User'}</span>
            <span className="inline-flex items-center gap-1.5">
              <Users className="size-4" aria-hidden /> {p.memberCount} {p.memberCount === 1 ? 'member' : 'members'}
            </span>
            <span className="inline-flex items-center gap-1.5">
              <Music className="size-4" aria-hidden /> {p.songCount} {p.songCount === 1 ? 'song' : 'songs'}
            </span>
            <span className="inline-flex items-center gap-1.5">
              <Calendar className="size-4" aria-hidden /> Updated {formatDate(p.updatedAt)}
            </span>
          </p>
          <div className="flex flex-wrap gap-2">
            {approved.length > 0 ? (
              <Button
                onClick={() => player.playAll(queue)}
                disabled={queue.length === 0}
                className="bg-none bg-white text-purple-800 shadow-black/20 hover:bg-white/90"
              >
                <Play className="fill-current" aria-hidden /> Play All
              </Button>
            ) : null}
            {authLoading ? null : !isAuthenticated ? (
              <Button asChild variant="outline" className="border-white/30 bg-white/10 text-white hover:bg-white/20">
                <a href="/api/login">
                  <LogIn aria-hidden /> Login to Join
                </a>
              </Button>
            ) : !perms.isMember ? (
              <Button
                onClick={onJoin}
                disabled={join.isPending}
                className="bg-none bg-white text-purple-800 hover:bg-white/90"
              >
                <UserPlus aria-hidden /> {join.isPending ? 'Joining...' : 'Join Playlist'}
              </Button>
            ) : null}
            {addSongButton('Add Song')}
            {approved.length > 0 ? (
              <SharePlaylistDialog
                playlistId={p.id}
                name={p.name}
                tracks={approved}
                trigger={
                  <Button variant="outline" className="border-white/30 bg-white/10 text-white hover:bg-white/20">
                    <Share2 aria-hidden /> Share
                  </Button>
                }
              />
            ) : null}
            {approved.length > 0 ? (
              <ExportMenu
                basePath={`/api/community-playlists/${p.id}/export`}
                title={p.name}
                className="border-white/30 bg-white/10 text-white hover:bg-white/20"
              />
            ) : null}
            {perms.isMember ? (
              <ConfirmDialog
                title="Leave this playlist?"
                description="You will no longer be able to propose songs or vote here. You can join again later."
                confirmLabel="Leave Playlist"
                onConfirm={onLeave}
                trigger={
                  <Button variant="ghost" className="text-white hover:bg-white/15" disabled={leave.isPending}>
                    <LogOut aria-hidden /> Leave
                  </Button>
                }
              />
            ) : null}
            {isAuthenticated && !perms.isAdmin ? (
              <ReportButton
                target={{ type: 'playlist', id: p.id, label: p.name }}
                className="text-white hover:bg-white/15"
                size="md"
              >
                Report playlist
              </ReportButton>
            ) : null}
          </div>
        </div>
      </header>

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
          <TabsTrigger value="songs">Songs ({songs.length})</TabsTrigger>
          <TabsTrigger value="members">Members ({members.length})</TabsTrigger>
        </TabsList>
        <TabsContent value="songs">
          {songsQ.isLoading ? (
            <Loading label="Loading songs..." />
          ) : songs.length === 0 ? (
            <Card className="flex flex-col items-center gap-3 p-10 text-center">
              <Music className="size-12 text-purple-300" aria-hidden />
              <h2 className="text-xl font-semibold">No Songs Yet</h2>
              <p className="max-w-md text-muted">
                {perms.canPropose
                  ? 'Be the first to propose a song for this playlist.'
                  : perms.isMember
                    ? 'Songs proposed by the members will appear here.'
                    : isAuthenticated
                      ? 'Join the playlist to propose the first song.'
                      : 'Log in and join to propose the first song.'}
              </p>
              {perms.canPropose
                ? addSongButton('Add First Song')
                : !isAuthenticated && !authLoading
                  ? addSongButton('Add First Song')
                  : null}
            </Card>
          ) : (
            <ul className="flex flex-col gap-2" aria-label="Playlist songs">
              {songs.map((s) => (
                <PlaylistSongRow
                  key={s.id}
                  song={s}
                  queue={queue}
                  showVotes={canSeeVotes}
                  canModerate={perms.canModerate}
                  busy={busyFor(s)}
                  onVote={(v) => onVote(s, v)}
                  onModerate={(d) => onModerate(s, d)}
                  onRemove={() => onRemove(s)}
                />
              ))}
            </ul>
          )}
        </TabsContent>
        <TabsContent value="members">
          {membersQ.isLoading ? (
            <Loading label="Loading members..." />
          ) : members.length === 0 ? (
            <Card className="flex flex-col items-center gap-3 p-10 text-center">
              <Users className="size-12 text-purple-300" aria-hidden />
              <h2 className="text-xl font-semibold">No Members Yet</h2>
            </Card>
          ) : (
            <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3" aria-label="Playlist members">
              {members.map((m) => (
                <MemberCard
                  key={m.id}
                  member={m}
                  isSelf={m.userId === user?.id}
                  editable={perms.isAdmin}
                  busy={updateMember.isPending && updateMember.variables?.userId === m.userId}
                  onChange={(patch) =>
                    updateMember.mutate(
                      { userId: m.userId, ...patch },
                      {
                        onSuccess: (updated) =>
                          toast({
                            title: 'Member Updated',
                            description: `${updated.userName ?? 'The member'} is now ${updated.role === 'admin' ? 'an admin' : `a ${updated.role}`}.`,
                            variant: 'success',
                          }),
                        onError: (err) => {
                          if (handleUnauthorized(err)) return;
                          toast({
                            title: 'Update Failed',
                            description: errorMessage(err, 'Failed to update member'),
                            variant: 'destructive',
                          });
                        },
                      },
                    )
                  }
                />
              ))}
            </ul>
          )}
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
