/** GET /api/auth/user: decides the signed-in state; a 401 means "no user" (spec section 7). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CurrentUser } from '@shared/schemas/auth';
import { ApiError, getJson } from '../../../lib/api-client';

export const currentUserQueryKey = ['/api/auth/user'] as const;

export async function getCurrentUser(signal?: AbortSignal): Promise<CurrentUser | null> {
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
  return { user: q.data ?? null, isLoading: q.isLoading, isAuthenticated: Boolean(q.data) };
}
