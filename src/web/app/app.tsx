/** Providers and the persistent parts of the app (toasts; the player bar joins here). */
import { useState } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { Tooltip } from 'radix-ui';
import { Toaster } from '../components/ui/toaster';
import { createQueryClient } from '../lib/query-client';
import { RealtimeProvider } from './realtime-provider';
import { Router } from './router';

export function App() {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <RealtimeProvider>
        <Tooltip.Provider delayDuration={700}>
          <Router />
          <Toaster />
        </Tooltip.Provider>
      </RealtimeProvider>
    </QueryClientProvider>
  );
}
