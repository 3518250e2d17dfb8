/**
 * The track row of every list (docs/design.md, "Track row"): rank and movement, artwork with Play, title and
 * artist, genre, the vote control, duration, the outside link and the menu, in one 56–64 px row. Columns appear
 * as the row's container widens (genre from 48rem, duration from 36rem). The YouTube iframe of "Watch video
 * here" loads only when asked for, so a page of 100 songs stays light.
 */
import { lazy, memo, Suspense, useCallback, useEffect, useRef, useState, type ReactNode, type RefObject } from 'react';
import { DropdownMenu } from '../../../components/ui/dropdown-menu';
import { ExternalLink, FileText, Flag, ListEnd, ListPlus, MoreVertical, Play, Video } from 'lucide-react';
import { formatClock } from '@shared/duration';
import type { RankedSong, Song } from '@shared/schemas/song';
import { youtubeEmbedUrl, youtubeThumbnail, youtubeWatchUrl } from '@shared/youtube';
import { Badge } from '../../../components/ui/badge';
import { Artwork } from '../../../components/ui/cover-art';
import { cn } from '../../../lib/utils';
import { useIsCurrentSong, usePlayerActions, usePlayerState } from '../../player';
import { loadPdfThumbnail } from '../../player';
import { loadReportDialog } from '../../safety';
import { VoteButtons } from './vote-buttons';

/** A PDF song's first page: its code loads with the first PDF song shown (most mixes have none). */
const PdfThumbnail = lazy(async () => ({ default: (await loadPdfThumbnail()).PdfThumbnail }));

/** Loaded when someone reports a song, not with the hundred cards of a mix. */
const ReportDialog = lazy(async () => ({ default: (await loadReportDialog()).ReportDialog }));

export type CardSong = Song & Partial<Pick<RankedSong, 'position' | 'previousPosition'>>;

/**
 * An entry a list adds to each row's menu, after the song's own: a venue owner's "Remove from the mix", an uploader's
 * "Edit details" and "Delete song". The list passes one array for all its rows (the rows are memoized); what an entry
 * opens (a confirmation, a dialog) is the page's, so a row carries no extra buttons and a phone's rows keep their
 * titles (issue 15).
 */
export interface RowMenuAction {
  label: string;
  icon: ReactNode;
  /** Shown in red: it removes something. */
  destructive?: boolean;
  /** `from`: the row's menu button, where the focus goes back when what this opens closes (its item is gone by then). */
  onSelect: (song: CardSong, from: RefObject<HTMLElement | null>) => void;
}

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

/**
 * Memoized: a list re-renders its rows only when their own props change. A mix's rows come in chunks (SongList), and
 * each chunk re-rendered every row before it; a screen re-rendered its whole list when another of its reads answered
 * (a visitor's landing: trending, venues) — in one task, 20–40 ms after the landing's first paint here (ADR 046).
 */
