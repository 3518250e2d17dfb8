/**
 * The player's rules (spec sections 3, 4, 5 and 9) as one pure reducer: no React, no YouTube, no clock and no
 * randomness of its own. The YouTube adapter and the UI only dispatch actions; randomness arrives inside the
 * actions (`random` in [0, 1)) so every sequence can be replayed in tests.
 *
 * Model: `songs` is the loaded list and `currentIndex` the list position. `queue` holds the songs the user
 * asked for with 'Play next' / 'Add to queue'; they play before the list continues, whatever shuffle says,
 * and while one plays `fromQueue` is true and `currentIndex` keeps the list position to resume from. Each queued
 * song is an entry with its own id (from `nextQueueId`), so 'Up Next' can name it while the queue shifts and the
 * same song can be queued twice.
 * `loadToken` changes whenever the adapter must (re)load the current song from `currentTime`, and
 * `seekToken` whenever it must jump to `currentTime` within the loaded song.
 */
import { DEFAULT_VOLUME, PLAYER_DEFAULT_DURATION } from '@shared/constants';

/** What the player needs of a song; a shared `Song` can be passed as is. */
export interface PlayableSong {
  id: number;
  title: string;
  artist: string;
  youtubeId: string | null;
  thumbnailUrl: string | null;
  duration: number | null;
  pdfUrl?: string | null;
  genre?: string | null;
}

/** A song in the queue; `id` is unique within the queue and never changes while the entry is queued. */
export interface QueueEntry {
  id: number;
  song: PlayableSong;
}

/** A one-off message for the UI (a toast or a hint), identified by `seq` so each one is shown once. */
export type PlayerNotice =
  | { kind: 'unplayable'; seq: number; song: PlayableSong; code: number }
  | { kind: 'all-unplayable'; seq: number }
  | { kind: 'autoplay-blocked'; seq: number; song: PlayableSong };

export interface PlayerState {
  songs: PlayableSong[];
  currentIndex: number;
  currentSong: PlayableSong | null;
  isPlaying: boolean;
  shuffle: boolean;
  repeat: boolean;
  /** Effective volume, 0..1 (0 while muted). */
  volume: number;
  /** The volume to return to when unmuting. */
  volumeBeforeMute: number;
  currentTime: number;
  duration: number;
  queue: QueueEntry[];
  /** The id the next queued entry gets. */
  nextQueueId: number;
  fromQueue: boolean;
  /** Ids that failed to play since the list was loaded, so a list of only unplayable songs stops. */
  unplayableIds: number[];
  /** How many times the current song was reloaded after a transient error (2 or 5). */
  retries: number;
  /** False after the bar is closed; any new playback opens it again. */
  open: boolean;
  loadToken: number;
  seekToken: number;
  notice: PlayerNotice | null;
}

/** What survives a reload (restored paused, since browsers forbid autoplay). */
export interface PlayerSnapshot {
  songs: PlayableSong[];
  currentIndex: number;
  /** Entries; snapshots written before entries had ids hold bare songs, which `restore` still reads. */
  queue: QueueEntry[];
  fromQueue: boolean;
  currentSong: PlayableSong | null;
  currentTime: number;
  volume: number;
  volumeBeforeMute: number;
  shuffle: boolean;
  repeat: boolean;
  /** False when the user closed the bar: it stays closed after a reload until something is played. */
  open: boolean;
}

