import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  initialPlayerState,
  playerReducer,
  toSnapshot,
  upcoming,
  type PlayableSong,
  type PlayerAction,
  type PlayerState,
} from './player-reducer';

const song = (id: number, extra: Partial<PlayableSong> = {}): PlayableSong => ({
  id,
  title: `Song ${id}`,
  artist: `Artist ${id}`,
  youtubeId: `vid${String(id).padStart(8, '0')}`,
  thumbnailUrl: null,
  duration: 180,
  ...extra,
});
const pdf = (id: number) => song(id, { youtubeId: null, pdfUrl: `/api/files/${id}` });

/** Replays actions from a state and returns every intermediate state. */
function replay(actions: PlayerAction[], from: PlayerState = initialPlayerState): PlayerState[] {
  const states: PlayerState[] = [];
  let s = from;
  for (const a of actions) {
    s = playerReducer(s, a);
    states.push(s);
  }
  return states;
}
const run = (actions: PlayerAction[], from?: PlayerState) => replay(actions, from).at(-1)!;
const ids = (songs: PlayableSong[]) => songs.map((s) => s.id);
const queued = (state: PlayerState) => state.queue.map((e) => e.song.id);
const A = song(1);
const B = song(2);
const C = song(3);
const D = song(4);
const E = song(5);
const list = [A, B, C, D, E];
const loaded = (extra: PlayerAction[] = []) => run([{ type: 'playAll', songs: list }, ...extra]);

describe('initial state (spec section 3)', () => {
  it('starts empty, paused, at volume 0.7, with the 240 s assumption', () => {
    expect(initialPlayerState).toMatchObject({
      songs: [],
      currentIndex: -1,
      currentSong: null,
      isPlaying: false,
      shuffle: false,
      repeat: false,
      volume: 0.7,
      currentTime: 0,
      duration: 240,
    });
  });
  it('play, toggle and next do nothing without a song', () => {
    for (const a of [
      { type: 'play' },
      { type: 'toggle' },
      { type: 'next', random: 0 },
      { type: 'previous', random: 0 },
      { type: 'seek', time: 10 },
    ] as PlayerAction[]) {
      expect(playerReducer(initialPlayerState, a)).toBe(initialPlayerState);
    }
  });
});

describe('Play All and Mix', () => {
  it('Play All loads only songs with a video id, starts at index 0 and plays', () => {
    const s = run([{ type: 'playAll', songs: [pdf(9), A, song(8, { youtubeId: null }), B] }]);
    expect(ids(s.songs)).toEqual([1, 2]);
    expect(s).toMatchObject({ currentIndex: 0, isPlaying: true, currentTime: 0, duration: 180 });
    expect(s.currentSong?.id).toBe(1);
  });

  it('with no playable song both do nothing', () => {
    const before = loaded();
    expect(playerReducer(before, { type: 'playAll', songs: [pdf(9)] })).toBe(before);
    expect(playerReducer(before, { type: 'mix', songs: [], random: 0.5 })).toBe(before);
    expect(playerReducer(initialPlayerState, { type: 'playAll', songs: [] })).toBe(initialPlayerState);
  });

  it('Mix loads the same filtered list at a random start with shuffle on, and plays', () => {
    const s = run([{ type: 'mix', songs: [pdf(9), ...list], random: 0.65 }]);
    expect(ids(s.songs)).toEqual([1, 2, 3, 4, 5]);
    expect(s).toMatchObject({ currentIndex: 3, shuffle: true, isPlaying: true });
    expect(run([{ type: 'mix', songs: list, random: 0 }]).currentIndex).toBe(0);
    expect(run([{ type: 'mix', songs: list, random: 0.9999 }]).currentIndex).toBe(4);
  });

  it('Play All after a Mix plays in order again', () => {
    const s = run([
      { type: 'mix', songs: list, random: 0.5 },
      { type: 'playAll', songs: list },
      { type: 'next', random: 0.9 },
    ]);
    expect(s.shuffle).toBe(false);
    expect(s.currentIndex).toBe(1);
  });

  it('a song without a duration is assumed 240 s long', () => {
    expect(run([{ type: 'playAll', songs: [song(1, { duration: null })] }]).duration).toBe(240);
  });
});

