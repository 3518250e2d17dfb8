/** Providers and the persistent parts of the app (toasts; the player bar joins here). */
import { useState } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { Tooltip } from 'radix-ui';
import { Toaster } from '../components/ui/toaster';
import { PlayerBar } from '../features/player/components/player-bar';
import { PlayerProvider } from '../features/player/player-context';
import { createQueryClient } from '../lib/query-client';
import { RealtimeProvider } from './realtime-provider';
import { Router } from './router';

export function App() {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <RealtimeProvider>
        <PlayerProvider>
          <Tooltip.Provider delayDuration={700}>
            <Router />
            <PlayerBar />
            <Toaster />
          </Tooltip.Provider>
        </PlayerProvider>
      </RealtimeProvider>
    </QueryClientProvider>
  );
}
