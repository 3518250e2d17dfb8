// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Root } from 'react-dom/client';
import { Busy, slicedRenderProbe } from '../test/sliced-render';
import { renderFirstScreen } from './first-render';

let root: Root | undefined;
afterEach(() => {
  root?.unmount();
  root = undefined;
});

describe('renderFirstScreen', () => {
  it('gives the browser its turn between pieces of the first render', async () => {
    const count = 60;
    const probe = slicedRenderProbe(count);
    const container = document.createElement('div');
    root = renderFirstScreen(container, probe.screen);
    await vi.waitFor(() => expect(container.querySelectorAll('span')).toHaveLength(count), { timeout: 10_000 });
    expect(probe.renderedWhenTimerRan()).toBeGreaterThanOrEqual(0);
    expect(probe.renderedWhenTimerRan()).toBeLessThan(count);
  });

  it('draws the whole screen in one commit', async () => {
    const container = document.createElement('div');
    const seen: number[] = [];
    const observer = new MutationObserver(() => seen.push(container.querySelectorAll('span').length));
    observer.observe(container, { childList: true, subtree: true });
    root = renderFirstScreen(
      container,
      <>
        {Array.from({ length: 20 }, (_, i) => (
          <Busy key={i} />
        ))}
      </>,
    );
    await vi.waitFor(() => expect(container.querySelectorAll('span')).toHaveLength(20), { timeout: 10_000 });
    await Promise.resolve();
    observer.disconnect();
    expect(seen.every((n) => n === 20)).toBe(true);
  });
});
