/**
 * A song's optional attributes (issue 18): GET/PATCH /api/songs/{id}/attributes, and the suggestions for a genre
 * (GET /api/ai/song-attributes) that the upload form offers.
 */
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AttributeSuggestion } from '@shared/schemas/assistant';
import type { SongAttributes, SongAttributesReply } from '@shared/schemas/song';
import { getJson, sendJson } from '../../../lib/api-client';

export const songAttributeKeys = {
  all: ['/api/songs/attributes'] as const,
  song: (id: number) => [...songAttributeKeys.all, id] as const,
  suggestion: (genre: string) => ['/api/ai/song-attributes', genre] as const,
};

export const getSongAttributesQueryOptions = (id: number) =>
  queryOptions({
    queryKey: songAttributeKeys.song(id),
    queryFn: ({ signal }) => getJson<SongAttributesReply>(`/api/songs/${id}/attributes`, signal),
  });

export function useSongAttributes(id: number, enabled = true) {
  return useQuery({ ...getSongAttributesQueryOptions(id), enabled });
}

export function useUpdateSongAttributes(id: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (attrs: SongAttributes) => sendJson<SongAttributesReply>('PATCH', `/api/songs/${id}/attributes`, attrs),
    onSuccess: (reply) => qc.setQueryData(songAttributeKeys.song(id), reply),
  });
}

/** What DJ Verse knows about a genre; `genre` should already be debounced by the caller. */
export function useAttributeSuggestion(genre: string) {
  const g = genre.trim();
  return useQuery({
    queryKey: songAttributeKeys.suggestion(g.toLowerCase()),
    queryFn: ({ signal }) =>
      getJson<AttributeSuggestion>(`/api/ai/song-attributes?genre=${encodeURIComponent(g)}`, signal),
    enabled: g.length >= 2,
    staleTime: Infinity,
    placeholderData: keepPreviousData,
  });
}
