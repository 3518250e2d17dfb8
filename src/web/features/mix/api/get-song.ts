/** GET /api/songs/{id}: one song with its counts and the caller's vote (the song a duplicate upload names). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Song } from '@shared/schemas/song';
import { getJson } from '../../../lib/api-client';

export const getSong = (id: number, signal?: AbortSignal) => getJson<Song>(`/api/songs/${id}`, signal);

export const SONG_KEY_PREFIX = ['/api/songs/one'] as const;

export const getSongQueryOptions = (id: number) =>
  queryOptions({ queryKey: [...SONG_KEY_PREFIX, id] as const, queryFn: ({ signal }) => getSong(id, signal) });

export function useSong(id: number | null) {
  return useQuery({ ...getSongQueryOptions(id ?? 0), enabled: id !== null && id > 0 });
}
