import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { withinOneEdit } from './search.repository';

/** The optimal string alignment distance, by the textbook table: the reference `withinOneEdit` must agree with. */
function osa(a: string[], b: string[]): number {
  const d = Array.from({ length: a.length + 1 }, (_, i) => Array.from({ length: b.length + 1 }, (_, j) => i + j));
  for (let i = 1; i <= a.length; i++)
    for (let j = 1; j <= b.length; j++) {
      d[i][j] = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
    }
  return d[a.length][b.length];
}

describe('withinOneEdit', () => {
  it('takes one letter missing, added, changed, or two neighbours swapped', () => {
    for (const [a, b] of [
      ['glden', 'golden'],
      ['goldden', 'golden'],
      ['gilden', 'golden'],
      ['slient', 'silent'],
      ['mornign', 'morning'],
      ['golden', 'golden'],
      ['café', 'cafe'],
    ])
      expect(withinOneEdit(a, b), `${a} ${b}`).toBe(true);
  });

  it('refuses two edits', () => {
    for (const [a, b] of [
      ['slnt', 'silent'],
      ['gldn', 'golden'],
      ['abcd', 'badc'],
      ['heart', 'earth'],
    ])
      expect(withinOneEdit(a, b), `${a} ${b}`).toBe(false);
  });

  it('agrees with the distance table on any two short words', () => {
    const word = fc.array(fc.constantFrom('a', 'b', 'c', 'é'), { maxLength: 7 }).map((x) => x.join(''));
    fc.assert(
      fc.property(word, word, (a, b) => withinOneEdit(a, b) === osa([...a], [...b]) <= 1),
      { numRuns: 3000 },
    );
  });
});
