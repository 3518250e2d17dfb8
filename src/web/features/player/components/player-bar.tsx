/**
 * The persistent player (spec section 2, docs/design.md "Player"): rendered once by <App>, outside the routes, so
 * it survives navigation. One opaque dock at the bottom: the video panel (three sizes; hidden in audio mode or
 * when collapsed) sits in the dock above the now-playing bar, never floating over the page, and the dock's
 * height is published as --player-height so the page pads itself and full-height screens end above it.
 *
 * Honest states: when the video player cannot load, or a song meant to play has not moved for a while, the bar
 * says so with Skip and Open on YouTube, the button offers Play (never Pause for a song that is not playing), and
 * the frozen 0:00 is replaced by that message. The tab's title is the song while it plays.
 */
import { useEffect, useRef, useState, useSyncExternalStore, type ReactNode, type RefObject } from 'react';
import {
  ChevronDown,
  ChevronUp,
  Keyboard,
  Maximize2,
  Music2,
  Pause,
  Play,
  Redo2,
  Repeat,
  Shuffle,
  SkipBack,
  SkipForward,
  Undo2,
  Video,
  Volume2,
  VolumeX,
  X,
} from 'lucide-react';
import { formatClock, formatLongClock } from '@shared/duration';
import { Slider } from '../../../components/ui/slider';
import { useAuth } from '../../auth';
import { cn, isMobileBrowser } from '../../../lib/utils';
import { usePlayerActions, usePlayerState } from '../player-context';
import { nextVideoSize, updatePlayerPrefs, usePlayerPrefs, VIDEO_SIZES } from '../player-prefs';
import { OVERLAY_SEEK_STEP, SEEK_STEP } from '../player-reducer';
import { youtubeWatchUrl } from '../youtube';
import { ControlButton } from './control-button';
import { ShortcutsDialog, usePlayerShortcuts } from './shortcuts';
import { SongArt } from './song-art';
import { UpNext } from './up-next';
import { YouTubeAdapter } from './youtube-adapter';

/** Publishes the bar's height as --player-height on <html> and pads the page by it. */
function usePlayerHeight(ref: RefObject<HTMLElement | null>, visible: boolean) {
  useEffect(() => {
    const root = document.documentElement;
    const el = ref.current;
    if (!visible || !el) {
      root.style.removeProperty('--player-height');
      return;
    }
    const update = () => root.style.setProperty('--player-height', `${Math.ceil(el.getBoundingClientRect().height)}px`);
    update();
    const observer = new ResizeObserver(update);
    observer.observe(el);
    document.body.style.paddingBottom = 'var(--player-height, 0px)';
    return () => {
      observer.disconnect();
      root.style.removeProperty('--player-height');
      document.body.style.removeProperty('padding-bottom');
    };
  }, [ref, visible]);
}

/** What keeps the song from playing: the video player did not load, or the song has not moved. */
type Trouble = 'load' | 'stalled' | null;

/** How long a song meant to play may sit without moving before the bar says so. */
export const STALL_MS = 12_000;

/**
 * True when the player means to play but the position has not moved for STALL_MS (a video that never starts, a
 * network that died): the bar then stops pretending ("Pause", a frozen 0:00) and offers Skip.
 */
function useStalled(playing: boolean, time: number, songId: number | null, restarts: number): boolean {
  const [stalled, setStalled] = useState(false);
  const second = Math.floor(time);
  useEffect(() => {
    setStalled(false);
    if (!playing) return;
    const id = window.setTimeout(() => setStalled(true), STALL_MS);
    return () => window.clearTimeout(id);
  }, [playing, second, songId, restarts]);
  return stalled;
}

/** The tab shows the song while it plays, and the page's own title otherwise. */
function useSongTitle(song: { title: string; artist: string } | null) {
  const title = song ? `${song.title} · ${song.artist}` : null;
  useEffect(() => {
    if (!title) return;
    const before = document.title;
    document.title = `▶ ${title}`;
    return () => {
      document.title = before;
    };
  }, [title]);
}

