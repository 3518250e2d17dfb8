/** A clock that ticks while mounted (for live progress bars), stopping while the tab is hidden. */
import { useEffect, useState } from 'react';

export function useNow(intervalMs = 1000, enabled = true): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!enabled) return;
    const tick = () => setNow(Date.now());
    tick();
    const id = window.setInterval(() => document.visibilityState !== 'hidden' && tick(), intervalMs);
    return () => window.clearInterval(id);
  }, [intervalMs, enabled]);
  return now;
}