export type PlayerAction =
  | { type: 'play' }
  | { type: 'pause' }
  | { type: 'toggle' }
  | { type: 'next'; random: number }
  | { type: 'previous'; random: number }
  | { type: 'jump'; index: number }
  | { type: 'playAll'; songs: PlayableSong[] }
  | { type: 'mix'; songs: PlayableSong[]; random: number }
  /** Plays `song`; with `list`, the list (playable songs only) becomes the loaded list. */
  | { type: 'playSong'; song: PlayableSong; list?: PlayableSong[] }
  | { type: 'playNext'; song: PlayableSong }
  | { type: 'addToQueue'; song: PlayableSong }
  /** Plays a queued entry now (from 'Up Next'); the entries queued before it stay queued. */
  | { type: 'playFromQueue'; entryId: number }
  | { type: 'removeFromQueue'; entryId: number }
  | { type: 'clearQueue' }
  | { type: 'toggleShuffle' }
  | { type: 'toggleRepeat' }
  | { type: 'setVolume'; volume: number }
  | { type: 'toggleMute' }
  | { type: 'seek'; time: number }
  | { type: 'seekBy'; seconds: number }
  | { type: 'close' }
  | { type: 'restore'; snapshot: Partial<PlayerSnapshot> }
  // Reports from the YouTube adapter:
  | { type: 'playerPlaying' }
  | { type: 'playerPaused' }
  | { type: 'ended'; random: number }
  | { type: 'position'; time: number }
  | { type: 'duration'; duration: number }
  | { type: 'error'; code: number; random: number }
  | { type: 'autoplayBlocked' };

/** Rewind/forward on the bar (spec section 5). */
export const SEEK_STEP = 30;
/** Rewind/forward on the video overlay and the J/L shortcuts. */
export const OVERLAY_SEEK_STEP = 10;
/** Error codes the provider raises for videos that will never play here: skip them. */
export const FATAL_ERRORS = [100, 101, 150] as const;
/** Error codes worth one retry before skipping (bad parameter, HTML5 player error). */
export const TRANSIENT_ERRORS = [2, 5] as const;

/** True for an error code the provider raises for a video that will never play here (embedding refused). */
export const isFatalError = (code: number): boolean => (FATAL_ERRORS as readonly number[]).includes(code);
/** True for an error code worth one retry. */
export const isTransientError = (code: number): boolean => (TRANSIENT_ERRORS as readonly number[]).includes(code);

export const initialPlayerState: PlayerState = {
  songs: [],
  currentIndex: -1,
  currentSong: null,
  isPlaying: false,
  shuffle: false,
  repeat: false,
  volume: DEFAULT_VOLUME,
  volumeBeforeMute: DEFAULT_VOLUME,
  currentTime: 0,
  duration: PLAYER_DEFAULT_DURATION,
  queue: [],
  nextQueueId: 1,
  fromQueue: false,
  unplayableIds: [],
  retries: 0,
  open: true,
  loadToken: 0,
  seekToken: 0,
  notice: null,
};

/** True when the song has a video the player can load. */
export const isPlayable = (song: PlayableSong | null | undefined): boolean => Boolean(song?.youtubeId);

/** A song's length for the player: its duration, or 240 s when unknown (spec section 9). */
export const playerDuration = (song: PlayableSong | null): number =>
  song?.duration && song.duration > 0 ? song.duration : PLAYER_DEFAULT_DURATION;

const clamp = (n: number, min: number, max: number) => Math.min(max, Math.max(min, n));
const clampVolume = (v: number) => (Number.isFinite(v) ? clamp(v, 0, 1) : DEFAULT_VOLUME);
/** Maps r in [0, 1) to an integer in [0, n). */
const pick = (r: number, n: number) => clamp(Math.floor((Number.isFinite(r) ? r : 0) * n), 0, n - 1);

/** Notices are numbered from the previous one, so the reducer stays a pure function of its inputs. */
const seqAfter = (state: PlayerState) => (state.notice?.seq ?? 0) + 1;

/** Starts `song` (list position `index`, or a queued song) from 0 and asks the adapter to load it. */
function load(
  state: PlayerState,
  song: PlayableSong,
  index: number,
  fromQueue: boolean,
  isPlaying = true,
): PlayerState {
  return {
    ...state,
    currentIndex: index,
    currentSong: song,
    fromQueue,
    isPlaying,
    currentTime: 0,
    duration: playerDuration(song),
    retries: 0,
    open: true,
    loadToken: state.loadToken + 1,
  };
}

/** A random list index other than `current` when there is a choice, among `allowed` when given. */
function randomIndex(state: PlayerState, random: number, allowed?: (i: number) => boolean): number {
  const candidates = state.songs.map((_, i) => i).filter((i) => (allowed ? allowed(i) : true));
  if (candidates.length === 0) return -1;
  const others = candidates.filter((i) => i !== state.currentIndex);
  const pool = others.length > 0 ? others : candidates;
  return pool[pick(random, pool.length)];
}

