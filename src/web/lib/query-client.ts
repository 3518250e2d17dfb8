/**
 * TanStack Query defaults of spec section 7: GET on the joined key, no retries, no refetch on focus, never stale.
 * A 401 from any mutation is handled here, once: 'Unauthorized', then sign-in (spec section 8). A mutation that
 * treats 401 as something else (a wrong password at sign-in, its own sign-in prompt) says so with
 * `meta: { handlesUnauthorized: true }`; the screens' own onError handlers show the other errors (`notifyError`).
 */
import { MutationCache, QueryClient, type QueryFunction } from '@tanstack/react-query';
import { getJson } from './api-client';
import { handleUnauthorized } from './auth-redirect';

declare module '@tanstack/react-query' {
  interface Register {
    mutationMeta: {
      /** This mutation handles a 401 itself; the query client leaves it alone. */
      handlesUnauthorized?: boolean;
    };
  }
}

/** Default query function: GET on the path built from the key's string segments joined by slashes. */
export const defaultQueryFn: QueryFunction = ({ queryKey, signal }) => {
  const path = queryKey.filter((k) => typeof k === 'string' || typeof k === 'number').join('/');
  return getJson(path, signal);
};

export function createQueryClient() {
  return new QueryClient({
    mutationCache: new MutationCache({
      onError: (err, _variables, _context, mutation) => {
        if (mutation.meta?.handlesUnauthorized) return;
        handleUnauthorized(err);
      },
    }),
    defaultOptions: {
      queries: { queryFn: defaultQueryFn, retry: false, refetchOnWindowFocus: false, staleTime: Infinity },
      mutations: { retry: false },
    },
  });
}