describe('play, pause, toggle', () => {
  it('toggles between playing and paused', () => {
    const [paused, playing, pausedAgain] = replay([{ type: 'toggle' }, { type: 'play' }, { type: 'pause' }], loaded());
    expect(paused.isPlaying).toBe(false);
    expect(playing.isPlaying).toBe(true);
    expect(pausedAgain.isPlaying).toBe(false);
  });
});

describe('next and previous', () => {
  it('next walks the list and wraps to the first after the last', () => {
    const states = replay(
      Array.from({ length: 5 }, () => ({ type: 'next', random: 0 }) as PlayerAction),
      loaded(),
    );
    expect(states.map((s) => s.currentIndex)).toEqual([1, 2, 3, 4, 0]);
    expect(states.every((s) => s.isPlaying && s.currentTime === 0)).toBe(true);
  });

  it('previous wraps to the last from the first', () => {
    const states = replay(
      [
        { type: 'previous', random: 0 },
        { type: 'previous', random: 0 },
      ],
      loaded(),
    );
    expect(states.map((s) => s.currentIndex)).toEqual([4, 3]);
  });

  it('each move asks the adapter to load (loadToken changes), even onto the same song', () => {
    const one = run([{ type: 'playAll', songs: [A] }]);
    const again = playerReducer(one, { type: 'next', random: 0 });
    expect(again.currentIndex).toBe(0);
    expect(again.loadToken).toBe(one.loadToken + 1);
  });

  it('with shuffle on, next and previous pick a random other song', () => {
    const s = loaded([{ type: 'toggleShuffle' }]);
    // Other songs than index 0 are [1,2,3,4]; random 0.5 → the third of them.
    expect(playerReducer(s, { type: 'next', random: 0.5 }).currentIndex).toBe(3);
    expect(playerReducer(s, { type: 'next', random: 0 }).currentIndex).toBe(1);
    expect(playerReducer(s, { type: 'previous', random: 0.99 }).currentIndex).toBe(4);
  });

  it('shuffle never repeats the current song when there is another one (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 30 }),
        fc.nat(),
        fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }),
        (n, start, r) => {
          const songs = Array.from({ length: n }, (_, i) => song(i + 1));
          const s = run([{ type: 'playAll', songs }, { type: 'jump', index: start % n }, { type: 'toggleShuffle' }]);
          const after = playerReducer(s, { type: 'next', random: r });
          return after.currentIndex !== s.currentIndex && after.currentIndex >= 0 && after.currentIndex < n;
        },
      ),
    );
  });
});

describe('jump', () => {
  it('jumps to an index and plays', () => {
    const s = loaded([{ type: 'pause' }, { type: 'jump', index: 3 }]);
    expect(s).toMatchObject({ currentIndex: 3, isPlaying: true });
    expect(s.currentSong?.id).toBe(4);
  });
  it('ignores out-of-range indexes', () => {
    const s = loaded();
    for (const index of [-1, 5, 99, 1.5, Number.NaN]) expect(playerReducer(s, { type: 'jump', index })).toBe(s);
  });
});

describe('end of a song', () => {
  it('advances to the next song, wrapping at the end', () => {
    const states = replay(
      [
        { type: 'jump', index: 4 },
        { type: 'ended', random: 0 },
      ],
      loaded(),
    );
    expect(states[1].currentIndex).toBe(0);
    expect(states[1].isPlaying).toBe(true);
  });
  it('with repeat on, restarts the same song from 0', () => {
    const s = loaded([{ type: 'toggleRepeat' }, { type: 'position', time: 170 }]);
    const after = playerReducer(s, { type: 'ended', random: 0 });
    expect(after).toMatchObject({ currentIndex: 0, currentTime: 0, isPlaying: true });
    expect(after.loadToken).toBe(s.loadToken + 1);
  });
});

