import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeSongCursor, encodeSongCursor } from './song-cursor';

describe('song cursor', () => {
  it('round-trips every position, microseconds included', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 253_402_300_799_999_999n }),
        fc.integer({ min: 1, max: 2_147_483_647 }),
        (micros, id) => {
          const c = { micros: micros.toString(), id };
          const text = encodeSongCursor(c);
          expect(text).toMatch(/^[A-Za-z0-9_-]+$/);
          expect(decodeSongCursor(text)).toEqual(c);
        },
      ),
    );
  });

  it('refuses anything it did not make', () => {
    for (const bad of ['', 'abc', '!!!', 'x'.repeat(201), Buffer.from('v1:1:0').toString('base64url')])
      expect(decodeSongCursor(bad), bad).toBeNull();
    expect(decodeSongCursor(Buffer.from('v1:99999999999999999999:1').toString('base64url'))).toBeNull();
    expect(decodeSongCursor(Buffer.from("v1:1:1' or 1=1").toString('base64url'))).toBeNull();
    fc.assert(fc.property(fc.string(), (s) => void decodeSongCursor(s)));
  });
});
