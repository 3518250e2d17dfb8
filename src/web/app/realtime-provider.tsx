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
  // A socket the server closed for a limit (e.g. this was the oldest of too many tabs) reopens when the user comes
  // back to this tab, not on a timer (which would push another tab out, and so on).
  useEffect(() => {
    const onVisible = () => document.visibilityState === 'visible' && realtime.resume();
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, []);
  useEffect(() => () => realtime.disconnect(), []);
  return <>{children}</>;
}
