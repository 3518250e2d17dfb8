/** The spec's sign-in redirects and the 401 handling shared by every screen (spec section 8). */
import { ApiError } from './api-client';
import { toast } from './toast';

export function goToLogin(delayMs = 0) {
  const go = () => window.location.assign('/api/login');
  if (delayMs > 0) window.setTimeout(go, delayMs);
  else go();
}

/** True for the spec's "401: ...Unauthorized" errors. */
export function isUnauthorizedError(err: unknown): boolean {
  return err instanceof ApiError
    ? err.status === 401
    : err instanceof Error && /^401: .*Unauthorized/.test(err.message);
}

/** Shows 'Unauthorized' / 'You are logged out. Logging in again...' and goes to sign-in after 500 ms. */
export function handleUnauthorized(err: unknown): boolean {
  if (!isUnauthorizedError(err)) return false;
  toast({ title: 'Unauthorized', description: 'You are logged out. Logging in again...', variant: 'destructive' });
  goToLogin(500);
  return true;
}
