/** The Songs tab of a playlist: every proposed song with its votes and moderation, or the empty state. */
import { Music } from 'lucide-react';
import type { VoteType } from '@shared/constants';
import type { PlaylistDetail, PlaylistPermissions, PlaylistSong } from '@shared/schemas/playlist';
import { Card } from '../../../components/ui/card';
import { goToLogin, isUnauthorizedError } from '../../../lib/auth-redirect';
import { notifyError } from '../../../lib/notify-error';
import { toast } from '../../../lib/toast';
import type { PlayableSong } from '../../player';
import { useModeratePlaylistSong } from '../api/moderate-playlist-song';
import { useRemovePlaylistSong } from '../api/remove-playlist-song';
import { useVotePlaylistSong } from '../api/vote-playlist-song';
import { AddSongButton } from './add-song-button';
import { votesToAdd } from './format';
import { PlaylistSongRow } from './playlist-song-row';
import { StateView } from '../../../components/ui/state-view';

function loginRequired() {
  toast({ title: 'Login Required', description: 'Please log in to vote on songs.', variant: 'destructive' });
  goToLogin(1000);
}

export function PlaylistSongs({
  playlist: p,
  perms,
  songs,
  isLoading,
  queue,
  isAuthenticated,
  authLoading,
  onAddSong,
}: {
  playlist: PlaylistDetail;
  perms: PlaylistPermissions;
  songs: PlaylistSong[];
  isLoading: boolean;
  /** The approved songs that have a video id: the list the player gets. */
  queue: PlayableSong[];
  isAuthenticated: boolean;
  authLoading: boolean;
  onAddSong: () => void;
}) {
  const vote = useVotePlaylistSong(p.id);
  const moderate = useModeratePlaylistSong(p.id);
  const remove = useRemovePlaylistSong(p.id);
  const canSeeVotes = perms.isMember ? perms.canVote : p.collaborativeMode === 'democratic';
  const signedOut = !isAuthenticated && !authLoading;

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
          // This mutation handles its 401 itself (meta.handlesUnauthorized): the voter is asked to log in.
          if (isUnauthorizedError(err)) return loginRequired();
          notifyError(err, 'Vote Failed', 'Failed to vote');
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
        onError: (err) => notifyError(err, decision === 'approve' ? 'Approval Failed' : 'Rejection Failed'),
      },
    );

  const onRemove = (s: PlaylistSong) =>
    remove.mutate(s.id, {
      onSuccess: () => toast({ title: 'Song Removed', description: `"${s.title}" was removed from the playlist.` }),
      onError: (err) => notifyError(err, 'Remove Failed'),
    });

  const busyFor = (s: PlaylistSong) =>
    (vote.isPending && vote.variables?.playlistSongId === s.id) ||
    (moderate.isPending && moderate.variables?.playlistSongId === s.id) ||
    (remove.isPending && remove.variables === s.id);

  if (isLoading) return <StateView kind="loading" label="Loading songs..." />;
  if (songs.length === 0)
    return (
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
        <AddSongButton label="Add First Song" canPropose={perms.canPropose} signedOut={signedOut} onAdd={onAddSong} />
      </Card>
    );
  const row = (s: PlaylistSong, rank?: number) => (
    <PlaylistSongRow
      key={s.id}
      song={s}
      rank={rank}
      queue={queue}
      showVotes={canSeeVotes}
      canModerate={perms.canModerate}
      busy={busyFor(s)}
      onVote={(v) => onVote(s, v)}
      onModerate={(d) => onModerate(s, d)}
      onRemove={() => onRemove(s)}
    />
  );
  // The songs in the playlist come first, numbered: their count is the header's and the tab's. Proposals
  // waiting for votes and the ones voted out follow, each under its own heading and count.
  const approved = songs.filter((s) => s.status === 'approved');
  const pending = songs.filter((s) => s.status === 'pending');
  const rejected = songs.filter((s) => s.status === 'rejected');
  const section = (title: string, list: PlaylistSong[], ranked: boolean, hint?: string) => {
    if (list.length === 0) return null;
    const Tag = ranked ? 'ol' : 'ul';
    return (
      <section className="flex flex-col gap-1" aria-label={title}>
        <h2 className="px-2 text-xs font-semibold tracking-wide text-muted uppercase">
          {title} · {list.length}
        </h2>
        {hint ? <p className="px-2 text-xs text-muted">{hint}</p> : null}
        <Tag className="flex flex-col" aria-label={title}>
          {list.map((s, i) => row(s, ranked ? i + 1 : undefined))}
        </Tag>
      </section>
    );
  };
  return (
    <div className="flex flex-col gap-5">
      {approved.length === 0 ? (
        <p className="px-2 text-sm text-muted">No songs in the playlist yet.</p>
      ) : (
        section('In the playlist', approved, true)
      )}
      {section(
        'Waiting for votes',
        pending,
        false,
        p.collaborativeMode === 'democratic'
          ? `A proposal is added at ${votesToAdd(p.voteThreshold).replace(' to add', '')} and voted out at −${p.voteThreshold}.`
          : p.collaborativeMode === 'moderated'
            ? 'A moderator approves or rejects each proposal.'
            : undefined,
      )}
      {section('Voted out', rejected, false)}
    </div>
  );
}
