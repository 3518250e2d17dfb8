import { describe, expect, it } from 'vitest';
import { elapsedSeconds, minutesUntil, progressPercent, remainingSeconds } from './clock';
import { flipDelta } from './flip';

const t0 = Date.parse('2026-11-24T20:00:00.000Z');

describe('live clock', () => {
  it('computes the position from the server position plus the time since the state arrived, clamped', () => {
    const times = { positionMs: 30_000, pausedAt: null, duration: 200 };
    expect(elapsedSeconds(times, t0, t0)).toBe(30);
    expect(elapsedSeconds(times, t0, t0 + 10_000)).toBe(40);
    expect(elapsedSeconds(times, t0, t0 + 500_000)).toBe(200);
    expect(progressPercent(times, t0, t0 + 20_000)).toBe(25);
    // A device clock that moves backwards never shows a position before the server's.
    expect(elapsedSeconds(times, t0, t0 - 5_000)).toBe(30);
  });

  it('stays put while paused', () => {
    const times = { positionMs: 60_000, pausedAt: '2026-11-24T20:01:00.000Z', duration: 200 };
    expect(elapsedSeconds(times, t0, t0 + 150_000)).toBe(60);
  });

  it('has no progress without a length', () => {
    expect(progressPercent({ positionMs: 5_000, pausedAt: null, duration: null }, t0, t0)).toBe(0);
  });

  it('says when a queued song plays: what is left now plus the songs before it', () => {
    const queue = [{ song: { duration: 240 } }, { song: { duration: null } }, { song: { duration: 60 } }];
    expect(minutesUntil(queue, 0, 90)).toBe(2); // 1.5 min rounds to 2
    expect(minutesUntil(queue, 1, 60)).toBe(5); // 60 + 240
    expect(minutesUntil(queue, 2, 60)).toBe(8); // 60 + 240 + 180 unknown
    expect(minutesUntil(queue, 0, 0)).toBe(1);
  });

  it('FLIP puts a moved row back where it was', () => {
    expect(flipDelta(300, 100)).toBe(200);
    expect(flipDelta(undefined, 100)).toBe(0);
    expect(flipDelta(100, 100)).toBe(0);
  });
});

describe('remaining time', () => {
  it('is the length minus the position, 0 without a song or a length', () => {
    const np = { positionMs: 60_000, pausedAt: null, song: { duration: 200 } };
    expect(remainingSeconds(np, t0, t0 + 40_000)).toBe(100);
    expect(remainingSeconds(null, t0, t0)).toBe(0);
    expect(remainingSeconds({ ...np, song: { duration: null } }, t0, t0)).toBe(0);
  });
});
