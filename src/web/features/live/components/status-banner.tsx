/** What the session is doing when it is not simply playing: offline host, paused, ended, never started. */
import { PauseCircle, PlugZap, Radio } from 'lucide-react';
import type { LiveState } from '@shared/schemas/live';
import { cn } from '../../../lib/utils';

export const OFFLINE_TEXT = "Paused — the venue's player is offline";

export function statusText(state: LiveState): string | null {
  switch (state.status) {
    case 'offline':
      return OFFLINE_TEXT;
    case 'paused':
      return 'Paused by the host';
    case 'ended':
      return state.sessionId === null ? 'This venue is not live yet' : 'The live session has ended';
    default:
      return null;
  }
}

export function StatusBanner({ state, large }: { state: LiveState; large?: boolean }) {
  const text = statusText(state);
  if (!text) return null;
  const Icon = state.status === 'offline' ? PlugZap : state.status === 'paused' ? PauseCircle : Radio;
  return (
    <div
      role="status"
      data-testid="live-status"
      className={cn(
        'flex items-center gap-3 rounded-2xl border font-medium',
        state.status === 'offline'
          ? 'border-yellow-400/40 bg-yellow-500/15 text-yellow-100'
          : 'border-border bg-surface-2 text-foreground',
        large ? 'px-6 py-2 text-3xl' : 'px-4 py-3 text-sm',
      )}
    >
      <Icon aria-hidden className={large ? 'size-9 shrink-0' : 'size-5 shrink-0'} />
      <span>{text}</span>
    </div>
  );
}
