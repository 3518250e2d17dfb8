/**
 * The player's public API: <PlayerProvider> (mounted once in <App>) and the hooks every screen uses to play
 * songs. The state lives in the pure reducer; this file adds persistence, toasts, the 'musicPlayerUpdate'
 * window event and Media Session, and hands the YouTube adapter a handle for gesture-started playback.
 */
import {
  createContext,
  useContext,
  useEffect,
  useMemo,
  useReducer,
  useRef,
  type Dispatch,
  type ReactNode,
  type RefObject,
} from 'react';
import { toast } from '../../lib/toast';
import { MUSIC_PLAYER_UPDATE, type MusicPlayerUpdateDetail } from './music-player-event';
import { openPdfViewer } from './pdf/pdf-viewer-store';
import { PdfViewerHost } from './pdf/pdf-viewer-host';
import {
  initialPlayerState,
  isFatalError,
  isPlayable,
  playerReducer,
  type PlayableSong,
  type PlayerAction,
  type PlayerState,
} from './player-reducer';
import { persistPlayerSnapshots, readPlayerSnapshot, type SnapshotPersistence } from './player-storage';
import { youtubeWatchUrl } from './youtube';

export type { PlayableSong, PlayerState } from './player-reducer';

/** What the YouTube adapter lets the page do inside a user gesture (mobile browsers play only then). */
export interface PlayerAdapterHandle {
  playNow(): void;
}

export interface PlayerActions {
  /** Plays the songs that have a video, in order from the first; false when none can play. */
  playAll(songs: readonly PlayableSong[]): boolean;
  /** The Mix button: the same songs from a random one, shuffle on; false when none can play. */
  shuffleAll(songs: readonly PlayableSong[]): boolean;
  /** Plays one song (a PDF song opens in the viewer); with `list`, that list becomes the queue's list. */
  playSong(song: PlayableSong, list?: readonly PlayableSong[]): void;
  /** Queues the song to play right after the current one. */
  playNext(song: PlayableSong): void;
  /** Queues the song after the other queued songs. */
  addToQueue(song: PlayableSong): void;
  /** Removes one queue entry (by its id, see `upcoming`). */
  removeFromQueue(entryId: number): void;
  clearQueue(): void;
  play(): void;
  pause(): void;
  toggle(): void;
  next(): void;
  previous(): void;
  jump(index: number): void;
  seek(seconds: number): void;
  seekBy(seconds: number): void;
  setVolume(volume: number): void;
  toggleMute(): void;
  toggleShuffle(): void;
  toggleRepeat(): void;
  close(): void;
  /** Opens a PDF song in the in-app viewer. */
  openPdf(song: PlayableSong): void;
}

export interface PlayerContextValue extends PlayerActions {
  state: PlayerState;
}

interface Internals {
  dispatch: Dispatch<PlayerAction>;
  adapterRef: RefObject<PlayerAdapterHandle | null>;
}

/** What the YouTube adapter reports (the provider's events), as seen by `onPlayerReport` listeners. */
export type PlayerReport = Extract<
  PlayerAction,
  { type: 'playerPlaying' | 'playerPaused' | 'ended' | 'error' | 'autoplayBlocked' }
>;
type ReportListener = (report: PlayerReport, before: PlayerState) => void;
const reportListeners = new Set<ReportListener>();
const REPORT_TYPES = new Set<PlayerAction['type']>([
  'playerPlaying',
  'playerPaused',
  'ended',
  'error',
  'autoplayBlocked',
]);

/**
 * Listens to the adapter's reports (a song started playing, paused, ended, failed) with the player's state just
 * before the report is applied. For screens that must tell a server what the player did (the venue's live host).
 */
export function onPlayerReport(listener: ReportListener): () => void {
  reportListeners.add(listener);
  return () => void reportListeners.delete(listener);
}

const StateContext = createContext<PlayerState | null>(null);
const ActionsContext = createContext<PlayerActions | null>(null);
const InternalsContext = createContext<Internals | null>(null);

function initState(): PlayerState {
  let storage: Storage | undefined;
  try {
    storage = typeof localStorage === 'undefined' ? undefined : localStorage;
  } catch {
    // Storage disabled: start empty.
  }
  const snapshot = readPlayerSnapshot(storage);
  return snapshot ? playerReducer(initialPlayerState, { type: 'restore', snapshot }) : initialPlayerState;
}

