/** Providers and the persistent parts of the app (player bar and toasts, loaded after the first screen). */
import { lazy, Suspense, useEffect, useState } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { OfflineBanner } from '../components/layout/offline-banner';
import { PlayerProvider } from '../features/player';
import { createQueryClient } from '../lib/query-client';
import { RealtimeProvider } from './realtime-provider';
import { Router } from './router';

const PersistentChrome = lazy(async () => ({ default: (await import('./persistent-chrome')).PersistentChrome }));

export function App() {
  const [queryClient] = useState(createQueryClient);
  // The persistent chrome mounts after the first render: the prerendered landing page (src/web/prerender.tsx) has
  // none, and a lazy component in the tree being hydrated would make React drop the server's markup.
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  return (
    <QueryClientProvider client={queryClient}>
      <RealtimeProvider>
        <PlayerProvider>
          <OfflineBanner />
          <Router />
          {mounted ? (
            <Suspense fallback={null}>
              <PersistentChrome />
            </Suspense>
          ) : null}
        </PlayerProvider>
      </RealtimeProvider>
    </QueryClientProvider>
  );
}
