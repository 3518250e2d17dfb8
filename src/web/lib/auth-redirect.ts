/** The spec's sign-in redirects and the 401 handling shared by every screen (spec section 8). */
import { ApiError } from './api-client';
import { toast, whenToastShown } from './toast';

/** How long a redirect waits at most for its toast to come on screen (the toaster's code loads after first paint). */
const TOAST_WAIT_MS = 5_000;

/**
 * Goes to sign-in. With a delay, the delay counts from when the toast saying why is on screen, so the page never
 * leaves before the user could read it (under load the toaster's code can come after the delay).
 */
export function goToLogin(delayMs = 0) {
  const go = () => window.location.assign('/api/login');
  if (delayMs > 0) void whenToastShown(TOAST_WAIT_MS).then(() => window.setTimeout(go, delayMs));
  else go();
}

/** True for the spec's "401: ...Unauthorized" errors. */
export function isUnauthorizedError(err: unknown): boolean {
  return err instanceof ApiError
    ? err.status === 401
    : err instanceof Error && /^401: .*Unauthorized/.test(err.message);
}

/** 401 errors already handled, so a screen that still calls `handleUnauthorized` does not show it twice. */
const handled = new WeakSet<object>();

/**
 * Shows 'Unauthorized' / 'You are logged out. Logging in again...' and goes to sign-in after 500 ms; true for a
 * 401. The query client calls this for every failed mutation; calling it again for the same error does nothing more.
 */
export function handleUnauthorized(err: unknown): boolean {
  if (!isUnauthorizedError(err)) return false;
  if (typeof err === 'object' && err !== null) {
    if (handled.has(err)) return true;
    handled.add(err);
  }
  toast({ title: 'Unauthorized', description: 'You are logged out. Logging in again...', variant: 'destructive' });
  goToLogin(500);
  return true;
}