describe('seek, rewind and forward (spec section 5)', () => {
  it('seek is bounded to 0..duration', () => {
    const s = loaded();
    expect(playerReducer(s, { type: 'seek', time: 50 }).currentTime).toBe(50);
    expect(playerReducer(s, { type: 'seek', time: -5 }).currentTime).toBe(0);
    expect(playerReducer(s, { type: 'seek', time: 999 }).currentTime).toBe(180);
    expect(playerReducer(s, { type: 'seek', time: 10 }).seekToken).toBe(s.seekToken + 1);
  });
  it('rewind and forward move 30 s (10 s on the overlay), bounded', () => {
    const s = loaded([{ type: 'position', time: 20 }]);
    expect(playerReducer(s, { type: 'seekBy', seconds: 30 }).currentTime).toBe(50);
    expect(playerReducer(s, { type: 'seekBy', seconds: -30 }).currentTime).toBe(0);
    expect(playerReducer(s, { type: 'seekBy', seconds: -10 }).currentTime).toBe(10);
    const nearEnd = playerReducer(s, { type: 'position', time: 170 });
    expect(playerReducer(nearEnd, { type: 'seekBy', seconds: 30 }).currentTime).toBe(180);
  });
  it('the real duration replaces the assumed one; position is kept within it', () => {
    const s = run([
      { type: 'playAll', songs: [song(1, { duration: null })] },
      { type: 'duration', duration: 212.4 },
      { type: 'position', time: 500 },
    ]);
    expect(s.duration).toBe(212.4);
    expect(s.currentTime).toBe(212.4);
    expect(playerReducer(s, { type: 'duration', duration: 0 })).toBe(s);
  });
});

describe('volume and mute', () => {
  it('volume is clamped to 0..1', () => {
    const s = loaded();
    expect(playerReducer(s, { type: 'setVolume', volume: 1.4 }).volume).toBe(1);
    expect(playerReducer(s, { type: 'setVolume', volume: -1 }).volume).toBe(0);
    expect(playerReducer(s, { type: 'setVolume', volume: 0.3 }).volume).toBe(0.3);
  });
  it('mute toggles between 0 and 0.7', () => {
    const [muted, unmuted] = replay([{ type: 'toggleMute' }, { type: 'toggleMute' }], loaded());
    expect(muted.volume).toBe(0);
    expect(unmuted.volume).toBe(0.7);
  });
  it('unmute returns to a volume the user chose, or 0.7 after the slider went to 0', () => {
    expect(
      run([{ type: 'setVolume', volume: 0.4 }, { type: 'toggleMute' }, { type: 'toggleMute' }], loaded()).volume,
    ).toBe(0.4);
    expect(run([{ type: 'setVolume', volume: 0 }, { type: 'toggleMute' }], initialPlayerState).volume).toBe(0.7);
  });
});

