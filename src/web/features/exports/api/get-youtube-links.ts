/** GET <list>/export?format=youtube: YouTube play links (parts of at most 50 videos) for a mix or a playlist. */
import { useMutation } from '@tanstack/react-query';
import type { YoutubeExport } from '@shared/schemas/export';
import { getJson } from '../../../lib/api-client';

export const getYoutubeLinks = (basePath: string) => getJson<YoutubeExport>(`${basePath}?format=youtube`);

/** Fetched on demand (a menu choice), hence a mutation rather than a query. */
export function useYoutubeLinks(basePath: string) {
  return useMutation({ mutationFn: () => getYoutubeLinks(basePath) });
}