export const SongCard = memo(function SongCard({
  song,
  list,
  onVote,
  votePending,
  compact,
  menuActions,
  votingClosed,
  rankChange,
}: {
  song: CardSong;
  /** The list the row belongs to; play starts it from this song. */
  list: Song[];
  /** The list's one vote function, the same for every row and render (the rows are memoized). */
  onVote: (songId: number, voteType: 'up' | 'down') => void;
  votePending?: boolean;
  /** A side column (trending): no rank; the row's container decides which other columns fit. */
  compact?: boolean;
  /** The list's own entries of the row's menu (see RowMenuAction). */
  menuActions?: readonly RowMenuAction[];
  /** Why voting is closed in this list (a deactivated venue's mix); absent while it is open. */
  votingClosed?: string;
  /** A live move just now ("↑ #1"), shown for a few seconds after a vote re-ranked the list. */
  rankChange?: { up: boolean; to: number } | null;
}) {
  const player = usePlayerActions();
  const { isCurrent, isPlaying } = useIsCurrentSong(song.id);
  const [embedded, setEmbedded] = useState(false);
  const closeEmbedded = useCallback(() => setEmbedded(false), []);
  const playable = Boolean(song.youtubeId);
  const link = externalUrl(song);
  const titleId = `song-${song.id}-title${compact ? '-c' : ''}`;
  const thumb = song.thumbnailUrl ?? (song.youtubeId ? youtubeThumbnail(song.youtubeId) : null);
  const ranked = song.position != null && !compact;

  return (
    <article
      aria-labelledby={titleId}
      data-testid="song-card"
      data-song-id={song.id}
      data-current={isCurrent || undefined}
      className={cn(
        'group relative flex flex-wrap items-center gap-x-3 rounded-lg px-2 py-1.5 transition-colors @2xl:gap-x-4',
        isCurrent ? 'bg-accent-soft' : 'hover:bg-white/[0.04]',
      )}
    >
      {ranked ? (
        <div className="flex w-7 shrink-0 flex-col items-center leading-none @2xl:w-9">
          <span
            data-testid="song-position"
            aria-label={`Position ${song.position}`}
            className={cn(
              'text-base font-semibold tabular-nums',
              isCurrent ? 'text-accent-text' : song.position! <= 3 ? 'text-foreground' : 'text-muted',
            )}
          >
            {song.position}
          </span>
          <Movement position={song.position!} previous={song.previousPosition} />
        </div>
      ) : null}

      <div className="relative size-11 shrink-0 overflow-hidden rounded-md @2xl:size-12">
        {!thumb && song.pdfUrl ? (
          <Suspense fallback={<div className="absolute inset-0 size-full bg-surface-3" />}>
            <PdfThumbnail url={song.pdfUrl} width={96} className="absolute inset-0 size-full bg-surface-3" />
          </Suspense>
        ) : (
          <Artwork
            src={thumb}
            seed={{ kind: 'song', id: song.id, title: song.title, genre: song.genre }}
            className="absolute inset-0 size-full"
          />
        )}
        {playable ? (
          <button
            type="button"
            onClick={() => (isCurrent ? player.toggle() : player.playSong(song, list))}
            aria-label={isCurrent && isPlaying ? `Pause ${song.title}` : `Play ${song.title}`}
            className={cn(
              'absolute inset-0 flex items-center justify-center bg-black/45 text-white transition-opacity',
              isCurrent
                ? 'opacity-100'
                : 'opacity-0 group-hover:opacity-100 focus-visible:opacity-100 pointer-coarse:opacity-0',
            )}
          >
            {isCurrent && isPlaying ? <Equalizer /> : <Play className="size-5 translate-x-px fill-white" aria-hidden />}
          </button>
        ) : song.pdfUrl ? (
          <button
            type="button"
            onClick={() => player.openPdf(song)}
            aria-label={`View the PDF of ${song.title}`}
            className="absolute inset-0 flex items-end justify-end p-0.5 text-white hover:bg-black/30"
          >
            <span className="rounded bg-black/60 p-0.5">
              <FileText className="size-3" aria-hidden />
            </span>
          </button>
        ) : null}
      </div>

      <div className="min-w-0 flex-1">
        <h3
          id={titleId}
          className={cn('truncate text-sm font-semibold @2xl:text-[0.9375rem]', isCurrent && 'text-accent-text')}
        >
          {song.title}
        </h3>
        <p className="flex min-w-0 items-center gap-1.5 text-xs text-muted @2xl:text-sm">
          {song.pdfUrl ? (
            <Badge variant="warning" className="px-1 py-0 text-[10px]">
              <FileText className="size-3" aria-hidden />
              PDF
            </Badge>
          ) : null}
          {song.isPrivate ? (
            <Badge variant="secondary" className="px-1 py-0 text-[10px]">
              Private
            </Badge>
          ) : null}
          <span className="truncate">{song.artist}</span>
          {/* Who shared it, by name (never an id); wide rows only, where it does not push the artist out. */}
          {song.uploaderName ? (
            <span data-testid="song-uploader" className="hidden min-w-0 truncate @2xl:inline">
              <span aria-hidden>· </span>added by {song.uploaderName}
            </span>
          ) : null}
          {isCurrent ? <span className="sr-only">{isPlaying ? ', playing' : ', paused'}</span> : null}
        </p>
      </div>

      {rankChange ? (
        <span
          data-testid="rank-change"
          role="status"
          className={cn(
            'shrink-0 rounded-full px-1.5 py-0.5 text-xs font-semibold tabular-nums',
            rankChange.up ? 'bg-green-500/15 text-up' : 'bg-red-500/15 text-down',
          )}
        >
          <span aria-hidden>{`${rankChange.up ? '↑' : '↓'} #${rankChange.to}`}</span>
          <span className="sr-only">{`${song.title} moved ${rankChange.up ? 'up' : 'down'} to number ${rankChange.to}`}</span>
        </span>
      ) : null}

      {song.genre ? (
        <span className="hidden w-28 shrink-0 truncate text-sm text-muted @3xl:block">{song.genre}</span>
      ) : (
        <span className="hidden w-28 shrink-0 @3xl:block" aria-hidden />
      )}

      <VoteButtons
        song={song}
        onVote={(voteType) => onVote(song.id, voteType)}
        pending={votePending}
        closedReason={votingClosed}
        orientation="horizontal"
        small
      />

      <span
        className="hidden w-10 shrink-0 text-right text-sm text-muted tabular-nums @xl:block"
        aria-label={song.duration ? `Length ${formatClock(song.duration)}` : undefined}
      >
        {song.duration ? formatClock(song.duration) : ''}
      </span>

      <div className="flex shrink-0 items-center">
        {link ? (
          <a
            href={link}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={song.youtubeId ? `Open ${song.title} on YouTube` : `Open the PDF of ${song.title}`}
            // A video's link folds away on narrow rows (Play and the menu are there); a PDF's link always shows.
            className={cn(
              'size-8 items-center justify-center rounded-full text-muted hover:bg-white/10 hover:text-foreground',
              playable ? 'hidden @2xl:inline-flex' : 'inline-flex',
            )}
          >
            <ExternalLink className="size-4" aria-hidden />
          </a>
        ) : null}
        <SongMenu
          song={song}
          playable={playable}
          embedded={embedded}
          onToggleEmbedded={() => setEmbedded((e) => !e)}
          actions={menuActions}
        />
      </div>

      {embedded && song.youtubeId ? (
        <InlineVideo song={song} youtubeId={song.youtubeId} onClose={closeEmbedded} />
      ) : null}
    </article>
  );
});

