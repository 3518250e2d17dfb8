/**
 * GET /api/songs: the catalogue newest first, with counts and the caller's vote, one page at a time (50 songs
 * by default; each page names the cursor of the next). An infinite query: `fetchNextPage` loads more. The hook is in
 * ./use-songs.ts: the live vote patches and refreshes use these options on every song list's page, and with the hook
 * in this module, React Query's infinite observer came with them (ADR 032).
 */
import { infiniteQueryOptions, type InfiniteData } from '@tanstack/react-query';
import type { Song, SongPage } from '@shared/schemas/song';
import { getJson } from '../../../lib/api-client';

export const getSongsPage = (cursor: string | null, signal?: AbortSignal) =>
  getJson<SongPage>(cursor ? `/api/songs?cursor=${encodeURIComponent(cursor)}` : '/api/songs', signal);

export const getSongsQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: ['/api/songs'] as const,
    queryFn: ({ pageParam, signal }) => getSongsPage(pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });

export type SongPages = InfiniteData<SongPage, unknown>;

/** Every song of the pages loaded so far, in order. */
export const songsOfPages = (data: SongPages | undefined): Song[] => data?.pages.flatMap((p) => p.songs) ?? [];

/** Applies `patch` to the songs of every loaded page; keeps the reference when nothing changed. */
export function patchSongPages(data: SongPages | undefined, patch: (songs: Song[]) => Song[]): SongPages | undefined {
  if (!data) return data;
  let changed = false;
  const pages = data.pages.map((p) => {
    const songs = patch(p.songs);
    if (songs === p.songs) return p;
    changed = true;
    return { ...p, songs };
  });
  return changed ? { ...data, pages } : data;
}
