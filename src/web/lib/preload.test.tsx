// @vitest-environment happy-dom
import { describe, expect, it, vi } from 'vitest';
import { createRoot } from 'react-dom/client';
import { slicedRenderProbe } from '../test/sliced-render';
import { useIdleTransition, whenIdle } from './preload';
import { unmountAfterEach } from '../test/unmount-after-each';

const track = unmountAfterEach();

describe('useIdleTransition', () => {
  it('turns true once idle, and what it mounts renders in slices, giving the browser its turn in between', async () => {
    const count = 60;
    const probe = slicedRenderProbe(count);
    function Gate() {
      return useIdleTransition(50) ? probe.screen : <p>waiting</p>;
    }
    const container = document.createElement('div');
    const root = track(createRoot(container));
    root.render(<Gate />);
    await vi.waitFor(() => expect(container.querySelectorAll('span')).toHaveLength(count), { timeout: 10_000 });
    expect(probe.renderedWhenTimerRan()).toBeGreaterThanOrEqual(0);
    expect(probe.renderedWhenTimerRan()).toBeLessThan(count);
  });
});

/** happy-dom has no idle callbacks: the first load waits a second (onIdle's timer). */
const WAIT = { timeout: 3000 };

/** A load the test finishes by hand, recording when it was started. */
function manualLoad(started: string[], name: string) {
  let finish!: () => void;
  const done = new Promise<void>((resolve) => (finish = resolve));
  return { load: () => (started.push(name), done), finish: () => finish() };
}

describe('whenIdle', () => {
  it('starts the loads one at a time: the next only once the one before it has finished, in an idle period of its own', async () => {
    const started: string[] = [];
    const a = manualLoad(started, 'a');
    const b = manualLoad(started, 'b');
    const c = manualLoad(started, 'c');
    whenIdle(a.load);
    whenIdle(b.load);
    whenIdle(c.load);
    await vi.waitFor(() => expect(started).toEqual(['a']), WAIT);
    // Idle periods come and go while a is still loading: b waits for it (together they were evaluated in one task).
    await new Promise((r) => setTimeout(r, 50));
    expect(started).toEqual(['a']);
    a.finish();
    await vi.waitFor(() => expect(started).toEqual(['a', 'b']), WAIT);
    await new Promise((r) => setTimeout(r, 50));
    expect(started).toEqual(['a', 'b']);
    b.finish();
    await vi.waitFor(() => expect(started).toEqual(['a', 'b', 'c']), WAIT);
    c.finish();
  });

  it('never starts a load cancelled before its turn, and a failed load does not stop the ones after it', async () => {
    const started: string[] = [];
    const failing = () => (started.push('failing'), Promise.reject(new Error('offline')));
    const cancelled = manualLoad(started, 'cancelled');
    const last = manualLoad(started, 'last');
    whenIdle(failing);
    const cancel = whenIdle(cancelled.load);
    whenIdle(last.load);
    cancel();
    await vi.waitFor(() => expect(started).toEqual(['failing', 'last']), WAIT);
    last.finish();
  });

  it('loads a module that several components ask for once, and keeps it while one of them still wants it', async () => {
    const started: string[] = [];
    const first = manualLoad(started, 'first');
    const shared = manualLoad(started, 'shared');
    whenIdle(first.load);
    const cancelOne = whenIdle(shared.load);
    whenIdle(shared.load);
    cancelOne();
    cancelOne(); // a second call of the same cancel takes nothing more away
    first.finish();
    await vi.waitFor(() => expect(started).toEqual(['first', 'shared']), WAIT);
    shared.finish();
    await new Promise((r) => setTimeout(r, 50));
    expect(started).toEqual(['first', 'shared']);
  });
});
