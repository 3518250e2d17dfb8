import { describe, expect, it } from 'vitest';
import { coverDesign } from './cover-art';

describe('coverDesign', () => {
  it('draws the same item the same way every time', () => {
    const seed = { kind: 'song' as const, id: 7, title: 'Bohemian Rhapsody', genre: 'Rock' };
    expect(coverDesign(seed)).toEqual(coverDesign({ ...seed }));
    expect(coverDesign(seed).initials).toBe('BR');
  });

  it('draws neighbours differently', () => {
    const designs = Array.from({ length: 12 }, (_, i) =>
      JSON.stringify(coverDesign({ kind: 'song', id: i, title: `Song ${i}`, genre: null })),
    );
    expect(new Set(designs).size).toBe(12);
    const patterns = new Set(
      Array.from({ length: 40 }, (_, i) => coverDesign({ kind: 'song', id: i, title: 'x' }).pattern),
    );
    expect(patterns.size).toBe(4);
  });

  it('keeps a genre within one hue family and separates kinds with the same id', () => {
    const hues = Array.from(
      { length: 20 },
      (_, i) => coverDesign({ kind: 'song', id: i, title: 't', genre: 'Jazz' }).hue,
    );
    const spread = (a: number, b: number) => Math.min(Math.abs(a - b), 360 - Math.abs(a - b));
    for (const h of hues) expect(spread(h, hues[0]!)).toBeLessThanOrEqual(80);
    expect(coverDesign({ kind: 'venue', id: 1, title: 'A' })).not.toEqual(
      coverDesign({ kind: 'playlist', id: 1, title: 'A' }),
    );
  });
});
