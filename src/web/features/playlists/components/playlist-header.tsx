/** A playlist's header: every badge, the name and facts, and Play All / Join / Add Song / Share / Export / Leave / Report. */
import { Calendar, LogIn, Music, Play, Share2, UserPlus, Users } from 'lucide-react';
import type { PlaylistDetail, PlaylistMember, PlaylistPermissions, PlaylistSong } from '@shared/schemas/playlist';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { formatDay } from '../../../lib/format-date';
import { notifyError } from '../../../lib/notify-error';
import { toast } from '../../../lib/toast';
import { cn } from '../../../lib/utils';
import { ExportMenu } from '../../exports';
import { usePlayerActions, type PlayableSong } from '../../player';
import { ReportButton } from '../../safety';
import { useJoinPlaylist } from '../api/join-playlist';
import { AddSongButton } from './add-song-button';
import { DEFAULT_PLAYLIST_DESCRIPTION, votesToAdd } from './format';
import { inviteUrl } from './invite-link';
import { LeavePlaylist } from './leave-playlist';
import { ModeBadge } from './mode-badge';
import { lazyDialog } from '../../../components/ui/lazy-dialog';

const SharePlaylistDialog = lazyDialog(async () => (await import('./share-playlist-dialog')).SharePlaylistDialog);

export function PlaylistHeader({
  playlist: p,
  perms,
  approved,
  queue,
  songCount,
  members,
  currentUserId,
  invite,
  isAuthenticated,
  authLoading,
  onAddSong,
}: {
  playlist: PlaylistDetail;
  /** The songs in the playlist (approved): the same number as the Songs tab. */
  songCount: number;
  members: PlaylistMember[];
  currentUserId: string | undefined;
  /** The invite token of the link the visitor came by, if any: a private playlist is joined with it. */
  invite: string | null;
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
  const join = useJoinPlaylist(p.id, invite);
  const back = `${window.location.pathname}${window.location.search}`;

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
            <Music className="size-4" aria-hidden /> {songCount} {songCount === 1 ? 'song' : 'songs'}
          </span>
          <span className="inline-flex items-center gap-1.5">
            <Calendar className="size-4" aria-hidden /> Updated {formatDay(p.updatedAt)}
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
              <a href={`/login?next=${encodeURIComponent(back)}`}>
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
              url={perms.isMember ? inviteUrl(p) : undefined}
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
          {perms.isMember ? <LeavePlaylist playlist={p} members={members} currentUserId={currentUserId} /> : null}
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
