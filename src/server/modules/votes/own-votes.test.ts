/** VoteSet, the compact form of one user's votes: it answers exactly as the map it was built from. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { VoteSet } from './own-votes';

describe('VoteSet', () => {
  it('agrees with a Map of the same votes for every song id, present or not', () => {
    fc.assert(
      fc.property(
        fc.dictionary(fc.integer({ min: 1, max: 5_000 }).map(String), fc.constantFrom('up' as const, 'down' as const), {
          maxKeys: 300,
        }),
        (dict) => {
          const map = new Map(Object.entries(dict).map(([k, v]) => [Number(k), v] as const));
          const set = VoteSet.from(map);
          expect(set.size).toBe(map.size);
          for (let id = 0; id <= 5_001; id += 7) expect(set.get(id)).toBe(map.get(id));
          for (const [id, type] of map) expect([set.get(id), set.has(id)]).toEqual([type, true]);
          expect(new Map(set)).toEqual(map);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('has nothing when empty', () => {
    expect(VoteSet.empty.size).toBe(0);
    expect(VoteSet.empty.get(1)).toBeUndefined();
  });
});
