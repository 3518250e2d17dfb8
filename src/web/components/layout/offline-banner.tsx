/**
 * "You're offline": shown above every screen while the browser has no network (the service worker starts the app
 * into its shell offline; the screens' data then fails and says so in words). Gone again when back online.
 */
import { useSyncExternalStore } from 'react';
import { WifiOff } from 'lucide-react';

function subscribe(onChange: () => void) {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

export function OfflineBanner() {
  const online = useSyncExternalStore(
    subscribe,
    () => navigator.onLine,
    () => true,
  );
  if (online) return null;
  return (
    <div
      role="status"
      data-testid="offline-banner"
      className="flex items-center justify-center gap-2 bg-surface-3 px-4 py-2 text-sm text-foreground"
    >
      <WifiOff className="size-4 shrink-0" aria-hidden />
      <span>
        <strong className="font-semibold">You&apos;re offline.</strong> Songs, votes and chat come back when you
        reconnect.
      </span>
    </div>
  );
}
