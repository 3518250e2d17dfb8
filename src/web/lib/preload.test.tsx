// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createRoot, type Root } from 'react-dom/client';
import { slicedRenderProbe } from '../test/sliced-render';
import { useIdleTransition } from './preload';

let root: Root | undefined;
afterEach(() => {
  root?.unmount();
  root = undefined;
});

describe('useIdleTransition', () => {
  it('turns true once idle, and what it mounts renders in slices, giving the browser its turn in between', async () => {
    const count = 60;
    const probe = slicedRenderProbe(count);
    function Gate() {
      return useIdleTransition(50) ? probe.screen : <p>waiting</p>;
    }
    const container = document.createElement('div');
    root = createRoot(container);
    root.render(<Gate />);
    await vi.waitFor(() => expect(container.querySelectorAll('span')).toHaveLength(count), { timeout: 10_000 });
    expect(probe.renderedWhenTimerRan()).toBeGreaterThanOrEqual(0);
    expect(probe.renderedWhenTimerRan()).toBeLessThan(count);
  });
});
