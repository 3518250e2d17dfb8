// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Root } from 'react-dom/client';
import { renderFirstScreen } from './first-render';

/** A component that keeps the CPU for a millisecond: a screen of these takes far longer than React's 5 ms slice. */
function Busy() {
  const until = performance.now() + 1;
  while (performance.now() < until) {
    /* rendering */
  }
  return <span />;
}

let root: Root | undefined;
afterEach(() => {
  root?.unmount();
  root = undefined;
});

describe('renderFirstScreen', () => {
  it('gives the browser its turn between pieces of the first render', async () => {
    const count = 60;
    let rendered = 0;
    let renderedWhenTimerRan = -1;
    function First() {
      // A task queued as the render starts: it runs at the render's first pause, or after it when there is none.
      if (renderedWhenTimerRan === -1) setTimeout(() => (renderedWhenTimerRan = rendered), 0);
      return null;
    }
    function Counted() {
      rendered += 1;
      return <Busy />;
    }
    const container = document.createElement('div');
    root = renderFirstScreen(
      container,
      <>
        <First />
        {Array.from({ length: count }, (_, i) => (
          <Counted key={i} />
        ))}
      </>,
    );
    await vi.waitFor(() => expect(container.querySelectorAll('span')).toHaveLength(count), { timeout: 10_000 });
    expect(renderedWhenTimerRan).toBeGreaterThanOrEqual(0);
    expect(renderedWhenTimerRan).toBeLessThan(count);
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