describe('Play next and Add to queue', () => {
  it('queued songs play before the list continues, Play next first', () => {
    const s = loaded([
      { type: 'addToQueue', song: song(10) },
      { type: 'playNext', song: song(11) },
    ]);
    expect(queued(s)).toEqual([11, 10]);
    const [first, second, third] = replay(
      [
        { type: 'next', random: 0 },
        { type: 'ended', random: 0 },
        { type: 'next', random: 0 },
      ],
      s,
    );
    expect([first.currentSong?.id, second.currentSong?.id, third.currentSong?.id]).toEqual([11, 10, 2]);
    expect(first.fromQueue).toBe(true);
    expect(third).toMatchObject({ fromQueue: false, currentIndex: 1 });
  });

  it('queued songs stay when shuffle is toggled, and still come first with shuffle on', () => {
    const s = loaded([
      { type: 'addToQueue', song: song(10) },
      { type: 'toggleShuffle' },
      { type: 'toggleShuffle' },
      { type: 'toggleShuffle' },
    ]);
    expect(queued(s)).toEqual([10]);
    expect(playerReducer(s, { type: 'next', random: 0.7 }).currentSong?.id).toBe(10);
  });

  it('previous from a queued song returns to the list song it interrupted', () => {
    const s = loaded([
      { type: 'jump', index: 2 },
      { type: 'addToQueue', song: song(10) },
      { type: 'next', random: 0 },
      { type: 'previous', random: 0 },
    ]);
    expect(s.currentSong?.id).toBe(3);
  });

  it('with nothing playing, queueing a song plays it; PDF songs are never queued', () => {
    expect(run([{ type: 'addToQueue', song: A }]).currentSong?.id).toBe(1);
    const s = loaded();
    expect(playerReducer(s, { type: 'playNext', song: pdf(9) })).toBe(s);
  });

  it('queueing while the bar is closed opens it again without starting playback', () => {
    const s = loaded([{ type: 'close' }, { type: 'addToQueue', song: song(10) }]);
    expect(s).toMatchObject({ open: true, isPlaying: false });
  });

  it('a queued song can be played now or removed from Up Next', () => {
    const s = loaded([
      { type: 'addToQueue', song: song(10) },
      { type: 'addToQueue', song: song(11) },
    ]);
    const [first, second] = s.queue;
    const played = playerReducer(s, { type: 'playFromQueue', entryId: second.id });
    expect(played.currentSong?.id).toBe(11);
    expect(played.queue).toEqual([first]);
    expect(queued(playerReducer(s, { type: 'removeFromQueue', entryId: first.id }))).toEqual([11]);
    expect(playerReducer(s, { type: 'removeFromQueue', entryId: 999 })).toBe(s);
    expect(playerReducer(s, { type: 'playFromQueue', entryId: 999 })).toBe(s);
  });

  it('the same song queued twice is two entries; removing one leaves the other', () => {
    const s = loaded([
      { type: 'addToQueue', song: song(10) },
      { type: 'addToQueue', song: song(10) },
    ]);
    expect(s.queue).toHaveLength(2);
    expect(s.queue[0].id).not.toBe(s.queue[1].id);
    const after = playerReducer(s, { type: 'removeFromQueue', entryId: s.queue[1].id });
    expect(after.queue).toEqual([s.queue[0]]);
  });

  it('an entry keeps its id while the queue shifts, and ids are never reused (property)', () => {
    const step = fc.oneof(
      fc.record({
        kind: fc.constantFrom('addToQueue' as const, 'playNext' as const),
        songId: fc.integer({ min: 1, max: 8 }),
      }),
      fc.record({ kind: fc.constantFrom('removeFromQueue' as const, 'playFromQueue' as const), pick: fc.nat() }),
      fc.record({ kind: fc.constantFrom('next' as const, 'ended' as const, 'clearQueue' as const) }),
    );
    fc.assert(
      fc.property(fc.array(step, { maxLength: 40 }), (steps) => {
        let s = loaded();
        const songOf = new Map<number, number>();
        for (const st of steps) {
          let action: PlayerAction;
          if (st.kind === 'addToQueue' || st.kind === 'playNext') action = { type: st.kind, song: song(st.songId) };
          else if (st.kind === 'removeFromQueue' || st.kind === 'playFromQueue') {
            const target = s.queue.length ? s.queue[st.pick % s.queue.length].id : 12345;
            action = { type: st.kind, entryId: target };
          } else if (st.kind === 'clearQueue') action = { type: 'clearQueue' };
          else action = { type: st.kind, random: 0 };
          const before = s;
          s = playerReducer(s, action);
          const entryIds = s.queue.map((e) => e.id);
          expect(new Set(entryIds).size).toBe(entryIds.length);
          for (const e of s.queue) {
            // An id names one song for good: a new entry never takes an id used before.
            if (songOf.has(e.id)) expect(e.song.id).toBe(songOf.get(e.id));
            else {
              expect(before.queue.some((b) => b.id === e.id)).toBe(false);
              expect(e.id).toBeLessThan(s.nextQueueId);
              songOf.set(e.id, e.song.id);
            }
          }
          if (action.type === 'removeFromQueue' || action.type === 'playFromQueue') {
            const target = action.entryId;
            expect(s.queue.some((e) => e.id === target)).toBe(false);
            expect(s.queue).toEqual(before.queue.filter((e) => e.id !== target));
          }
          // Whatever else changes, every surviving entry is the same object it was.
          for (const e of s.queue) {
            const old = before.queue.find((b) => b.id === e.id);
            if (old) expect(e).toBe(old);
          }
        }
      }),
    );
  });

  it('Up Next lists the queue, then the rest of the list in order', () => {
    const s = loaded([
      { type: 'jump', index: 1 },
      { type: 'addToQueue', song: song(10) },
    ]);
    expect(upcoming(s).map((u) => [u.song.id, u.queued])).toEqual([
      [10, true],
      [3, false],
      [4, false],
      [5, false],
    ]);
    expect(upcoming(s)[0]).toMatchObject({ queued: true, entryId: s.queue[0].id });
  });
});