/** The honest line under the bar: what is wrong, Skip, and the song on YouTube. */
function TroubleLine({
  trouble,
  loadError,
  watchUrl,
}: {
  trouble: Exclude<Trouble, null>;
  loadError: string | null;
  watchUrl: string | null;
}) {
  const actions = usePlayerActions();
  return (
    <div
      role="alert"
      data-testid="player-trouble"
      className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-3 gap-y-2 border-t border-border/60 px-3 py-2 text-sm"
    >
      <span className="min-w-0 flex-1 text-foreground">
        {trouble === 'load' ? (
          <>
            <strong className="font-semibold">Can&apos;t play here:</strong> the video player didn&apos;t load.
            <span className="sr-only"> {loadError}</span>
          </>
        ) : (
          <>
            <strong className="font-semibold">Not playing:</strong> the video hasn&apos;t started.
          </>
        )}
      </span>
      <button
        type="button"
        onClick={actions.next}
        className="inline-flex h-8 items-center gap-1.5 rounded-full bg-foreground px-3 text-sm font-semibold text-background hover:bg-white"
      >
        <SkipForward className="size-4" aria-hidden /> Skip
      </button>
      {watchUrl ? (
        <a
          href={watchUrl}
          target="_blank"
          rel="noopener noreferrer"
          className="inline-flex h-8 items-center rounded-full border border-border px-3 text-sm font-semibold hover:bg-white/10"
        >
          Open on YouTube
        </a>
      ) : null}
    </div>
  );
}

/** Phones (below Tailwind's `sm`): the dock is one compact row, like a music app's mini player. */
const PHONE_QUERY = '(max-width: 639.98px)';
function useIsPhone(): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const mq = window.matchMedia(PHONE_QUERY);
      mq.addEventListener('change', onChange);
      return () => mq.removeEventListener('change', onChange);
    },
    () => window.matchMedia(PHONE_QUERY).matches,
    () => false,
  );
}