/**
 * Moves forward: the queue first, then the list (wrapping to the first song after the last, or a random song
 * with shuffle on). `skipUnplayable` leaves out songs that already failed; null when nothing is left.
 */
function advance(state: PlayerState, random: number, skipUnplayable: boolean): PlayerState | null {
  const failed = new Set(skipUnplayable ? state.unplayableIds : []);
  const queueIndex = state.queue.findIndex((entry) => !failed.has(entry.song.id));
  if (queueIndex >= 0) {
    const { song } = state.queue[queueIndex];
    return load({ ...state, queue: state.queue.slice(queueIndex + 1) }, song, state.currentIndex, true);
  }
  const queue = skipUnplayable ? [] : state.queue;
  const n = state.songs.length;
  if (n === 0) return null;
  const ok = (i: number) => !failed.has(state.songs[i].id);
  let index = -1;
  if (state.shuffle) {
    index = randomIndex(state, random, ok);
  } else {
    for (let step = 1; step <= n; step++) {
      const i = (((state.currentIndex + step) % n) + n) % n;
      if (ok(i)) {
        index = i;
        break;
      }
    }
  }
  if (index < 0) return null;
  return load({ ...state, queue }, state.songs[index], index, false);
}

function previous(state: PlayerState, random: number): PlayerState {
  const n = state.songs.length;
  if (n === 0) return state;
  // Leaving a queued song goes back to the list song it interrupted.
  if (state.fromQueue && state.currentIndex >= 0)
    return load(state, state.songs[state.currentIndex], state.currentIndex, false);
  const index = state.shuffle ? randomIndex(state, random) : state.currentIndex <= 0 ? n - 1 : state.currentIndex - 1;
  return load(state, state.songs[index], index, false);
}

function seek(state: PlayerState, time: number): PlayerState {
  if (!state.currentSong || !Number.isFinite(time)) return state;
  return { ...state, currentTime: clamp(time, 0, state.duration), seekToken: state.seekToken + 1 };
}

/** Loads a new list (playable songs only) at `index`; a new list forgets which songs failed. */
function loadList(state: PlayerState, songs: PlayableSong[], index: number, shuffle: boolean): PlayerState {
  return load({ ...state, songs, shuffle, unplayableIds: [] }, songs[index], index, false);
}

/** Adds `song` to the queue as a new entry, first or last. */
function enqueue(state: PlayerState, song: PlayableSong, first: boolean): PlayerState {
  const entry: QueueEntry = { id: state.nextQueueId, song };
  return {
    ...state,
    queue: first ? [entry, ...state.queue] : [...state.queue, entry],
    nextQueueId: state.nextQueueId + 1,
    open: true,
  };
}

/**
 * Reads a stored queue: entries keep their ids; bare songs (snapshots from before entries had ids), entries with
 * a missing or repeated id get fresh ones after the highest kept id.
 */
function restoreQueue(stored: unknown): { queue: QueueEntry[]; nextQueueId: number } {
  const items = Array.isArray(stored) ? (stored as unknown[]) : [];
  const read = items
    .map((item): { id: number | null; song: PlayableSong } | null => {
      if (!item || typeof item !== 'object') return null;
      if ('song' in item && item.song && typeof item.song === 'object') {
        const id =
          'id' in item && Number.isSafeInteger(item.id) && (item.id as number) > 0 ? (item.id as number) : null;
        return { id, song: item.song as PlayableSong };
      }
      return { id: null, song: item as PlayableSong };
    })
    .filter((e): e is { id: number | null; song: PlayableSong } => e !== null && isPlayable(e.song));
  const seen = new Set<number>();
  const kept = read.map((e) => {
    if (e.id === null || seen.has(e.id)) return { ...e, id: null };
    seen.add(e.id);
    return e;
  });
  let next = Math.max(0, ...seen) + 1;
  const queue = kept.map((e) => ({ id: e.id ?? next++, song: e.song }));
  return { queue, nextQueueId: next };
}

