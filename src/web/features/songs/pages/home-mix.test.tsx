// @vitest-environment happy-dom
/**
 * HomeMix draws a mix that arrives after its first render (a visitor's landing reads it once hydrated) in slices:
 * TanStack Query hands it over as a store update, which React renders in one task (ADR 046).
 */
import { describe, expect, it, vi } from 'vitest';
import { useSyncExternalStore } from 'react';
import { createRoot } from 'react-dom/client';
import { slicedRenderProbe } from '../../../test/sliced-render';
import { HomeMix } from './home-page';
import { unmountAfterEach } from '../../../test/unmount-after-each';

const ROWS = 60;
const probe = vi.hoisted(() => ({
  current: null as null | ReturnType<typeof import('../../../test/sliced-render').slicedRenderProbe>,
}));

/** The mix query as a store the test fills: undefined, then the mix. */
const mixStore = vi.hoisted(() => {
  let data: unknown;
  const listeners = new Set<() => void>();
  return {
    get: () => data,
    set(next: unknown) {
      data = next;
      listeners.forEach((l) => l());
    },
    subscribe(l: () => void) {
      listeners.add(l);
      return () => listeners.delete(l);
    },
  };
});

vi.mock('../../mix', () => ({
  getGlobalMixQueryOptions: () => ({}),
  getTrendingQueryOptions: () => ({}),
  useLiveVotes: () => {},
  useGlobalMix: () => {
    const data = useSyncExternalStore(mixStore.subscribe, mixStore.get);
    return { data, isLoading: data === undefined, isError: false, error: null, refetch: () => {} };
  },
  useTrending: () => ({ data: [], isLoading: false, isError: false }),
  MixActions: () => null,
  // The rows: each keeps the CPU for a millisecond (the probe), far longer in all than React's 5 ms slice.
  SongList: ({ label }: { label: string }) =>
    label === 'Trending Uploads' ? null : <div data-rows>{probe.current!.screen}</div>,
}));
vi.mock('../../venues', () => ({
  getVenuesQueryOptions: () => ({}),
  useVenues: () => ({ data: [], isLoading: false, isError: false }),
}));

const track = unmountAfterEach();

describe('HomeMix', () => {
  it('draws a mix that arrives after its first render in slices, giving the browser its turn in between', async () => {
    probe.current = slicedRenderProbe(ROWS);
    const container = document.createElement('div');
    const root = track(createRoot(container));
    root.render(<HomeMix visitor />);
    await vi.waitFor(() => expect(container.textContent).toContain('Loading...'));
    mixStore.set({
      songs: [{ id: 1 }],
      totalSongs: 1,
      totalDuration: 200,
      mixInfo: { name: 'Friday Mix' },
    });
    await vi.waitFor(() => expect(container.querySelectorAll('[data-rows] span')).toHaveLength(ROWS), {
      timeout: 10_000,
    });
    expect(container.querySelector('h1')?.textContent).toBe('Friday Mix');
    // Drawn as the store's update, all 60 rows were rendered before the timer queued as the render started ran.
    expect(probe.current.renderedWhenTimerRan()).toBeGreaterThanOrEqual(0);
    expect(probe.current.renderedWhenTimerRan()).toBeLessThan(ROWS);
  });
});