describe('playSong and the musicPlayerUpdate list', () => {
  it('with a list, plays the song inside that list (playable songs only)', () => {
    const s = run([{ type: 'playSong', song: C, list: [A, pdf(9), B, C, D] }]);
    expect(ids(s.songs)).toEqual([1, 2, 3, 4]);
    expect(s).toMatchObject({ currentIndex: 2, isPlaying: true });
  });
  it('a single song joins the loaded list after the current one', () => {
    const s = run([
      { type: 'playAll', songs: [A, B] },
      { type: 'playSong', song: song(7) },
    ]);
    expect(ids(s.songs)).toEqual([1, 7, 2]);
    expect(s.currentIndex).toBe(1);
    expect(playerReducer(s, { type: 'playSong', song: B }).currentIndex).toBe(2);
  });
  it('a PDF song is not played', () => {
    const s = loaded();
    expect(playerReducer(s, { type: 'playSong', song: pdf(9) })).toBe(s);
  });
});

describe('errors from the video provider', () => {
  it('100, 101 and 150 skip to the next song with a notice', () => {
    for (const code of [100, 101, 150]) {
      const s = playerReducer(loaded(), { type: 'error', code, random: 0 });
      expect(s.currentIndex).toBe(1);
      expect(s.isPlaying).toBe(true);
      expect(s.notice).toMatchObject({ kind: 'unplayable', code, song: { id: 1 } });
    }
  });
  it('2 and 5 are retried once, then skipped', () => {
    for (const code of [2, 5]) {
      const [retry, skip] = replay(
        [
          { type: 'error', code, random: 0 },
          { type: 'error', code, random: 0 },
        ],
        loaded(),
      );
      expect(retry).toMatchObject({ currentIndex: 0, retries: 1, notice: null });
      expect(retry.loadToken).toBeGreaterThan(loaded().loadToken);
      expect(skip.currentIndex).toBe(1);
      expect(skip.retries).toBe(0);
    }
  });
  it('a list of only unplayable songs stops instead of looping', () => {
    const states = replay(
      [
        { type: 'error', code: 150, random: 0 },
        { type: 'error', code: 150, random: 0 },
        { type: 'error', code: 101, random: 0 },
      ],
      run([{ type: 'playAll', songs: [A, B, C] }]),
    );
    expect(states.map((s) => s.currentIndex)).toEqual([1, 2, 2]);
    expect(states[2]).toMatchObject({ isPlaying: false, notice: { kind: 'all-unplayable' } });
  });
  it('with shuffle on, the random pick leaves out songs that failed', () => {
    const s = run(
      [{ type: 'toggleShuffle' }, { type: 'error', code: 150, random: 0 }],
      run([{ type: 'playAll', songs: [A, B, C] }]),
    );
    // A failed; candidates are B and C.
    expect([2, 3]).toContain(s.currentSong?.id);
    const t = playerReducer(s, { type: 'error', code: 150, random: 0.99 });
    expect(t.currentSong?.id).toBe(s.currentSong?.id === 2 ? 3 : 2);
    expect(playerReducer(t, { type: 'error', code: 150, random: 0.5 }).isPlaying).toBe(false);
  });
  it('the end of a song skips songs that already failed', () => {
    const s = run(
      [
        { type: 'error', code: 150, random: 0 },
        { type: 'jump', index: 2 },
        { type: 'ended', random: 0 },
      ],
      run([{ type: 'playAll', songs: [A, B, C] }]),
    );
    // A failed earlier, so after C comes B rather than A.
    expect(s.currentSong?.id).toBe(2);
  });
  it('a new list forgets earlier failures', () => {
    const s = run(
      [
        { type: 'error', code: 150, random: 0 },
        { type: 'playAll', songs: [A, B] },
      ],
      run([{ type: 'playAll', songs: [A] }]),
    );
    expect(s.unplayableIds).toEqual([]);
    expect(s.isPlaying).toBe(true);
  });
  it('blocked autoplay pauses and raises a notice', () => {
    expect(playerReducer(loaded(), { type: 'autoplayBlocked' })).toMatchObject({
      isPlaying: false,
      notice: { kind: 'autoplay-blocked' },
    });
  });
});

describe('adapter reports', () => {
  it('playing and paused reports follow the provider', () => {
    const paused = playerReducer(loaded(), { type: 'playerPaused' });
    expect(paused.isPlaying).toBe(false);
    expect(playerReducer(paused, { type: 'playerPlaying' }).isPlaying).toBe(true);
  });
  it('position is bounded and ignored without a song', () => {
    expect(playerReducer(loaded(), { type: 'position', time: 42.5 }).currentTime).toBe(42.5);
    expect(playerReducer(initialPlayerState, { type: 'position', time: 3 })).toBe(initialPlayerState);
  });
});

