import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { initialPlayerState, playerReducer, type PlayableSong, type PlayerState } from './player-reducer';
import {
  PLAYER_STORAGE_KEY,
  SNAPSHOT_SAVE_INTERVAL_MS,
  persistPlayerSnapshots,
  readPlayerSnapshot,
  type PersistenceEnv,
} from './player-storage';

const song = (id: number): PlayableSong => ({
  id,
  title: `Song ${id}`,
  artist: `Artist ${id}`,
  youtubeId: `vid${String(id).padStart(8, '0')}`,
  thumbnailUrl: null,
  duration: 600,
});

/** A storage that counts writes, and a window and document that can fire the page events. */
function fakeEnv() {
  const writes: string[] = [];
  const storage = { setItem: vi.fn((_key: string, value: string) => void writes.push(value)) };
  const doc = Object.assign(new EventTarget(), { visibilityState: 'visible' as DocumentVisibilityState });
  const env: PersistenceEnv = { storage, window: new EventTarget(), document: doc };
  const lastSnapshot = () => JSON.parse(writes.at(-1) ?? 'null');
  return { env, writes, storage, doc, lastSnapshot };
}

const playing = (): PlayerState => playerReducer(initialPlayerState, { type: 'playAll', songs: [song(1), song(2)] });
const at = (state: PlayerState, time: number) => playerReducer(state, { type: 'position', time });

describe('player snapshot persistence', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('a minute of once-a-second position ticks is written a bounded number of times, the latest last', () => {
    const { env, writes, lastSnapshot } = fakeEnv();
    const persistence = persistPlayerSnapshots(env);
    let state = playing();
    persistence.update(state);
    for (let t = 1; t <= 60; t++) {
      vi.advanceTimersByTime(1000);
      state = at(state, t);
      persistence.update(state);
    }
    const ticksPerWrite = SNAPSHOT_SAVE_INTERVAL_MS / 1000;
    expect(ticksPerWrite).toBeGreaterThanOrEqual(2);
    expect(writes.length).toBeGreaterThan(0);
    expect(writes.length).toBeLessThanOrEqual(Math.ceil(60 / ticksPerWrite) + 1);
    vi.advanceTimersByTime(SNAPSHOT_SAVE_INTERVAL_MS);
    expect(lastSnapshot().currentTime).toBe(60);
    persistence.dispose();
  });

  it('a position tick is not written at once; it is written within the interval', () => {
    const { env, writes, lastSnapshot } = fakeEnv();
    const persistence = persistPlayerSnapshots(env);
    const start = playing();
    persistence.update(start);
    expect(writes).toHaveLength(1);
    persistence.update(at(start, 12));
    expect(writes).toHaveLength(1);
    vi.advanceTimersByTime(SNAPSHOT_SAVE_INTERVAL_MS);
    expect(writes).toHaveLength(2);
    expect(lastSnapshot().currentTime).toBe(12);
    // No change, no write.
    vi.advanceTimersByTime(SNAPSHOT_SAVE_INTERVAL_MS * 3);
    expect(writes).toHaveLength(2);
    persistence.dispose();
  });

  it('a user’s action (mute, volume, queue) is written at once, with the latest position', () => {
    const { env, writes, lastSnapshot } = fakeEnv();
    const persistence = persistPlayerSnapshots(env);
    let state = playing();
    persistence.update(state);
    state = at(state, 9);
    persistence.update(state);
    const before = writes.length;
    state = playerReducer(state, { type: 'toggleMute' });
    persistence.update(state);
    expect(writes).toHaveLength(before + 1);
    expect(lastSnapshot()).toMatchObject({ volume: 0, currentTime: 9 });
    state = playerReducer(state, { type: 'addToQueue', song: song(7) });
    persistence.update(state);
    expect(writes).toHaveLength(before + 2);
    expect(lastSnapshot().queue).toHaveLength(1);
    persistence.dispose();
  });

  it('pagehide writes the pending position at once', () => {
    const { env, writes, lastSnapshot } = fakeEnv();
    const persistence = persistPlayerSnapshots(env);
    const start = playing();
    persistence.update(start);
    persistence.update(at(start, 33));
    expect(writes).toHaveLength(1);
    env.window.dispatchEvent(new Event('pagehide'));
    expect(writes).toHaveLength(2);
    expect(lastSnapshot().currentTime).toBe(33);
    // The timer was cancelled with the flush: nothing more later.
    vi.advanceTimersByTime(SNAPSHOT_SAVE_INTERVAL_MS * 2);
    expect(writes).toHaveLength(2);
    persistence.dispose();
  });

  it('the page turning hidden writes the pending position; turning visible does not', () => {
    const { env, writes, doc, lastSnapshot } = fakeEnv();
    const persistence = persistPlayerSnapshots(env);
    const start = playing();
    persistence.update(start);
    persistence.update(at(start, 5));
    doc.dispatchEvent(new Event('visibilitychange'));
    expect(writes).toHaveLength(1);
    doc.visibilityState = 'hidden';
    doc.dispatchEvent(new Event('visibilitychange'));
    expect(writes).toHaveLength(2);
    expect(lastSnapshot().currentTime).toBe(5);
    persistence.dispose();
  });

  it('dispose flushes and stops listening', () => {
    const { env, writes } = fakeEnv();
    const persistence = persistPlayerSnapshots(env);
    const start = playing();
    persistence.update(start);
    persistence.update(at(start, 7));
    persistence.dispose();
    expect(writes).toHaveLength(2);
    persistence.update(at(start, 8));
    env.window.dispatchEvent(new Event('pagehide'));
    expect(writes).toHaveLength(2);
  });

  it('a storage that throws never breaks the player', () => {
    const { env, storage } = fakeEnv();
    storage.setItem.mockImplementation(() => {
      throw new Error('QuotaExceededError');
    });
    const persistence = persistPlayerSnapshots(env);
    persistence.update(playing());
    expect(() => persistence.flush()).not.toThrow();
    persistence.dispose();
  });

  it('what is written is read back into the same queue entries', () => {
    const { env, writes } = fakeEnv();
    const persistence = persistPlayerSnapshots(env);
    const state = playerReducer(playing(), { type: 'addToQueue', song: song(9) });
    persistence.update(state);
    persistence.flush();
    const snapshot = readPlayerSnapshot({ getItem: (key) => (key === PLAYER_STORAGE_KEY ? writes[0] : null) });
    const restored = playerReducer(initialPlayerState, { type: 'restore', snapshot: snapshot! });
    expect(restored.queue).toEqual(state.queue);
    expect(readPlayerSnapshot({ getItem: () => '{broken' })).toBeNull();
    expect(readPlayerSnapshot(undefined)).toBeNull();
    persistence.dispose();
  });
});
