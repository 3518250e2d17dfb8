import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { createLucideIcon as lucideCreate } from 'lucide-react';
import * as playModule from 'lucide-react/icons/play';
import * as ellipsisModule from 'lucide-react/icons/ellipsis-vertical';
import * as notesModule from 'lucide-react/icons/eighth-notes';
import createLucideIcon from './lucide-icon';

/** Each lucide icon module exports its data beside the component (not in its type declarations). */
type IconModule = { __iconData: { name: string; node: [string, Record<string, string>][] } };
const dataOf = (m: object) => (m as IconModule).__iconData;
const play = dataOf(playModule);
const ellipsis = dataOf(ellipsisModule);
const music = dataOf(notesModule);

/** Each element's tag and its attributes sorted (attribute order is not markup). */
function shape(markup: string): string[] {
  return [...markup.matchAll(/<(\w+)([^>]*?)\/?>/g)].map(([, tag, attrs]) => {
    const list = [...attrs!.matchAll(/([\w:-]+)="([^"]*)"/g)].map(([, k, v]) => `${k}=${v}`).sort();
    return `${tag} ${list.join(' ')}`;
  });
}

const PROPS: Array<Record<string, unknown>> = [
  {},
  { className: 'size-4 text-muted' },
  { className: 'size-5', 'aria-hidden': true },
  { 'aria-label': 'Play' },
  { role: 'img' },
  { size: 16, strokeWidth: 1.5, color: 'red' },
  { className: 'x', style: { opacity: 0.5 }, 'data-testid': 'icon' },
];

describe('the fast lucide icon', () => {
  for (const data of [play, ellipsis, music]) {
    it(`draws ${data.name} exactly as lucide-react does, whatever the props`, () => {
      const Lucide = lucideCreate(data as never);
      const Fast = createLucideIcon(data as never);
      for (const props of PROPS) {
        const theirs = renderToStaticMarkup(createElement(Lucide, props));
        const ours = renderToStaticMarkup(createElement(Fast, props));
        expect(shape(ours), JSON.stringify(props)).toEqual(shape(theirs));
      }
    });
  }

  it('keeps children after the paths, and an icon with children is not hidden', () => {
    const Fast = createLucideIcon(play as never);
    const Lucide = lucideCreate(play as never);
    const child = createElement('title', null, 'Play');
    expect(renderToStaticMarkup(createElement(Fast, null, child))).toBe(
      renderToStaticMarkup(createElement(Lucide, null, child)),
    );
  });

  it('takes the name form of createLucideIcon too', () => {
    const Fast = createLucideIcon('MyPlay', play.node as never);
    expect(renderToStaticMarkup(createElement(Fast))).toContain('class="lucide lucide-my-play"');
  });
});