/** The dock, shown while a song is loaded and the bar is not closed (to visitors too). */
export function PlayerBar() {
  const { isAuthenticated } = useAuth();
  const state = usePlayerState();
  const actions = usePlayerActions();
  const prefs = usePlayerPrefs();
  const [helpOpen, setHelpOpen] = useState(false);
  const [loadError, setLoadError] = useState<string | null>(null);
  // On a phone the dock starts as the mini player (art, title, play/pause, next, expand); Expand opens the full
  // player for this session, Collapse goes back. Wider screens follow the saved collapsed preference.
  const isPhone = useIsPhone();
  const [phoneExpanded, setPhoneExpanded] = useState(false);
  const sectionRef = useRef<HTMLElement>(null);
  const song = state.currentSong;
  // Visitors play too (the signed-out home plays the Top 100); only the shortcuts help needs an account.
  const visible = state.open && Boolean(song);
  const stalled = useStalled(
    state.isPlaying && visible,
    state.currentTime,
    song?.id ?? null,
    state.loadToken + state.seekToken,
  );
  const trouble: Trouble = loadError ? 'load' : stalled ? 'stalled' : null;

  usePlayerShortcuts(actions, visible, () => isAuthenticated && setHelpOpen(true));
  usePlayerHeight(sectionRef, visible);
  useSongTitle(visible && state.isPlaying && !trouble ? song : null);

  const help = <ShortcutsDialog open={helpOpen} onOpenChange={setHelpOpen} />;
  if (!visible || !song) return help;

  const collapsed = prefs.collapsed || (isPhone && !phoneExpanded);
  const expand = () => {
    updatePlayerPrefs({ collapsed: false });
    setPhoneExpanded(true);
  };
  const collapse = () => (isPhone ? setPhoneExpanded(false) : updatePlayerPrefs({ collapsed: true }));
  // A player that did not load has nothing to show: no empty black box.
  const videoVisible = prefs.display === 'video' && !collapsed && trouble !== 'load';
  const size = VIDEO_SIZES.find((s) => s.id === prefs.size) ?? VIDEO_SIZES[1];
  const nextSize = VIDEO_SIZES.find((s) => s.id === nextVideoSize(size.id))!;
  const showHint = !state.isPlaying && (isMobileBrowser() || state.notice?.kind === 'autoplay-blocked');
  const watchUrl = song.youtubeId ? youtubeWatchUrl(song.youtubeId) : null;

  const close = () => {
    actions.close();
    // The bar disappears with the focus in it: hand focus to the page.
    const main = document.getElementById('main');
    if (main) {
      if (!main.hasAttribute('tabindex')) main.setAttribute('tabindex', '-1');
      main.focus({ preventScroll: true });
    }
  };

  return (
    <>
      <section
        ref={sectionRef}
        aria-label="Music player"
        data-testid="player-bar"
        className="fixed inset-x-0 bottom-0 z-40 border-t border-border bg-surface shadow-[0_-8px_30px_rgb(0_0_0/0.35)]"
      >
        <p className="sr-only" aria-live="polite">
          {`Now playing: ${song.title} by ${song.artist}`}
        </p>
        <div
          className={
            videoVisible
              ? 'mx-auto flex max-w-7xl flex-col items-center gap-1.5 border-b border-border/60 px-3 pt-3 pb-2 sm:items-end'
              : 'contents'
          }
          data-testid={videoVisible ? 'player-video-panel' : undefined}
        >
          <YouTubeAdapter
            hidden={!videoVisible}
            className={
              videoVisible
                ? 'relative overflow-hidden rounded-lg bg-black'
                : 'pointer-events-none fixed top-0 -left-[10000px] size-[200px]'
            }
            // Height is the spec's size; width keeps the video's 16:9 and never exceeds the screen.
            style={
              videoVisible
                ? { height: size.px, width: `min(${Math.round((size.px * 16) / 9)}px, calc(100vw - 1.5rem))` }
                : undefined
            }
            data-testid="player-video"
            data-size={size.id}
            onLoadError={setLoadError}
          />
          {videoVisible ? (
            // The video's own controls sit below it, never on top of it (the provider's terms).
            <div className="flex items-center gap-1" role="group" aria-label="Video controls">
              <ControlButton
                size="icon-sm"
                label={`Back ${OVERLAY_SEEK_STEP} seconds`}
                hint="J"
                onClick={() => actions.seekBy(-OVERLAY_SEEK_STEP)}
              >
                <Undo2 />
              </ControlButton>
              <ControlButton
                size="icon-sm"
                label={`Forward ${OVERLAY_SEEK_STEP} seconds`}
                hint="L"
                onClick={() => actions.seekBy(OVERLAY_SEEK_STEP)}
              >
                <Redo2 />
              </ControlButton>
              <ControlButton
                size="sm"
                className="gap-1 px-2 text-xs"
                label={`Video size: ${size.label}. Change to ${nextSize.label}`}
                onClick={() => updatePlayerPrefs({ size: nextSize.id })}
              >
                <Maximize2 aria-hidden="true" />
                <span aria-hidden="true">{size.label}</span>
              </ControlButton>
              <ControlButton
                size="icon-sm"
                label="Hide the video"
                onClick={() => updatePlayerPrefs({ display: 'audio' })}
              >
                <ChevronDown />
              </ControlButton>
            </div>
          ) : null}
        </div>

        {collapsed ? (
          <CollapsedBar onClose={close} onExpand={expand} trouble={trouble} phone={isPhone} />
        ) : (
          <ExpandedBar onHelp={() => setHelpOpen(true)} onClose={close} onCollapse={collapse} trouble={trouble} />
        )}
        {trouble ? <TroubleLine trouble={trouble} loadError={loadError} watchUrl={watchUrl} /> : null}
        {showHint && !trouble ? (
          <div
            role="status"
            className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-2 border-t border-border/60 px-3 py-2 text-sm"
          >
            <span className="text-muted">
              Autoplay is off in this browser. Tap play to start, or open the song in YouTube.
            </span>
            {watchUrl ? (
              <a
                href={watchUrl}
                target="_blank"
                rel="noopener noreferrer"
                className="rounded-full border border-border px-3 py-1 text-sm hover:bg-white/10"
              >
                Open in YouTube
              </a>
            ) : null}
          </div>
        ) : null}
      </section>
      {help}
    </>
  );
}