/** The player's reducer: every rule of the player in one place. */
export function playerReducer(state: PlayerState, action: PlayerAction): PlayerState {
  switch (action.type) {
    case 'play':
      return state.currentSong && !state.isPlaying ? { ...state, isPlaying: true, open: true } : state;
    case 'pause':
      return state.isPlaying ? { ...state, isPlaying: false } : state;
    case 'toggle':
      return state.currentSong ? { ...state, isPlaying: !state.isPlaying, open: true } : state;
    case 'next':
      return advance(state, action.random, false) ?? state;
    case 'previous':
      return previous(state, action.random);
    case 'jump': {
      const { index } = action;
      if (!Number.isInteger(index) || index < 0 || index >= state.songs.length) return state;
      return load(state, state.songs[index], index, false);
    }
    case 'playAll': {
      const songs = action.songs.filter(isPlayable);
      if (songs.length === 0) return state;
      return loadList(state, songs, 0, false);
    }
    case 'mix': {
      const songs = action.songs.filter(isPlayable);
      if (songs.length === 0) return state;
      return loadList(state, songs, pick(action.random, songs.length), true);
    }
    case 'playSong': {
      const { song } = action;
      if (!isPlayable(song)) return state;
      if (action.list) {
        const songs = action.list.filter(isPlayable);
        let index = songs.findIndex((s) => s.id === song.id);
        if (index < 0) {
          songs.unshift(song);
          index = 0;
        }
        return loadList(state, songs, index, state.shuffle);
      }
      const existing = state.songs.findIndex((s) => s.id === song.id);
      if (existing >= 0) return load(state, state.songs[existing], existing, false);
      // A single song joins the loaded list right after the current position.
      const at = state.currentIndex + 1;
      const songs = [...state.songs.slice(0, at), song, ...state.songs.slice(at)];
      return load({ ...state, songs }, song, at, false);
    }
    case 'playNext':
      if (!isPlayable(action.song)) return state;
      if (!state.currentSong) return playerReducer(state, { type: 'playSong', song: action.song });
      return enqueue(state, action.song, true);
    case 'addToQueue':
      if (!isPlayable(action.song)) return state;
      if (!state.currentSong) return playerReducer(state, { type: 'playSong', song: action.song });
      return enqueue(state, action.song, false);
    case 'playFromQueue': {
      const entry = state.queue.find((e) => e.id === action.entryId);
      if (!entry) return state;
      return load({ ...state, queue: state.queue.filter((e) => e !== entry) }, entry.song, state.currentIndex, true);
    }
    case 'removeFromQueue': {
      const queue = state.queue.filter((e) => e.id !== action.entryId);
      return queue.length === state.queue.length ? state : { ...state, queue };
    }
    case 'clearQueue':
      return state.queue.length ? { ...state, queue: [] } : state;
    case 'toggleShuffle':
      return { ...state, shuffle: !state.shuffle };
    case 'toggleRepeat':
      return { ...state, repeat: !state.repeat };
    case 'setVolume': {
      const volume = clampVolume(action.volume);
      return { ...state, volume, volumeBeforeMute: volume > 0 ? volume : state.volumeBeforeMute };
    }
    case 'toggleMute':
      // Mute goes to 0; unmute returns to the volume before muting (0.7 unless the user chose another).
      return state.volume > 0
        ? { ...state, volume: 0, volumeBeforeMute: state.volume }
        : { ...state, volume: state.volumeBeforeMute > 0 ? state.volumeBeforeMute : DEFAULT_VOLUME };
    case 'seek':
      return seek(state, action.time);
    case 'seekBy':
      return seek(state, state.currentTime + action.seconds);
    case 'close':
      return { ...state, isPlaying: false, open: false };
    case 'restore': {
      const s = action.snapshot;
      const songs = (s.songs ?? []).filter(isPlayable);
      const { queue, nextQueueId } = restoreQueue(s.queue);
      const index =
        Number.isInteger(s.currentIndex) && s.currentIndex! >= 0 && s.currentIndex! < songs.length
          ? s.currentIndex!
          : -1;
      const current = s.currentSong && isPlayable(s.currentSong) ? s.currentSong : index >= 0 ? songs[index] : null;
      const volume = clampVolume(s.volume ?? DEFAULT_VOLUME);
      const before = clampVolume(s.volumeBeforeMute ?? DEFAULT_VOLUME);
      const duration = playerDuration(current);
      return {
        ...state,
        songs,
        queue,
        nextQueueId,
        currentIndex: current ? index : -1,
        currentSong: current,
        fromQueue: Boolean(current && s.fromQueue),
        isPlaying: false,
        shuffle: Boolean(s.shuffle),
        repeat: Boolean(s.repeat),
        volume,
        volumeBeforeMute: before > 0 ? before : DEFAULT_VOLUME,
        currentTime: current ? clamp(Number(s.currentTime) || 0, 0, duration) : 0,
        duration,
        open: s.open !== false,
        loadToken: state.loadToken + 1,
      };
    }
    case 'playerPlaying':
      return state.isPlaying || !state.currentSong ? state : { ...state, isPlaying: true };
    case 'playerPaused':
      return state.isPlaying ? { ...state, isPlaying: false } : state;
    case 'ended':
      if (!state.currentSong) return state;
      if (state.repeat) return { ...state, currentTime: 0, isPlaying: true, loadToken: state.loadToken + 1 };
      return advance(state, action.random, true) ?? { ...state, isPlaying: false, currentTime: state.duration };
    case 'position':
      if (!state.currentSong || !Number.isFinite(action.time)) return state;
      return { ...state, currentTime: clamp(action.time, 0, state.duration) };
    case 'duration':
      if (!state.currentSong || !Number.isFinite(action.duration) || action.duration <= 0) return state;
      return { ...state, duration: action.duration, currentTime: Math.min(state.currentTime, action.duration) };
    case 'error': {
      const song = state.currentSong;
      if (!song) return state;
      if (isTransientError(action.code) && state.retries < 1) {
        return { ...state, retries: state.retries + 1, loadToken: state.loadToken + 1 };
      }
      const marked: PlayerState = {
        ...state,
        unplayableIds: state.unplayableIds.includes(song.id) ? state.unplayableIds : [...state.unplayableIds, song.id],
        notice: { kind: 'unplayable', seq: seqAfter(state), song, code: action.code },
      };
      const skipped = advance(marked, action.random, true);
      if (skipped) return skipped;
      // Nothing left that can play: stop rather than loop over the failures.
      return { ...marked, isPlaying: false, queue: [], notice: { kind: 'all-unplayable', seq: seqAfter(marked) } };
    }
    case 'autoplayBlocked':
      return state.currentSong
        ? {
            ...state,
            isPlaying: false,
            notice: { kind: 'autoplay-blocked', seq: seqAfter(state), song: state.currentSong },
          }
        : state;
    default: {
      // Every action is handled above: a new action type fails to compile here until it is.
      const unhandled: never = action;
      void unhandled;
      return state;
    }
  }
}

/** One row of 'Up Next': a queue entry (by its id) or a list song (by its list position). */
export type UpcomingItem =
  { queued: true; song: PlayableSong; entryId: number } | { queued: false; song: PlayableSong; index: number };

/** The songs after the current one: the queue, then the list in order (no wrap), as 'Up Next' shows them. */
export function upcoming(state: PlayerState): UpcomingItem[] {
  const queued = state.queue.map((entry): UpcomingItem => ({ queued: true, song: entry.song, entryId: entry.id }));
  const rest = state.songs
    .slice(state.currentIndex + 1)
    .map((song, i): UpcomingItem => ({ queued: false, song, index: state.currentIndex + 1 + i }));
  return [...queued, ...rest];
}

/** The part of the state worth keeping across a reload. */
export function toSnapshot(state: PlayerState): PlayerSnapshot {
  return {
    songs: state.songs,
    currentIndex: state.currentIndex,
    queue: state.queue,
    fromQueue: state.fromQueue,
    currentSong: state.currentSong,
    currentTime: Math.floor(state.currentTime),
    volume: state.volume,
    volumeBeforeMute: state.volumeBeforeMute,
    shuffle: state.shuffle,
    repeat: state.repeat,
    open: state.open,
  };
}
