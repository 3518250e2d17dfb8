/** Keeps the socket open for the app's lifetime, reopens it when the user changes, refetches after a reconnect. */
import { useEffect, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useAuth } from '../features/auth';
import { realtime } from '../lib/realtime';

export function RealtimeProvider({ children }: { children: ReactNode }) {
  const qc = useQueryClient();
  const { user, isLoading } = useAuth();
  const userId = user?.id ?? null;
  useEffect(() => {
    if (isLoading) return;
    realtime.restart();
  }, [userId, isLoading]);
  useEffect(() => realtime.onReconnect(() => void qc.invalidateQueries()), [qc]);
  // The server lost its link to the other instances for a while and may have missed changes: refetch everything.
  useEffect(() => realtime.on((e) => e.type === 'resync' && void qc.invalidateQueries()), [qc]);
  useEffect(() => () => realtime.disconnect(), []);
  return <>{children}</>;
}
