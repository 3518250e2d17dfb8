import { describe, expect, it } from 'vitest';
import { compareForMix, compareForTrending, hotScore, type Rankable } from './ranking';

const song = (id: number, up: number, down: number, createdAtMs: number): Rankable => ({
  id,
  upVotes: up,
  downVotes: down,
  createdAtMs,
});

describe('mix order', () => {
  it('puts higher net votes first, then more up votes, then the older song', () => {
    const list = [
      song(1, 5, 5, 1000),
      song(2, 3, 0, 2000),
      song(3, 4, 1, 3000),
      song(4, 4, 1, 500),
      song(5, 0, 0, 0),
      song(6, 10, 4, 0),
    ];
    expect(list.sort(compareForMix).map((s) => s.id)).toEqual([6, 4, 3, 2, 1, 5]);
  });
});

describe('hot score', () => {
  it('weighs ten times the votes like 12.5 hours of freshness', () => {
    const t = Date.UTC(2026, 0, 1);
    expect(hotScore(10, 0, t) - hotScore(1, 0, t)).toBeCloseTo(1);
    expect(hotScore(1, 0, t + 45_000_000) - hotScore(1, 0, t)).toBeCloseTo(1);
    expect(hotScore(0, 10, t)).toBeLessThan(hotScore(0, 0, t));
  });

  it('lets a fresh song with a few votes beat an old one with many', () => {
    const now = Date.UTC(2026, 0, 10);
    const old = song(1, 50, 0, now - 3 * 86_400_000);
    const fresh = song(2, 2, 0, now);
    expect([old, fresh].sort(compareForTrending)[0].id).toBe(2);
  });
});
