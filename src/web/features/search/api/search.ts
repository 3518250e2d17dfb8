/** GET /api/search: songs, artists, venues and public playlists matching the text, each ranked. */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { SearchResponse } from '@shared/schemas/search';
import { getJson } from '../../../lib/api-client';
import { SEARCH_KEY_PREFIX } from '../../../lib/query-keys';

export { SEARCH_KEY_PREFIX };

export const search = (q: string, limit: number, signal?: AbortSignal) =>
  getJson<SearchResponse>(`/api/search?q=${encodeURIComponent(q)}&limit=${limit}`, signal);

export const searchQueryOptions = (q: string, limit: number) =>
  queryOptions<SearchResponse>({
    queryKey: [...SEARCH_KEY_PREFIX, q, limit] as const,
    queryFn: ({ signal }) => search(q, limit, signal),
    staleTime: 30_000,
    placeholderData: keepPreviousData,
  });

/** Runs only for non-blank text of at most 100 characters (the server's rule). */
export function useSearchResults(q: string, limit: number) {
  const text = q.trim();
  return useQuery({ ...searchQueryOptions(text, limit), enabled: text.length > 0 && text.length <= 100 });
}
