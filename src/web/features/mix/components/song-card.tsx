/**
 * The song card of every list: media (thumbnail with play, the embedded video on demand, or the PDF tile),
 * title, artist, genre, uploader and date, live vote buttons, the outside link and the queue menu.
 * The YouTube iframe loads only when asked for, so a page of 100 songs stays light.
 */
import { lazy, Suspense, useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { DropdownMenu } from 'radix-ui';
import { ExternalLink, FileText, Flag, ListEnd, ListPlus, MoreVertical, Music2, Play, Video } from 'lucide-react';
import { ID_LABEL_LENGTH } from '@shared/constants';
import { formatClock } from '@shared/duration';
import type { RankedSong, Song } from '@shared/schemas/song';
import { youtubeEmbedUrl, youtubeThumbnail, youtubeWatchUrl } from '@shared/youtube';
import { Badge } from '../../../components/ui/badge';
import { cn } from '../../../lib/utils';
import { useIsCurrentSong, usePlayerActions, usePlayerState } from '../../player';
import { PdfThumbnail } from '../../player';
import { VoteButtons } from './vote-buttons';

/** Loaded when someone reports a song, not with the hundred cards of a mix. */
const ReportDialog = lazy(async () => ({
  default: (await import('../../safety')).ReportDialog,
}));

export type CardSong = Song & Partial<Pick<RankedSong, 'position' | 'previousPosition'>>;

const dateFormat = new Intl.DateTimeFormat(undefined, { year: 'numeric', month: 'short', day: 'numeric' });

/** Where the outside-link button goes: the YouTube watch page, or the PDF. */
export function externalUrl(song: Pick<Song, 'youtubeId' | 'youtubeUrl' | 'pdfUrl'>): string | null {
  if (song.youtubeId) return youtubeWatchUrl(song.youtubeId);
  return song.pdfUrl ?? song.youtubeUrl ?? null;
}

/** Chart movement since the last daily snapshot: ▲n / ▼n, NEW for an entry (previous null); nothing without a snapshot. */
export function Movement({ position, previous }: { position: number; previous?: number | null }) {
  if (previous === undefined || previous === position) return null;
  if (previous === null) {
    return (
      <span
        data-testid="song-movement"
        className="rounded bg-pink-500/20 px-1 text-[9px] font-bold tracking-wide text-pink-200"
      >
        <span aria-hidden>NEW</span>
        <span className="sr-only">New entry</span>
      </span>
    );
  }
  const up = previous > position;
  const places = Math.abs(previous - position);
  return (
    <span
      data-testid="song-movement"
      className={cn('text-[10px] font-semibold', up ? 'text-green-300' : 'text-red-300')}
    >
      <span aria-hidden>
        {up ? '▲' : '▼'}
        {places}
      </span>
      <span className="sr-only">{`${up ? 'Up' : 'Down'} ${places} ${places === 1 ? 'place' : 'places'}`}</span>
    </span>
  );
}

export function SongCard({
  song,
  list,
  onVote,
  votePending,
  compact,
  actions,
  votingClosed,
}: {
  song: CardSong;
  /** The list the card belongs to; play starts it from this song. */
  list: Song[];
  onVote: (voteType: 'up' | 'down') => void;
  votePending?: boolean;
  /** Trending column: smaller media, no embed. */
  compact?: boolean;
  /** Extra controls beside the menu (the venue owner's remove button). */
  actions?: ReactNode;
  /** Why voting is closed in this list (a deactivated venue's mix); absent while it is open. */
  votingClosed?: string;
}) {
  const player = usePlayerActions();
  const { isCurrent, isPlaying } = useIsCurrentSong(song.id);
  const [embedded, setEmbedded] = useState(false);
  const closeEmbedded = useCallback(() => setEmbedded(false), []);
  const playable = Boolean(song.youtubeId);
  const link = externalUrl(song);
  const titleId = `song-${song.id}-title${compact ? '-c' : ''}`;
  // A thumbnail that cannot load (offline, or a video gone from the provider) gives way to the tile below
  // instead of a broken-image icon. (The browser still logs the failed request; no page code can stop that.)
  const [thumbFailed, setThumbFailed] = useState(false);
  const thumb = thumbFailed ? null : (song.thumbnailUrl ?? (song.youtubeId ? youtubeThumbnail(song.youtubeId) : null));

  return (
    <article
      aria-labelledby={titleId}
      data-testid="song-card"
      data-song-id={song.id}
      className={cn(
        'group relative flex gap-3 transition-colors',
        compact
          ? cn('items-center rounded-xl p-2 hover:bg-white/5', isCurrent && 'bg-pink-500/10')
          : cn(
              'flex-col rounded-2xl border bg-surface/80 p-3 @2xl:flex-row @2xl:flex-wrap @2xl:items-center @2xl:gap-4',
              isCurrent
                ? 'border-pink-400/60 shadow-lg shadow-pink-900/20'
                : 'border-border hover:border-purple-400/40',
            ),
      )}
    >
      <div className="flex min-w-0 flex-1 items-center gap-3 @2xl:gap-4">
        {song.position != null && !compact ? (
          <div className="flex w-8 shrink-0 flex-col items-center @2xl:w-10">
            <span
              data-testid="song-position"
              aria-label={`Position ${song.position}`}
              className={cn('text-xl font-bold tabular-nums', song.position <= 3 ? 'text-gradient' : 'text-muted')}
            >
              {song.position}
            </span>
            <Movement position={song.position} previous={song.previousPosition} />
          </div>
        ) : null}

        <div
          className={cn(
            'relative shrink-0 overflow-hidden rounded-xl bg-gradient-to-br from-purple-900/60 to-pink-900/40',
            compact ? 'aspect-video w-20' : 'aspect-video w-24 @2xl:w-44',
          )}
        >
          {
            <>
              {thumb ? (
                <img
                  src={thumb}
                  alt=""
                  loading="lazy"
                  decoding="async"
                  onError={() => setThumbFailed(true)}
                  className="absolute inset-0 size-full object-cover"
                />
              ) : null}
              {!thumb && song.pdfUrl ? (
                <PdfThumbnail url={song.pdfUrl} width={176} className="absolute inset-0 size-full" />
              ) : null}
              {!thumb && !song.pdfUrl ? (
                <Music2
                  className="absolute top-1/2 left-1/2 size-8 -translate-x-1/2 -translate-y-1/2 text-purple-200/70"
                  aria-hidden
                />
              ) : null}
              {playable ? (
                <button
                  type="button"
                  onClick={() => player.playSong(song, list)}
                  aria-label={`Play ${song.title}`}
                  className="absolute inset-0 flex items-center justify-center bg-black/25 opacity-100 transition-opacity @2xl:opacity-0 @2xl:group-hover:opacity-100 @2xl:focus-visible:opacity-100"
                >
                  <span className="flex size-10 items-center justify-center rounded-full bg-gradient-to-r from-purple-500 to-pink-500 shadow-lg">
                    <Play className="size-5 translate-x-px fill-white text-white" aria-hidden />
                  </span>
                </button>
              ) : song.pdfUrl ? (
                <button
                  type="button"
                  onClick={() => player.openPdf(song)}
                  aria-label={`View the PDF of ${song.title}`}
                  className="absolute inset-0 flex items-end justify-center pb-2 text-[10px] font-semibold text-white/90 hover:bg-black/20"
                >
                  <span className="rounded-md bg-black/60 px-1.5 py-0.5">View PDF</span>
                </button>
              ) : null}
              {isCurrent ? (
                <span className="absolute bottom-1 left-1 rounded-md bg-black/70 px-1.5 py-0.5 text-[10px] font-semibold text-pink-200">
                  {isPlaying ? 'Playing' : 'Paused'}
                </span>
              ) : null}
              {song.duration ? (
                <span className="absolute right-1 bottom-1 rounded-md bg-black/70 px-1.5 py-0.5 text-[10px] font-medium tabular-nums text-white">
                  {formatClock(song.duration)}
                </span>
              ) : null}
            </>
          }
        </div>

        <div className="min-w-0 flex-1">
          <h3 id={titleId} className={cn('truncate font-semibold', compact ? 'text-sm' : 'text-base')}>
            {song.title}
          </h3>
          <p className="truncate text-sm text-muted">{song.artist}</p>
          <div
            className={cn(
              'mt-1.5 flex flex-wrap items-center gap-1.5 text-xs text-muted',
              compact && 'hidden @2xl:flex',
            )}
          >
            {song.genre ? <Badge>{song.genre}</Badge> : null}
            {song.pdfUrl ? (
              <Badge variant="warning">
                <FileText className="size-3" aria-hidden />
                PDF
              </Badge>
            ) : null}
            {song.isPrivate ? <Badge variant="secondary">Private</Badge> : null}
            {!compact ? (
              <>
                <span>Uploaded by @{song.uploaderId.slice(0, ID_LABEL_LENGTH)}</span>
                <span aria-hidden>·</span>
                <time dateTime={song.createdAt}>{dateFormat.format(new Date(song.createdAt))}</time>
              </>
            ) : null}
          </div>
        </div>
      </div>

      <div
        className={cn(
          'flex shrink-0 items-center gap-1',
          !compact &&
            'justify-between border-t border-border/60 pt-2 @2xl:ml-auto @2xl:justify-end @2xl:border-0 @2xl:pt-0',
        )}
      >
        <VoteButtons
          song={song}
          onVote={onVote}
          pending={votePending}
          closedReason={votingClosed}
          orientation={compact ? 'vertical' : 'horizontal'}
          small={compact}
        />
        {!compact ? (
          <div className="flex items-center gap-1">
            {link ? (
              <a
                href={link}
                target="_blank"
                rel="noopener noreferrer"
                aria-label={song.youtubeId ? `Open ${song.title} on YouTube` : `Open the PDF of ${song.title}`}
                className="inline-flex size-9 items-center justify-center rounded-lg text-muted hover:bg-white/10 hover:text-foreground"
              >
                <ExternalLink className="size-4" aria-hidden />
              </a>
            ) : null}
            {playable ? (
              <SongMenu song={song} embedded={embedded} onToggleEmbedded={() => setEmbedded((e) => !e)} />
            ) : (
              <span className="block size-9" aria-hidden />
            )}
            {actions}
          </div>
        ) : null}
      </div>

      {embedded && song.youtubeId ? (
        <InlineVideo song={song} youtubeId={song.youtubeId} onClose={closeEmbedded} />
      ) : null}
    </article>
  );
}

/**
 * "Watch video here": the card's own YouTube embed, playing at once. Two songs at once is noise, so the player
 * bar pauses when it opens, and it closes when the bar plays again.
 */
function InlineVideo({ song, youtubeId, onClose }: { song: CardSong; youtubeId: string; onClose: () => void }) {
  const player = usePlayerActions();
  const { isPlaying } = usePlayerState();
  const barWasQuiet = useRef(false);
  useEffect(() => {
    player.pause();
  }, [player]);
  useEffect(() => {
    if (!isPlaying) barWasQuiet.current = true;
    else if (barWasQuiet.current) onClose();
  }, [isPlaying, onClose]);
  return (
    <div className="aspect-video w-full basis-full overflow-hidden rounded-xl bg-black">
      <iframe
        src={`${youtubeEmbedUrl(youtubeId)}&autoplay=1`}
        title={`${song.title} by ${song.artist}`}
        loading="lazy"
        allow="autoplay; encrypted-media; picture-in-picture; fullscreen"
        referrerPolicy="strict-origin-when-cross-origin"
        className="size-full"
      />
    </div>
  );
}

const MENU_TRIGGER =
  'inline-flex size-9 items-center justify-center rounded-lg text-muted hover:bg-white/10 hover:text-foreground';

/**
 * The card's "More" menu (play next, add to queue, watch here). A mix shows 100 cards, and a mounted Radix menu
 * per card (its providers, three document listeners each) was about a fifth of the home page's script time.
 * So the card shows a plain trigger that looks and reads the same, and mounts the real menu, open, on the
 * press that would have opened it: a primary-button pointerdown, or Enter, Space or ArrowDown.
 */
function SongMenu({
  song,
  embedded,
  onToggleEmbedded,
}: {
  song: CardSong;
  embedded: boolean;
  onToggleEmbedded: () => void;
}) {
  const player = usePlayerActions();
  const [openedBy, setOpenedBy] = useState<'pointer' | 'keyboard' | null>(null);
  // Radix moves the focus to the first item when a key opened the menu, knowing it from a document listener of
  // the menu's own; this menu mounted after that key, so it does the same when the content takes the focus.
  const focusFirstItem = useRef(false);
  const [reporting, setReporting] = useState(false);
  const label = `More for ${song.title}`;
  const report = reporting ? (
    <Suspense fallback={null}>
      <ReportDialog
        open
        onOpenChange={setReporting}
        target={{ type: 'song', id: song.id, label: `${song.title} — ${song.artist}` }}
      />
    </Suspense>
  ) : null;
  if (!openedBy) {
    return (
      <button
        type="button"
        aria-label={label}
        aria-haspopup="menu"
        aria-expanded={false}
        data-state="closed"
        className={MENU_TRIGGER}
        onPointerDown={(event) => {
          if (event.button !== 0 || event.ctrlKey) return;
          event.preventDefault(); // as Radix's trigger does: the menu, not the button, takes the focus
          setOpenedBy('pointer');
        }}
        onKeyDown={(event) => {
          if (event.key !== 'Enter' && event.key !== ' ' && event.key !== 'ArrowDown') return;
          event.preventDefault();
          focusFirstItem.current = true;
          setOpenedBy('keyboard');
        }}
      >
        <MoreVertical className="size-4" aria-hidden />
      </button>
    );
  }
  return (
    <>
      {report}
      <DropdownMenu.Root defaultOpen>
        <DropdownMenu.Trigger aria-label={label} className={MENU_TRIGGER}>
          <MoreVertical className="size-4" aria-hidden />
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content
            onFocus={(event) => {
              if (!focusFirstItem.current || event.target !== event.currentTarget) return;
              focusFirstItem.current = false;
              event.currentTarget.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
            }}
            align="end"
            sideOffset={6}
            className="z-50 min-w-48 rounded-xl border border-border bg-surface-2 p-1 shadow-2xl"
          >
            <MenuItem onSelect={() => player.playNext(song)} icon={<ListPlus aria-hidden />}>
              Play next
            </MenuItem>
            <MenuItem onSelect={() => player.addToQueue(song)} icon={<ListEnd aria-hidden />}>
              Add to queue
            </MenuItem>
            <MenuItem onSelect={onToggleEmbedded} icon={<Video aria-hidden />}>
              {embedded ? 'Hide video' : 'Watch video here'}
            </MenuItem>
            <MenuItem onSelect={() => setReporting(true)} icon={<Flag aria-hidden />}>
              Report song
            </MenuItem>
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
    </>
  );
}

/** One entry of a song card's menu. */
export function MenuItem({
  children,
  icon,
  onSelect,
  destructive,
}: {
  children: ReactNode;
  icon?: ReactNode;
  onSelect: () => void;
  destructive?: boolean;
}) {
  return (
    <DropdownMenu.Item
      onSelect={onSelect}
      className={cn(
        'flex cursor-pointer items-center gap-2 rounded-lg px-3 py-2 text-sm outline-none select-none data-[highlighted]:bg-white/10 [&_svg]:size-4',
        destructive ? 'text-red-300' : 'text-foreground',
      )}
    >
      {icon}
      {children}
    </DropdownMenu.Item>
  );
}
