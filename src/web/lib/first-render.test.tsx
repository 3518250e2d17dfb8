// @vitest-environment happy-dom
import { describe, expect, it, vi } from 'vitest';
import { renderToString } from 'react-dom/server';
import { Busy, slicedRenderProbe } from '../test/sliced-render';
import { hydrateFirstScreen, renderFirstScreen } from './first-render';
import { unmountAfterEach } from '../test/unmount-after-each';

const track = unmountAfterEach();

describe('renderFirstScreen', () => {
  it('gives the browser its turn between pieces of the first render', async () => {
    const count = 60;
    const probe = slicedRenderProbe(count);
    const container = document.createElement('div');
    track(renderFirstScreen(container, probe.screen));
    await vi.waitFor(() => expect(container.querySelectorAll('span')).toHaveLength(count), { timeout: 10_000 });
    expect(probe.renderedWhenTimerRan()).toBeGreaterThanOrEqual(0);
    expect(probe.renderedWhenTimerRan()).toBeLessThan(count);
  });

  it('draws the whole screen in one commit', async () => {
    const container = document.createElement('div');
    const seen: number[] = [];
    const observer = new MutationObserver(() => seen.push(container.querySelectorAll('span').length));
    observer.observe(container, { childList: true, subtree: true });
    track(
      renderFirstScreen(
        container,
        <>
          {Array.from({ length: 20 }, (_, i) => (
            <Busy key={i} />
          ))}
        </>,
      ),
    );
    await vi.waitFor(() => expect(container.querySelectorAll('span')).toHaveLength(20), { timeout: 10_000 });
    await Promise.resolve();
    observer.disconnect();
    expect(seen.every((n) => n === 20)).toBe(true);
  });
});

describe('hydrateFirstScreen', () => {
  it('hydrates the prerendered markup in pieces, giving the browser its turn between them, and keeps its elements', async () => {
    const count = 60;
    const container = document.createElement('div');
    container.innerHTML = renderToString(slicedRenderProbe(count).screen);
    const prerendered = container.querySelectorAll('span')[count - 1];
    const probe = slicedRenderProbe(count);
    track(hydrateFirstScreen(container, probe.screen));
    await vi.waitFor(() => expect(probe.renderedWhenTimerRan()).toBeGreaterThanOrEqual(0), { timeout: 10_000 });
    // A plain hydrateRoot hydrated all 60 in one task: the timer queued as it started ran after them.
    expect(probe.renderedWhenTimerRan()).toBeLessThan(count);
    await new Promise((r) => setTimeout(r, 200));
    expect(container.querySelectorAll('span')).toHaveLength(count);
    expect(container.querySelectorAll('span')[count - 1]).toBe(prerendered);
  });
});
