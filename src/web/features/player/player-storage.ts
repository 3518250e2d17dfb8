/**
 * Keeps the player's snapshot in localStorage across reloads. The position changes once a second while a song
 * plays, so a change of the position alone is throttled (at most one write per `SNAPSHOT_SAVE_INTERVAL_MS`, the
 * latest state wins); anything else the snapshot holds (list, queue, song, volume, modes) is a user's action and
 * is written at once. The pending position is written when the page is hidden or left.
 */
import { toSnapshot, type PlayerSnapshot, type PlayerState } from './player-reducer';

export const PLAYER_STORAGE_KEY = 'crowdmix:player';
/** At most one write per this many milliseconds while the state keeps changing. */
export const SNAPSHOT_SAVE_INTERVAL_MS = 5_000;

/** Reads the stored snapshot; null when there is none or it cannot be read. */
export function readPlayerSnapshot(storage: Pick<Storage, 'getItem'> | undefined): Partial<PlayerSnapshot> | null {
  try {
    const raw = storage ? storage.getItem(PLAYER_STORAGE_KEY) : null;
    const parsed: unknown = raw ? JSON.parse(raw) : null;
    return parsed && typeof parsed === 'object' ? (parsed as Partial<PlayerSnapshot>) : null;
  } catch {
    return null;
  }
}

/** Where the snapshots go and the page events that flush them (the real `window` and `document` in the app). */
export interface PersistenceEnv {
  storage: Pick<Storage, 'setItem'>;
  /** Fires 'pagehide'. */
  window: EventTarget;
  /** Fires 'visibilitychange' and tells whether the page is hidden. */
  document: EventTarget & { readonly visibilityState: DocumentVisibilityState };
  intervalMs?: number;
}

/** The state fields a snapshot keeps besides the position: a change to any of them is written at once. */
const KEPT_AT_ONCE = [
  'songs',
  'currentIndex',
  'queue',
  'fromQueue',
  'currentSong',
  'volume',
  'volumeBeforeMute',
  'shuffle',
  'repeat',
  'open',
] as const satisfies ReadonlyArray<keyof PlayerSnapshot & keyof PlayerState>;

const sameKept = (a: PlayerState, b: PlayerState) => KEPT_AT_ONCE.every((k) => Object.is(a[k], b[k]));

export interface SnapshotPersistence {
  /** Remembers the latest state: written at once unless only the position changed, else within the interval. */
  update(state: PlayerState): void;
  /** Writes the pending state now (nothing when nothing changed since the last write). */
  flush(): void;
  /** Flushes and stops listening to the page events. */
  dispose(): void;
}

/** Starts persisting player states to `env.storage`, throttled, flushed on 'pagehide' and when hidden. */
export function persistPlayerSnapshots(env: PersistenceEnv): SnapshotPersistence {
  const intervalMs = env.intervalMs ?? SNAPSHOT_SAVE_INTERVAL_MS;
  let pending: PlayerState | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let lastWritten: string | null = null;
  /** The last state handed to `update`, to tell a position tick from a user's action. */
  let last: PlayerState | null = null;

  const flush = () => {
    if (timer !== null) {
      clearTimeout(timer);
      timer = null;
    }
    if (!pending) return;
    const json = JSON.stringify(toSnapshot(pending));
    pending = null;
    if (json === lastWritten) return;
    try {
      env.storage.setItem(PLAYER_STORAGE_KEY, json);
      lastWritten = json;
    } catch {
      // Storage full or disabled: the player still works, it just forgets.
    }
  };
  const onVisibilityChange = () => {
    if (env.document.visibilityState === 'hidden') flush();
  };
  env.window.addEventListener('pagehide', flush);
  env.document.addEventListener('visibilitychange', onVisibilityChange);

  return {
    update(state) {
      const onlyPosition = last !== null && sameKept(last, state);
      last = state;
      pending = state;
      if (!onlyPosition) flush();
      else if (timer === null) timer = setTimeout(flush, intervalMs);
    },
    flush,
    dispose() {
      flush();
      env.window.removeEventListener('pagehide', flush);
      env.document.removeEventListener('visibilitychange', onVisibilityChange);
    },
  };
}
