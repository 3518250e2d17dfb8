// @vitest-environment happy-dom
/** useSocketOpen: the screens' poll fallback follows the socket without re-rendering them in one long task (ADR 045). */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createRoot } from 'react-dom/client';
import { FakeSocket } from '../test/fake-socket';
import { slicedRenderProbe } from '../test/sliced-render';
import { realtime, useSocketOpen } from './realtime';
import { unmountAfterEach } from '../test/unmount-after-each';

const track = unmountAfterEach();
beforeEach(() => {
  FakeSocket.opened = [];
  vi.stubGlobal('WebSocket', FakeSocket);
});
afterEach(() => {
  realtime.disconnect();
  vi.unstubAllGlobals();
});

describe('useSocketOpen', () => {
  it('does not re-render while the socket goes from idle to closed to connecting; re-renders once it is open', async () => {
    let renders = 0;
    function Poller() {
      renders += 1;
      return <p>{useSocketOpen() ? 'live' : 'polling'}</p>;
    }
    const container = document.createElement('div');
    const root = track(createRoot(container));
    root.render(<Poller />);
    await vi.waitFor(() => expect(container.textContent).toBe('polling'));
    const before = renders;
    realtime.restart(); // closed, then connecting
    await new Promise((r) => setTimeout(r, 50));
    expect(renders).toBe(before);
    FakeSocket.opened[0].open();
    await vi.waitFor(() => expect(container.textContent).toBe('live'));
    FakeSocket.opened[0].closedBy(1006);
    await vi.waitFor(() => expect(container.textContent).toBe('polling'));
  });

  it('renders what the opening changes in slices, giving the browser its turn in between', async () => {
    const count = 60;
    const probe = slicedRenderProbe(count);
    function Screen() {
      return useSocketOpen() ? probe.screen : <p>polling</p>;
    }
    const container = document.createElement('div');
    const root = track(createRoot(container));
    root.render(<Screen />);
    await vi.waitFor(() => expect(container.textContent).toBe('polling'));
    realtime.connect();
    FakeSocket.opened[0].open();
    await vi.waitFor(() => expect(container.querySelectorAll('span')).toHaveLength(count), { timeout: 10_000 });
    // As a store (useSyncExternalStore) the opening re-rendered the screen at once: the timer ran after all 60.
    expect(probe.renderedWhenTimerRan()).toBeGreaterThanOrEqual(0);
    expect(probe.renderedWhenTimerRan()).toBeLessThan(count);
  });
});
