/** Providers and the persistent parts of the app (player bar and toasts, loaded after the first screen). */
import { lazy, Suspense, useEffect, useState } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { OfflineBanner } from '../components/layout/offline-banner';
import { PlayerProvider } from '../features/player';
import { onIdle, useIdleTransition } from '../lib/preload';
import { createQueryClient } from '../lib/query-client';
import { LoadBoundary } from './load-boundary';
import { RealtimeProvider } from './realtime-provider';
import { Router } from './router';

const PersistentChrome = lazy(async () => ({ default: (await import('./persistent-chrome')).PersistentChrome }));

/** The longest the player bar and toasts wait for an idle moment before they mount anyway. */
const CHROME_IDLE_WAIT_MS = 1_500;

/**
 * The persistent chrome, mounted after the first render: the prerendered landing page (src/web/prerender.tsx) has
 * none, and a lazy component in the tree being hydrated would make React drop the server's markup. It waits for the
 * browser to be idle (at most a second and a half): its code and first render (player bar, sliders, toasts) otherwise
 * ran between the screen's first commit and the rest of its list (ADR 033). The waiting is this component's own
 * state: held by <App>, mounting it re-rendered the router and the whole screen with it (ADR 035). Its render is a
 * transition, in slices rather than one task of the page's blocking time (ADR 038). If its code cannot load (offline
 * before the service worker stored it), the page goes on without it until the next load (ADR 041).
 */
function PersistentChromeWhenIdle() {
  const mounted = useIdleTransition(CHROME_IDLE_WAIT_MS);
  return mounted ? (
    <LoadBoundary fallback={null}>
      <Suspense fallback={null}>
        <PersistentChrome />
      </Suspense>
    </LoadBoundary>
  ) : null;
}

/** The longest the service worker waits for an idle moment after the first screen before it registers anyway. */
const WORKER_IDLE_WAIT_MS = 5_000;

/**
 * The service worker registers once the first screen has committed and the browser is idle, from a chunk of its own.
 * At the page's `load` event — before a client-rendered screen's data and first render — its chunk and `/sw.js`
 * were two more requests, one after the other, in the way of the screen's largest paint (ADR 047). Not in development
 * (Vite serves modules).
 */
function useServiceWorker() {
  useEffect(() => {
    if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
    return onIdle(
      () => void import('../lib/service-worker').then((m) => m.registerServiceWorker()),
      WORKER_IDLE_WAIT_MS,
    );
  }, []);
}

/** `queryClient`: the one main.tsx made to fetch the first screen's data before the first render (else a new one). */
export function App({ queryClient: given }: { queryClient?: QueryClient } = {}) {
  const [queryClient] = useState(() => given ?? createQueryClient());
  useServiceWorker();
  return (
    <QueryClientProvider client={queryClient}>
      <RealtimeProvider>
        <PlayerProvider>
          <OfflineBanner />
          <Router />
          <PersistentChromeWhenIdle />
        </PlayerProvider>
      </RealtimeProvider>
    </QueryClientProvider>
  );
}