/** Holds the player for the whole app, so playback continues across route changes. */
export function PlayerProvider({ children }: { children: ReactNode }) {
  const [state, dispatch] = useReducer(playerReducer, undefined, initState);
  const stateRef = useRef(state);
  const adapterRef = useRef<PlayerAdapterHandle | null>(null);

  useEffect(() => {
    stateRef.current = state;
  }, [state]);

  // Volume, mute, the list, the queue and the position survive a reload: a user's change is written at once, the
  // position (it ticks once a second) every few seconds at most and when the page is hidden or left.
  const persistenceRef = useRef<SnapshotPersistence | null>(null);
  useEffect(() => {
    const persistence = persistPlayerSnapshots({
      storage: { setItem: (key, value) => localStorage.setItem(key, value) },
      window,
      document,
    });
    persistenceRef.current = persistence;
    return () => {
      persistenceRef.current = null;
      persistence.dispose();
    };
  }, []);
  useEffect(() => {
    persistenceRef.current?.update(state);
  }, [state]);

  // One-off notices from the reducer become toasts.
  const notice = state.notice;
  useEffect(() => {
    if (!notice) return;
    if (notice.kind === 'unplayable') {
      const embedBlocked = isFatalError(notice.code);
      toast({
        title: embedBlocked ? "This video can't be played here" : "This video couldn't be loaded",
        description: `Skipped “${notice.song.title}” by ${notice.song.artist}.`,
        action: notice.song.youtubeId
          ? { label: 'Open on YouTube', href: youtubeWatchUrl(notice.song.youtubeId) }
          : undefined,
      });
    } else if (notice.kind === 'all-unplayable') {
      toast({
        title: 'Nothing left to play',
        description: 'None of the remaining songs can be played here.',
        variant: 'destructive',
      });
    }
  }, [notice]);

  const actions = useMemo<PlayerActions>(() => {
    const playFromGesture = () => {
      // Mobile browsers start media only inside the tap itself, so call the player before React re-renders.
      adapterRef.current?.playNow();
    };
    const queue = (song: PlayableSong, type: 'playNext' | 'addToQueue') => {
      if (!isPlayable(song)) {
        toast({
          title: 'Only songs with a video can be queued',
          description: song.pdfUrl ? 'Open the PDF from the song card instead.' : undefined,
        });
        return;
      }
      const wasPlaying = Boolean(stateRef.current.currentSong);
      dispatch({ type, song });
      // With nothing loaded the song simply starts; otherwise confirm where it went.
      if (wasPlaying)
        toast({
          title: type === 'playNext' ? 'Playing next' : 'Added to the queue',
          description: `${song.title} by ${song.artist}`,
          variant: 'success',
        });
    };
    return {
      playAll(songs) {
        if (!songs.some(isPlayable)) return false;
        dispatch({ type: 'playAll', songs: [...songs] });
        return true;
      },
      shuffleAll(songs) {
        if (!songs.some(isPlayable)) return false;
        dispatch({ type: 'mix', songs: [...songs], random: Math.random() });
        return true;
      },
      playSong(song, list) {
        if (!isPlayable(song)) {
          if (song.pdfUrl) openPdfViewer(song);
          return;
        }
        dispatch({ type: 'playSong', song, list: list ? [...list] : undefined });
      },
      playNext: (song) => queue(song, 'playNext'),
      addToQueue: (song) => queue(song, 'addToQueue'),
      removeFromQueue: (entryId) => dispatch({ type: 'removeFromQueue', entryId }),
      clearQueue: () => dispatch({ type: 'clearQueue' }),
      // Dispatch first: the provider may report 'playing' synchronously, and that must not be toggled back.
      play() {
        dispatch({ type: 'play' });
        playFromGesture();
      },
      pause: () => dispatch({ type: 'pause' }),
      toggle() {
        const willPlay = !stateRef.current.isPlaying;
        dispatch({ type: 'toggle' });
        if (willPlay) playFromGesture();
      },
      next: () => dispatch({ type: 'next', random: Math.random() }),
      previous: () => dispatch({ type: 'previous', random: Math.random() }),
      jump: (index) => dispatch({ type: 'jump', index }),
      seek: (time) => dispatch({ type: 'seek', time }),
      seekBy: (seconds) => dispatch({ type: 'seekBy', seconds }),
      setVolume: (volume) => dispatch({ type: 'setVolume', volume }),
      toggleMute: () => dispatch({ type: 'toggleMute' }),
      toggleShuffle: () => dispatch({ type: 'toggleShuffle' }),
      toggleRepeat: () => dispatch({ type: 'toggleRepeat' }),
      close: () => dispatch({ type: 'close' }),
      openPdf: (song) => openPdfViewer(song),
    };
  }, []);

  // The spec's browser-wide event: a playlist screen announces the song to play and its approved songs.
  useEffect(() => {
    const handle = (event: Event) => {
      const detail = (event as CustomEvent<MusicPlayerUpdateDetail>).detail;
      if (!detail?.song) return;
      const current = stateRef.current;
      const isCurrent = current.currentSong?.id === detail.song.id;
      if (!detail.isPlaying) {
        if (isCurrent) actions.pause();
        return;
      }
      if (isCurrent && !detail.songs) actions.play();
      else actions.playSong(detail.song, detail.songs ?? undefined);
    };
    window.addEventListener(MUSIC_PLAYER_UPDATE, handle);
    return () => window.removeEventListener(MUSIC_PLAYER_UPDATE, handle);
  }, [actions]);

  useMediaSession(state, actions);

  const internals = useMemo<Internals>(
    () => ({
      dispatch: (action) => {
        if (REPORT_TYPES.has(action.type))
          for (const listener of reportListeners) {
            try {
              listener(action as PlayerReport, stateRef.current);
            } catch {
              // A listener's failure must never stop the player.
            }
          }
        dispatch(action);
      },
      adapterRef,
    }),
    [],
  );
  return (
    <InternalsContext.Provider value={internals}>
      <ActionsContext.Provider value={actions}>
        <StateContext.Provider value={state}>
          {children}
          <PdfViewerHost />
        </StateContext.Provider>
      </ActionsContext.Provider>
    </InternalsContext.Provider>
  );
}

