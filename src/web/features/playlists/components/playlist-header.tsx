/** A playlist's header: every badge, the name and facts, and Play All / Join / Add Song / Share / Export / Leave / Report. */
import { Calendar, LogIn, LogOut, Music, Play, Share2, UserPlus, Users } from 'lucide-react';
import type { PlaylistDetail, PlaylistPermissions, PlaylistSong } from '@shared/schemas/playlist';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { notifyError } from '../../../lib/notify-error';
import { toast } from '../../../lib/toast';
import { cn } from '../../../lib/utils';
import { ExportMenu } from '../../exports';
import { usePlayerActions, type PlayableSong } from '../../player';
import { ReportButton } from '../../safety';
import { useJoinPlaylist } from '../api/join-playlist';
import { useLeavePlaylist } from '../api/leave-playlist';
import { AddSongButton } from './add-song-button';
import { DEFAULT_PLAYLIST_DESCRIPTION, formatDate, votesToAdd } from './format';
import { ModeBadge } from './mode-badge';
import { lazyDialog } from '../../../components/ui/lazy-dialog';

const SharePlaylistDialog = lazyDialog(async () => (await import('./share-playlist-dialog')).SharePlaylistDialog);

export function PlaylistHeader({
  playlist: p,
  perms,
  approved,
  queue,
  isAuthenticated,
  authLoading,
  onAddSong,
}: {
  playlist: PlaylistDetail;
  perms: PlaylistPermissions;
  /** The approved songs, in order. */
  approved: PlaylistSong[];
  /** The approved songs that have a video id: what Play All plays. */
  queue: PlayableSong[];
  isAuthenticated: boolean;
  authLoading: boolean;
  onAddSong: () => void;
}) {
  const player = usePlayerActions();
  const join = useJoinPlaylist(p.id);
  const leave = useLeavePlaylist(p.id);

  const onJoin = () =>
    join.mutate(undefined, {
      onSuccess: () =>
        toast({
          title: 'Joined Playlist',
          description: `Welcome to "${p.name}"! You can now propose songs and vote.`,
          variant: 'success',
        }),
      onError: (err) => notifyError(err, 'Join Failed', 'Failed to join playlist'),
    });

  const onLeave = () =>
    leave.mutate(undefined, {
      onSuccess: () => toast({ title: 'Left Playlist', description: `You are no longer a member of "${p.name}".` }),
      onError: (err) => notifyError(err, 'Leave Failed', 'Failed to leave playlist'),
    });

  return (
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
          <AddSongButton
            label="Add Song"
            canPropose={perms.canPropose}
            signedOut={!isAuthenticated && !authLoading}
            onAdd={onAddSong}
          />
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
  );
}