/** Three bars that dance while the row's song plays (still under reduced motion). */
function Equalizer() {
  return (
    <span className="flex h-4 items-end gap-0.5" aria-hidden>
      {[0, 1, 2].map((i) => (
        <span
          key={i}
          className="w-1 origin-bottom animate-[eq_0.9s_ease-in-out_infinite] rounded-sm bg-accent"
          style={{ animationDelay: `${i * 0.2}s`, height: `${50 + i * 20}%` }}
        />
      ))}
    </span>
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
    <div className="mt-2 aspect-video w-full basis-full overflow-hidden rounded-lg bg-black">
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
  'inline-flex size-8 items-center justify-center rounded-full text-muted hover:bg-white/10 hover:text-foreground';

/**
 * The card's "More" menu: play next, add to queue and watch here for a YouTube song, Report for any, then the list's
 * own entries. A mix shows 100 cards, and a mounted Radix menu per card (its providers, three document listeners
 * each) was about a fifth of the home page's script time. So the card shows a plain trigger that looks and reads the
 * same, and mounts the real menu, open, on the press that would have opened it: a primary-button pointerdown, or
 * Enter, Space or ArrowDown.
 */
function SongMenu({
  song,
  playable,
  embedded,
  onToggleEmbedded,
  actions,
}: {
  song: CardSong;
  playable: boolean;
  embedded: boolean;
  onToggleEmbedded: () => void;
  actions?: readonly RowMenuAction[];
}) {
  const player = usePlayerActions();
  const [openedBy, setOpenedBy] = useState<'pointer' | 'keyboard' | null>(null);
  // Radix moves the focus to the first item when a key opened the menu, knowing it from a document listener of
  // the menu's own; this menu mounted after that key, so it does the same when the content takes the focus.
  const focusFirstItem = useRef(false);
  const [reporting, setReporting] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  const label = `More for ${song.title}`;
  const report = reporting ? (
    <Suspense fallback={null}>
      <ReportDialog
        open
        onOpenChange={setReporting}
        returnFocusTo={trigger}
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
        <DropdownMenu.Trigger ref={trigger} aria-label={label} className={MENU_TRIGGER}>
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
            {playable ? (
              <>
                <MenuItem onSelect={() => player.playNext(song)} icon={<ListPlus aria-hidden />}>
                  Play next
                </MenuItem>
                <MenuItem onSelect={() => player.addToQueue(song)} icon={<ListEnd aria-hidden />}>
                  Add to queue
                </MenuItem>
                <MenuItem onSelect={onToggleEmbedded} icon={<Video aria-hidden />}>
                  {embedded ? 'Hide video' : 'Watch video here'}
                </MenuItem>
              </>
            ) : null}
            <MenuItem onSelect={() => setReporting(true)} icon={<Flag aria-hidden />}>
              Report song
            </MenuItem>
            {actions?.length ? <DropdownMenu.Separator className="my-1 h-px bg-border" /> : null}
            {actions?.map((action) => (
              <MenuItem
                key={action.label}
                onSelect={() => action.onSelect(song, trigger)}
                icon={action.icon}
                destructive={action.destructive}
              >
                {action.label}
              </MenuItem>
            ))}
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