function NowPlaying({ compact }: { compact?: boolean }) {
  const { currentSong: song } = usePlayerState();
  if (!song) return null;
  return (
    <div className="flex min-w-0 items-center gap-3">
      <SongArt song={song} className={cn('rounded-lg', compact ? 'size-9' : 'size-11')} />
      <div className="min-w-0">
        <p className="truncate text-sm font-semibold" data-testid="player-title">
          {song.title}
        </p>
        <p className="truncate text-xs text-muted" data-testid="player-artist">
          {song.artist}
        </p>
      </div>
    </div>
  );
}

function PlayPause({ large, trouble }: { large?: boolean; trouble: Trouble }) {
  const state = usePlayerState();
  const actions = usePlayerActions();
  // "Pause" only for a song that is playing: with the player not loaded, or the song stuck, it offers Play.
  const playing = state.isPlaying && !trouble;
  return (
    <ControlButton
      variant="primary"
      size={large ? 'icon' : 'icon-sm'}
      label={playing ? 'Pause' : 'Play'}
      hint="Space or K"
      disabled={trouble === 'load'}
      onClick={() => {
        // A stuck song: Play tries again from where it is (a seek makes the provider reload the stream).
        if (trouble === 'stalled') {
          actions.seek(Math.floor(state.currentTime));
          actions.play();
        } else actions.toggle();
      }}
      className="rounded-full"
    >
      {playing ? <Pause className="fill-current" /> : <Play className="fill-current" />}
    </ControlButton>
  );
}

function CollapsedBar({
  onClose,
  onExpand,
  trouble,
  phone,
}: {
  onClose: () => void;
  onExpand: () => void;
  trouble: Trouble;
  /** The phone's mini player: Close lives in the expanded player, so the row keeps room for the title. */
  phone: boolean;
}) {
  const state = usePlayerState();
  const actions = usePlayerActions();
  const progress = state.duration > 0 ? Math.min(100, (state.currentTime / state.duration) * 100) : 0;
  return (
    <div className="relative">
      <div className="absolute inset-x-0 top-0 h-0.5 bg-white/10" aria-hidden="true">
        <div className="h-full bg-accent" style={{ width: `${progress}%` }} />
      </div>
      <div className="mx-auto flex max-w-7xl items-center gap-2 px-3 py-1.5">
        <div className="min-w-0 flex-1">
          <NowPlaying compact />
        </div>
        {trouble ? null : (
          <span className="hidden text-xs text-muted tabular-nums sm:inline">
            {formatClock(state.currentTime)} / {formatClock(state.duration)}
          </span>
        )}
        <PlayPause trouble={trouble} />
        <ControlButton size="icon-sm" label="Next song" hint="Shift+N" onClick={actions.next}>
          <SkipForward />
        </ControlButton>
        <ControlButton size="icon-sm" label="Expand player" onClick={onExpand}>
          <ChevronUp />
        </ControlButton>
        {phone ? null : (
          <ControlButton size="icon-sm" label="Close player" onClick={onClose}>
            <X />
          </ControlButton>
        )}
      </div>
    </div>
  );
}

function Group({ label, children, className }: { label: string; children: ReactNode; className?: string }) {
  return (
    <div role="group" aria-label={label} className={cn('flex items-center', className)}>
      {children}
    </div>
  );
}

