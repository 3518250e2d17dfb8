/** TanStack Query defaults of spec section 7: GET on the joined key, no retries, no refetch on focus, never stale. */
import { QueryClient, type QueryFunction } from '@tanstack/react-query';
import { getJson } from './api-client';

/** Default query function: GET on the path built from the key's string segments joined by slashes. */
export const defaultQueryFn: QueryFunction = ({ queryKey, signal }) => {
  const path = queryKey.filter((k) => typeof k === 'string' || typeof k === 'number').join('/');
  return getJson(path, signal);
};

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: { queryFn: defaultQueryFn, retry: false, refetchOnWindowFocus: false, staleTime: Infinity },
      mutations: { retry: false },
    },
  });
}
