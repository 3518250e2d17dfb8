// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createRoot, type Root } from 'react-dom/client';
import { useIdleTransition } from './preload';

/** A component that keeps the CPU for a millisecond: sixty of these take far longer than React's 5 ms slice. */
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

describe('useIdleTransition', () => {
  it('turns true once idle, and what it mounts renders in slices, giving the browser its turn in between', async () => {
    const count = 60;
    let rendered = 0;
    let renderedWhenTimerRan = -1;
    function First() {
      // A task queued as the mount's render starts: it runs at the render's first pause, or after it when there is none.
      if (renderedWhenTimerRan === -1) setTimeout(() => (renderedWhenTimerRan = rendered), 0);
      return null;
    }
    function Counted() {
      rendered += 1;
      return <Busy />;
    }
    function Gate() {
      const idle = useIdleTransition(50);
      return idle ? (
        <>
          <First />
          {Array.from({ length: count }, (_, i) => (
            <Counted key={i} />
          ))}
        </>
      ) : (
        <p>waiting</p>
      );
    }
    const container = document.createElement('div');
    root = createRoot(container);
    root.render(<Gate />);
    await vi.waitFor(() => expect(container.querySelectorAll('span')).toHaveLength(count), { timeout: 10_000 });
    expect(renderedWhenTimerRan).toBeGreaterThanOrEqual(0);
    expect(renderedWhenTimerRan).toBeLessThan(count);
  });
});
