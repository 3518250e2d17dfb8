/** GET /api/auth/user: decides the signed-in state; a 401 means "no user" (spec section 7). */
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { CurrentUser } from '@shared/schemas/auth';
import { ApiError, getJson } from '../../../lib/api-client';

export const currentUserQueryKey = ['/api/auth/user'] as const;

/**
 * True when the server marked the page as requested without a session cookie (src/server/plugins/spa.ts): then
 * nobody is signed in, and the first check needs no request, whose 401 browsers log as a console error.
 */
export function pageSaysSignedOut(
  doc: Pick<Document, 'querySelector'> | undefined = typeof document === 'undefined' ? undefined : document,
): boolean {
  return doc?.querySelector('meta[name="crowdmix-session"][content="none"]') != null;
}

// Only the first check may trust the page: signing in later (the login form) sets the cookie without a reload.
let signedOutAtLoad = pageSaysSignedOut();

/** The signed-in user, or null when nobody is (a 401). */
export async function getCurrentUser(signal?: AbortSignal): Promise<CurrentUser | null> {
  if (signedOutAtLoad) {
    signedOutAtLoad = false;
    return null;
  }
  try {
    return await getJson<CurrentUser>('/api/auth/user', signal);
  } catch (err) {
    if (err instanceof ApiError && err.status === 401) return null;
    throw err;
  }
}

export const currentUserQueryOptions = () =>
  queryOptions({ queryKey: currentUserQueryKey, queryFn: ({ signal }) => getCurrentUser(signal), retry: false });

/** The current user, with the spec's three states: loading, signed in, signed out. */
export function useAuth() {
  const q = useQuery(currentUserQueryOptions());
  // isPending: no answer yet, also where the check has not started (the landing page's prerender at build time,
  // which must render what the browser's first render does; src/web/prerender.tsx).
  return { user: q.data ?? null, isLoading: q.isLoading, isPending: q.isPending, isAuthenticated: Boolean(q.data) };
}

/**
 * Whether someone is signed in, for an action the user just took (an upload, a vote). Pressed before the page's first
 * check answered — under load a screen is drawn before it, the first render waits a second at most — it waits for
 * that answer rather than take a signed-in user for a visitor and tell them to sign in.
 */
export async function signedInForAction(
  qc: QueryClient,
  auth: Pick<ReturnType<typeof useAuth>, 'isLoading' | 'isAuthenticated'>,
): Promise<boolean> {
  if (!auth.isLoading) return auth.isAuthenticated;
  return Boolean(await qc.ensureQueryData(currentUserQueryOptions()).catch(() => null));
}