/** Lock-screen and media-key controls, best effort: the audio plays inside YouTube's cross-origin frame. */
function useMediaSession(state: PlayerState, actions: PlayerActions) {
  const song = state.currentSong;
  useEffect(() => {
    if (typeof navigator === 'undefined' || !('mediaSession' in navigator)) return;
    const session = navigator.mediaSession;
    try {
      session.metadata = song
        ? new MediaMetadata({
            title: song.title,
            artist: song.artist,
            artwork: song.thumbnailUrl ? [{ src: song.thumbnailUrl, sizes: '480x360', type: 'image/jpeg' }] : [],
          })
        : null;
      const handlers: Array<[MediaSessionAction, MediaSessionActionHandler | null]> = [
        ['play', song ? () => actions.play() : null],
        ['pause', song ? () => actions.pause() : null],
        ['nexttrack', song ? () => actions.next() : null],
        ['previoustrack', song ? () => actions.previous() : null],
        ['seekto', song ? (d) => d.seekTime !== undefined && actions.seek(d.seekTime) : null],
      ];
      for (const [action, handler] of handlers) {
        try {
          session.setActionHandler(action, handler);
        } catch {
          // This browser does not know the action.
        }
      }
    } catch {
      // Media Session is a nicety; never let it break playback.
    }
  }, [song, actions]);

  useEffect(() => {
    if (typeof navigator === 'undefined' || !('mediaSession' in navigator)) return;
    navigator.mediaSession.playbackState = song ? (state.isPlaying ? 'playing' : 'paused') : 'none';
  }, [song, state.isPlaying]);
}

/** The player's state and every command. Re-renders on each state change (about once a second while playing). */
export function usePlayer(): PlayerContextValue {
  const state = useContext(StateContext);
  const actions = useContext(ActionsContext);
  if (!state || !actions) throw new Error('usePlayer must be used inside <PlayerProvider>');
  return useMemo(() => ({ ...actions, state }), [actions, state]);
}

/** Only the commands (stable; song cards use this so they don't re-render with the position). */
export function usePlayerActions(): PlayerActions {
  const actions = useContext(ActionsContext);
  if (!actions) throw new Error('usePlayerActions must be used inside <PlayerProvider>');
  return actions;
}

/** Only the state. */
export function usePlayerState(): PlayerState {
  const state = useContext(StateContext);
  if (!state) throw new Error('usePlayerState must be used inside <PlayerProvider>');
  return state;
}

/** The reducer's dispatch and the adapter handle, for the bar and the YouTube adapter only. */
export function usePlayerInternals(): Internals {
  const internals = useContext(InternalsContext);
  if (!internals) throw new Error('usePlayerInternals must be used inside <PlayerProvider>');
  return internals;
}

/** Whether a song is the current one and playing (for a card's play/pause icon). */
export function useIsCurrentSong(songId: number): { isCurrent: boolean; isPlaying: boolean } {
  const state = usePlayerState();
  const isCurrent = state.currentSong?.id === songId;
  return { isCurrent, isPlaying: isCurrent && state.isPlaying };
}

export { dispatchMusicPlayerUpdate } from './music-player-event';
export { openPdfViewer } from './pdf/pdf-viewer-store';
