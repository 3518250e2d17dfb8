/** Providers and the persistent parts of the app (player bar and toasts, loaded after the first screen). */
import { lazy, Suspense, useState } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { OfflineBanner } from '../components/layout/offline-banner';
import { PlayerProvider } from '../features/player';
import { createQueryClient } from '../lib/query-client';
import { RealtimeProvider } from './realtime-provider';
import { Router } from './router';

const PersistentChrome = lazy(async () => ({ default: (await import('./persistent-chrome')).PersistentChrome }));

export function App() {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <RealtimeProvider>
        <PlayerProvider>
          <OfflineBanner />
          <Router />
          <Suspense fallback={null}>
            <PersistentChrome />
          </Suspense>
        </PlayerProvider>
      </RealtimeProvider>
    </QueryClientProvider>
  );
}
