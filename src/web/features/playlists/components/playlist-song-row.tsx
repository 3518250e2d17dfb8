/**
 * One song of a playlist as the track row of every list (docs/design.md, "Track row"): position, artwork with
 * Play, title with its status and artist with the proposer, genre, the vote control (pending songs) or the net
 * score (approved ones), duration, and the moderators' controls, in one 56–64 px row. Columns appear as the row's
 * container widens (genre from 48rem, duration and date from 36rem).
 */
import { Check, ChevronDown, ChevronUp, Pause, Play, Trash2, X } from 'lucide-react';
import { youtubeThumbnail } from '@shared/youtube';
import type { VoteType } from '@shared/constants';
import type { PlaylistSong } from '@shared/schemas/playlist';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Artwork } from '../../../components/ui/cover-art';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { formatDay } from '../../../lib/format-date';
import { cn } from '../../../lib/utils';
import { dispatchMusicPlayerUpdate, useIsCurrentSong, type PlayableSong } from '../../player';
import { formatSongLength } from './format';

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
  rank,
  queue,
  showVotes,
  canModerate,
  busy,
  onVote,
  onModerate,
  onRemove,
}: {
  song: PlaylistSong;
  /** The song's place in the playlist (approved songs). */
  rank?: number;
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
  const thumb = song.thumbnailUrl ?? (song.youtubeId ? youtubeThumbnail(song.youtubeId) : null);
  const voteBtn =
    'inline-flex h-7 items-center gap-0.5 rounded-full px-1.5 text-sm tabular-nums transition-colors disabled:opacity-60 [&_svg]:size-4';

  return (
    <li className="@container">
      <div
        data-testid="playlist-song"
        data-current={isCurrent || undefined}
        className={cn(
          'group flex flex-wrap items-center gap-x-3 gap-y-1 rounded-lg px-2 py-1.5 transition-colors @2xl:gap-x-4',
          isCurrent ? 'bg-accent-soft' : 'hover:bg-white/[0.04]',
          song.status === 'rejected' && 'opacity-70',
        )}
      >
        {rank !== undefined ? (
          <span
            aria-label={`Position ${rank}`}
            className={cn(
              'w-7 shrink-0 text-center text-base font-semibold tabular-nums @2xl:w-9',
              isCurrent ? 'text-accent-text' : 'text-muted',
            )}
          >
            {rank}
          </span>
        ) : null}

        <div className="relative size-11 shrink-0 overflow-hidden rounded-md @2xl:size-12">
          <Artwork
            src={thumb}
            seed={{ kind: 'song', id: song.songId, title: song.title, genre: song.genre }}
            className="absolute inset-0 size-full"
          />
          <button
            type="button"
            disabled={!song.youtubeId}
            aria-label={playing ? `Pause ${song.title}` : `Play ${song.title}`}
            title={song.youtubeId ? undefined : 'No video for this song'}
            onClick={() => dispatchMusicPlayerUpdate(toPlayable(song), queue, !playing)}
            className={cn(
              'absolute inset-0 flex items-center justify-center bg-black/45 text-white transition-opacity disabled:cursor-not-allowed',
              isCurrent
                ? 'opacity-100'
                : 'opacity-0 group-hover:opacity-100 focus-visible:opacity-100 pointer-coarse:opacity-0',
            )}
          >
            {playing ? (
              <Pause className="size-5 fill-white" aria-hidden />
            ) : (
              <Play className="size-5 translate-x-px fill-white" aria-hidden />
            )}
          </button>
        </div>

        <div className="min-w-0 flex-1">
          <div className="flex min-w-0 items-center gap-2">
            <h3 className={cn('truncate text-sm font-semibold @2xl:text-[0.9375rem]', isCurrent && 'text-accent-text')}>
              {song.title}
            </h3>
            {/* Approved is what the numbered list already says; narrow rows keep the room for the title. */}
            <Badge
              variant={status.variant}
              className={cn('shrink-0 px-1.5 py-0 text-[10px]', song.status === 'approved' && 'hidden @xl:inline-flex')}
            >
              {status.label}
            </Badge>
          </div>
          <p className="flex min-w-0 items-center gap-1.5 text-xs text-muted @2xl:text-sm">
            <span className="truncate">{song.artist}</span>
            <span aria-hidden className="hidden @xl:inline">
              ·
            </span>
            <span className="hidden truncate @xl:inline">Proposed by {song.proposerName ?? 'Anonymous User'}</span>
          </p>
        </div>

        {song.genre ? (
          <span className="hidden w-28 shrink-0 truncate text-sm text-muted @3xl:block">{song.genre}</span>
        ) : (
          <span className="hidden w-28 shrink-0 @3xl:block" aria-hidden />
        )}

        {pending && showVotes ? (
          <div
            role="group"
            aria-label={`Votes for ${song.title}`}
            className="flex shrink-0 items-center rounded-full border border-border bg-surface-2"
          >
            <button
              type="button"
              aria-label={`Vote up ${song.title}`}
              aria-pressed={song.userVote === 'up'}
              disabled={busy}
              onClick={() => onVote('up')}
              className={cn(
                voteBtn,
                song.userVote === 'up' ? 'bg-up text-black' : 'text-muted hover:bg-white/10 hover:text-up',
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
                song.userVote === 'down' ? 'bg-down text-black' : 'text-muted hover:bg-white/10 hover:text-down',
              )}
            >
              <ChevronDown aria-hidden /> <span data-testid="down-votes">{song.downVotes}</span>
            </button>
          </div>
        ) : null}
        {song.status === 'approved' ? (
          <span
            data-testid="net-votes"
            className={cn('shrink-0 text-sm font-semibold tabular-nums', song.netVotes >= 0 ? 'text-up' : 'text-down')}
          >
            {song.netVotes > 0 ? '+' : ''}
            {song.netVotes} {Math.abs(song.netVotes) === 1 ? 'vote' : 'votes'}
          </span>
        ) : null}

        <span className="hidden w-20 shrink-0 text-right text-xs text-muted tabular-nums @xl:block">
          {formatDay(song.createdAt)}
        </span>
        <span
          className="hidden w-10 shrink-0 text-right text-sm text-muted tabular-nums @xl:block"
          aria-label={`Length ${formatSongLength(song.duration)}`}
        >
          {formatSongLength(song.duration)}
        </span>

        {canModerate ? (
          <div className="flex shrink-0 items-center gap-1">
            {pending ? (
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
          </div>
        ) : null}
      </div>
    </li>
  );
}