describe('close and restore', () => {
  it('close pauses and hides the bar; playing again reopens it', () => {
    const closed = playerReducer(loaded(), { type: 'close' });
    expect(closed).toMatchObject({ open: false, isPlaying: false });
    expect(playerReducer(closed, { type: 'next', random: 0 }).open).toBe(true);
  });
  it('a snapshot restores list, queue, position, volume and modes, paused', () => {
    const s = loaded([
      { type: 'jump', index: 2 },
      { type: 'position', time: 61.7 },
      { type: 'setVolume', volume: 0.3 },
      { type: 'addToQueue', song: song(10) },
      { type: 'toggleRepeat' },
    ]);
    const restored = playerReducer(initialPlayerState, {
      type: 'restore',
      snapshot: JSON.parse(JSON.stringify(toSnapshot(s))),
    });
    expect(restored).toMatchObject({ currentIndex: 2, currentTime: 61, volume: 0.3, repeat: true, isPlaying: false });
    expect(restored.currentSong?.id).toBe(3);
    expect(restored.queue).toEqual(s.queue);
    expect(restored.nextQueueId).toBe(s.nextQueueId);
    expect(restored.loadToken).toBe(1);
  });
  it('a bar the user closed stays closed after a reload, until something is played', () => {
    const closed = playerReducer(loaded(), { type: 'close' });
    const restored = playerReducer(initialPlayerState, {
      type: 'restore',
      snapshot: JSON.parse(JSON.stringify(toSnapshot(closed))),
    });
    expect(restored).toMatchObject({ open: false, isPlaying: false });
    expect(restored.currentSong).not.toBeNull();
    expect(playerReducer(restored, { type: 'play' }).open).toBe(true);
    // Snapshots from before this field was kept open the bar, as they did.
    const { open: _open, ...older } = toSnapshot(loaded());
    expect(playerReducer(initialPlayerState, { type: 'restore', snapshot: older as never }).open).toBe(true);
  });
  it('a snapshot from before queue entries had ids still loads: its songs get fresh ids', () => {
    const s = loaded([{ type: 'jump', index: 1 }]);
    const older = { ...toSnapshot(s), queue: [song(10), song(11), pdf(12), song(10)] };
    const restored = playerReducer(initialPlayerState, {
      type: 'restore',
      snapshot: JSON.parse(JSON.stringify(older)),
    });
    expect(queued(restored)).toEqual([10, 11, 10]);
    const entryIds = restored.queue.map((e) => e.id);
    expect(new Set(entryIds).size).toBe(3);
    expect(Math.max(...entryIds)).toBeLessThan(restored.nextQueueId);
    // The migrated entries work like any other: queue another, remove one by id.
    const more = playerReducer(restored, { type: 'addToQueue', song: song(13) });
    expect(new Set(more.queue.map((e) => e.id)).size).toBe(4);
    const removed = playerReducer(more, { type: 'removeFromQueue', entryId: entryIds[2] });
    expect(queued(removed)).toEqual([10, 11, 13]);
  });

  it('restored entries keep their ids; repeated or missing ids get fresh ones', () => {
    const restored = playerReducer(initialPlayerState, {
      type: 'restore',
      snapshot: {
        songs: [A],
        currentIndex: 0,
        queue: [
          { id: 7, song: song(10) },
          { id: 7, song: song(11) },
          { song: song(12) },
          { id: -1, song: song(13) },
        ] as never,
      },
    });
    expect(restored.queue.map((e) => [e.id, e.song.id])).toEqual([
      [7, 10],
      [8, 11],
      [9, 12],
      [10, 13],
    ]);
    expect(restored.nextQueueId).toBe(11);
  });

  it('an unknown action changes nothing', () => {
    const s = loaded();
    expect(playerReducer(s, { type: 'nonsense' } as never)).toBe(s);
  });

  it('a damaged snapshot restores safely', () => {
    const restored = playerReducer(initialPlayerState, {
      type: 'restore',
      snapshot: { songs: [A], currentIndex: 7, volume: 5, currentTime: -3 } as never,
    });
    expect(restored).toMatchObject({ currentSong: null, currentIndex: -1, volume: 1, currentTime: 0 });
  });
});