function ExpandedBar({
  onHelp,
  onClose,
  onCollapse,
  trouble,
}: {
  onHelp: () => void;
  onClose: () => void;
  onCollapse: () => void;
  trouble: Trouble;
}) {
  const state = usePlayerState();
  const actions = usePlayerActions();
  const prefs = usePlayerPrefs();
  const [dragTime, setDragTime] = useState<number | null>(null);
  const duration = Math.max(1, Math.floor(state.duration));
  const time = Math.min(duration, dragTime ?? Math.floor(state.currentTime));
  const remaining = Math.max(0, duration - time);
  const muted = state.volume === 0;

  return (
    <div className="mx-auto max-w-7xl px-3 pt-1.5 pb-2">
      {/* Not playing because of trouble: no frozen 0:00 and seek bar; the line below the bar says why. */}
      <div className={cn('flex items-center gap-2 text-xs text-muted tabular-nums', trouble && 'hidden')}>
        <span className="w-12 text-right" data-testid="player-time">
          {formatClock(time)}
        </span>
        <Slider
          label="Seek"
          value={time}
          max={duration}
          step={1}
          valueText={`${formatClock(time)} of ${formatClock(duration)}`}
          onValueChange={setDragTime}
          onValueCommit={(v) => {
            setDragTime(null);
            actions.seek(v);
          }}
        />
        <span className="w-14" data-testid="player-remaining">
          <span className="sr-only">Remaining </span>-{formatLongClock(remaining)}
        </span>
      </div>

      <div className="mt-1 flex flex-wrap items-center justify-between gap-x-4 gap-y-1">
        <div className="min-w-0 flex-1 basis-full sm:basis-56">
          <NowPlaying />
        </div>

        <Group label="Playback" className="basis-full justify-center gap-0.5 sm:basis-auto">
          <ControlButton
            size="icon-sm"
            label="Shuffle"
            hint="S"
            pressed={state.shuffle}
            onClick={actions.toggleShuffle}
          >
            <Shuffle />
          </ControlButton>
          <ControlButton size="icon-sm" label="Previous song" hint="Shift+P" onClick={actions.previous}>
            <SkipBack />
          </ControlButton>
          <ControlButton size="icon-sm" label={`Back ${SEEK_STEP} seconds`} onClick={() => actions.seekBy(-SEEK_STEP)}>
            <Undo2 />
          </ControlButton>
          <PlayPause large trouble={trouble} />
          <ControlButton
            size="icon-sm"
            label={`Forward ${SEEK_STEP} seconds`}
            onClick={() => actions.seekBy(SEEK_STEP)}
          >
            <Redo2 />
          </ControlButton>
          <ControlButton size="icon-sm" label="Next song" hint="Shift+N" onClick={actions.next}>
            <SkipForward />
          </ControlButton>
          <ControlButton size="icon-sm" label="Repeat" hint="R" pressed={state.repeat} onClick={actions.toggleRepeat}>
            <Repeat />
          </ControlButton>
        </Group>

        <Group label="Player options" className="basis-full justify-center gap-0.5 sm:basis-auto sm:justify-end">
          <ControlButton size="icon-sm" label={muted ? 'Unmute' : 'Mute'} hint="M" onClick={actions.toggleMute}>
            {muted ? <VolumeX /> : <Volume2 />}
          </ControlButton>
          <Slider
            label="Volume"
            className="mx-1 w-20"
            value={state.volume}
            max={1}
            step={0.1}
            valueText={`${Math.round(state.volume * 100)}%`}
            onValueChange={actions.setVolume}
          />
          <UpNext />
          <ControlButton
            size="icon-sm"
            label={prefs.display === 'video' ? 'Switch to audio only' : 'Show the video'}
            onClick={() => updatePlayerPrefs({ display: prefs.display === 'video' ? 'audio' : 'video' })}
          >
            {prefs.display === 'video' ? <Music2 /> : <Video />}
          </ControlButton>
          {/* Only where there is a keyboard: a fine pointer (mouse, trackpad) goes with one; a phone has neither. */}
          <ControlButton
            size="icon-sm"
            label="Keyboard shortcuts"
            hint="?"
            onClick={onHelp}
            className="pointer-coarse:hidden"
          >
            <Keyboard />
          </ControlButton>
          <ControlButton size="icon-sm" label="Collapse player" onClick={onCollapse}>
            <ChevronDown />
          </ControlButton>
          <ControlButton size="icon-sm" label="Close player" onClick={onClose}>
            <X />
          </ControlButton>
        </Group>
      </div>
    </div>
  );
}
