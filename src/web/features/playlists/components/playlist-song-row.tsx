/** One song of a playlist: play, title and status, artist and proposer, length and date, votes or net score, moderation. */
import { Check, ChevronDown, ChevronUp, Pause, Play, Trash2, X } from 'lucide-react';
import type { VoteType } from '@shared/constants';
import type { PlaylistSong } from '@shared/schemas/playlist';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { cn } from '../../../lib/utils';
import { dispatchMusicPlayerUpdate, useIsCurrentSong, type PlayableSong } from '../../player';
import { formatDate, formatSongLength } from './format';

const STATUS = {
  approved: { label: 'Approved', variant: 'success' },
  pending: { label: 'Pending', variant: 'warning' },
  rejected: { label: 'Rejected', variant: 'danger' },
} as const;

/** The player's view of a playlist song (its catalogue song id, not the playlist entry id). */
export const toPlayable = (s: PlaylistSong): PlayableSong => ({
  id: s.songId,
  title: s.title,
  artist: s.artist,
  youtubeId: s.youtubeId,
  thumbnailUrl: s.thumbnailUrl,
  duration: s.duration,
  genre: s.genre,
});

export function PlaylistSongRow({
  song,
  queue,
  showVotes,
  canModerate,
  busy,
  onVote,
  onModerate,
  onRemove,
}: {
  song: PlaylistSong;
  /** The approved songs that have a video id: the list the player gets. */
  queue: PlayableSong[];
  showVotes: boolean;
  canModerate: boolean;
  busy: boolean;
  onVote: (voteType: VoteType) => void;
  onModerate: (decision: 'approve' | 'reject') => void;
  onRemove: () => void;
}) {
  const { isCurrent, isPlaying } = useIsCurrentSong(song.songId);
  const playing = isCurrent && isPlaying;
  const status = STATUS[song.status];
  const pending = song.status === 'pending';
  const voteBtn =
    'inline-flex h-8 items-center gap-1 rounded-lg px-2 text-sm tabular-nums transition-colors disabled:opacity-60 [&_svg]:size-4';

  return (
    <li
      data-testid="playlist-song"
      className={cn(
        'flex flex-col gap-3 rounded-xl border border-border bg-surface-2/60 p-3 sm:flex-row sm:items-center',
        song.status === 'rejected' && 'opacity-70',
      )}
    >
      <div className="flex min-w-0 flex-1 items-start gap-3">
        <Button
          size="icon"
          variant={playing ? 'primary' : 'secondary'}
          className="shrink-0 rounded-full"
          disabled={!song.youtubeId}
          aria-label={playing ? `Pause ${song.title}` : `Play ${song.title}`}
          title={song.youtubeId ? undefined : 'No video for this song'}
          onClick={() => dispatchMusicPlayerUpdate(toPlayable(song), queue, !playing)}
        >
          {playing ? <Pause className="fill-current" aria-hidden /> : <Play className="fill-current" aria-hidden />}
        </Button>
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-2">
            <h3 className="truncate font-semibold">{song.title}</h3>
            <Badge variant={status.variant}>{status.label}</Badge>
          </div>
          <p className="truncate text-sm text-muted">{song.artist}</p>
          <p className="mt-1 flex flex-wrap gap-x-3 gap-y-0.5 text-xs text-muted">
            <span>Proposed by {song.proposerName ?? 'Anonymous User'}</span>
            <span className="tabular-nums" aria-label={`Length ${formatSongLength(song.duration)}`}>
              {formatSongLength(song.duration)}
            </span>
            <span>{formatDate(song.createdAt)}</span>
          </p>
        </div>
      </div>

      <div className="flex flex-wrap items-center gap-2 pl-[52px] empty:hidden sm:justify-end sm:pl-0">
        {pending && showVotes ? (
          <div
            role="group"
            aria-label={`Votes for ${song.title}`}
            className="flex items-center gap-1 rounded-xl border border-border bg-surface p-0.5"
          >
            <button
              type="button"
              aria-label={`Vote up ${song.title}`}
              aria-pressed={song.userVote === 'up'}
              disabled={busy}
              onClick={() => onVote('up')}
              className={cn(
                voteBtn,
                song.userVote === 'up'
                  ? 'bg-green-500/25 text-green-200'
                  : 'text-muted hover:bg-white/10 hover:text-green-200',
              )}
            >
              <ChevronUp aria-hidden /> <span data-testid="up-votes">{song.upVotes}</span>
            </button>
            <button
              type="button"
              aria-label={`Vote down ${song.title}`}
              aria-pressed={song.userVote === 'down'}
              disabled={busy}
              onClick={() => onVote('down')}
              className={cn(
                voteBtn,
                song.userVote === 'down'
                  ? 'bg-red-500/25 text-red-200'
                  : 'text-muted hover:bg-white/10 hover:text-red-200',
              )}
            >
              <ChevronDown aria-hidden /> <span data-testid="down-votes">{song.downVotes}</span>
            </button>
          </div>
        ) : null}
        {song.status === 'approved' ? (
          <span
            data-testid="net-votes"
            className={cn('text-sm font-semibold tabular-nums', song.netVotes >= 0 ? 'text-green-300' : 'text-red-300')}
          >
            {song.netVotes > 0 ? '+' : ''}
            {song.netVotes} {Math.abs(song.netVotes) === 1 ? 'vote' : 'votes'}
          </span>
        ) : null}
        {pending && canModerate ? (
          <>
            <Button
              size="sm"
              variant="outline"
              disabled={busy}
              onClick={() => onModerate('approve')}
              className="text-green-200"
            >
              <Check aria-hidden /> Approve
            </Button>
            <Button
              size="sm"
              variant="outline"
              disabled={busy}
              onClick={() => onModerate('reject')}
              className="text-red-200"
            >
              <X aria-hidden /> Reject
            </Button>
          </>
        ) : null}
        {canModerate ? (
          <ConfirmDialog
            title="Remove this song?"
            description={`"${song.title}" and its votes will be removed from the playlist.`}
            confirmLabel="Remove"
            onConfirm={onRemove}
            trigger={
              <Button size="icon-sm" variant="ghost" disabled={busy} aria-label={`Remove ${song.title}`}>
                <Trash2 aria-hidden />
              </Button>
            }
          />
        ) : null}
      </div>
    </li>
  );
}
