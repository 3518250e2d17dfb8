/** SlotSpread: one slot for a quiet song, every slot once it gets several votes a second. */
import { describe, expect, it } from 'vitest';
import { TALLY_SLOTS, slotFor } from './votes.repository';
import { SlotSpread } from './slot-spread';

describe('SlotSpread', () => {
  it('keeps a quiet song on one slot and spreads a hot one, per song and context, for one second', () => {
    let now = 0;
    const spread = new SlotSpread(() => now);
    expect([1, 2, 3, 4].map(() => spread.spreadFor(7, null))).toEqual([1, 1, 1, 1]);
    expect(spread.spreadFor(7, null)).toBe(TALLY_SLOTS);
    expect(spread.spreadFor(7, 3)).toBe(1); // the same song in a venue is another counter
    expect(spread.spreadFor(8, null)).toBe(1);
    now = 1_000;
    expect(spread.spreadFor(7, null)).toBe(1); // a new second: quiet again until it is busy again
  });

  it('maps users onto the first `spread` slots, stably', () => {
    expect(slotFor('anyone', 1)).toBe(0);
    const users = Array.from({ length: 500 }, (_, i) => `user-${i}`);
    const slots = new Set(users.map((u) => slotFor(u, TALLY_SLOTS)));
    expect(slots.size).toBeGreaterThan(TALLY_SLOTS / 2);
    expect([...slots].every((s) => s >= 0 && s < TALLY_SLOTS)).toBe(true);
    expect(users.map((u) => slotFor(u))).toEqual(users.map((u) => slotFor(u, TALLY_SLOTS)));
  });
});
