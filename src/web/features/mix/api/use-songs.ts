/** The catalogue, newest first, a page at a time (the Add Song dialog): the hook of ./get-songs.ts, apart (ADR 032). */
import { useInfiniteQuery } from '@tanstack/react-query';
import { getSongsQueryOptions } from './get-songs';

export function useSongs(enabled = true) {
  return useInfiniteQuery({ ...getSongsQueryOptions(), enabled });
}
