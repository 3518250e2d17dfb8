import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { CoverArt, coverDesign, type CoverSeed } from './cover-art';

/** One seed per pattern. */
const seeds = () => {
  const byPattern = new Map<number, CoverSeed>();
  for (let id = 0; byPattern.size < 4; id++) {
    const seed: CoverSeed = { kind: 'song', id, title: `Song ${id}`, genre: 'Rock' };
    byPattern.set(coverDesign(seed).pattern, seed);
  }
  return [...byPattern.entries()].sort(([a], [b]) => a - b);
};

describe('CoverArt markup', () => {
  // A list shows dozens of covers: one element per dot made them a third of the home page's DOM.
  it.each(seeds())('draws pattern %i in at most nine elements', (_pattern, seed) => {
    const html = renderToStaticMarkup(<CoverArt seed={seed} />);
    const elements = html.match(/<(?!\/)[a-zA-Z]+/g) ?? [];
    expect(elements.length).toBeLessThanOrEqual(9);
    expect(html).toContain(coverDesign(seed).initials);
  });
});
