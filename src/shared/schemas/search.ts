/** Search across songs, artists, venues and public community playlists. */
import { z } from 'zod';
import { SongSchema } from './song';
import { VenueSchema } from './venue';
import { PlaylistSchema } from './playlist';

export const SEARCH_MAX_QUERY = 100;
export const SEARCH_MAX_LIMIT = 50;
export const SEARCH_DEFAULT_LIMIT = 10;

export const SearchQuerySchema = z.strictObject({
  q: z
    .string({ message: 'q is required' })
    .trim()
    .min(1, { message: 'Type something to search for' })
    .max(SEARCH_MAX_QUERY, { message: `Search text must be at most ${SEARCH_MAX_QUERY} characters` }),
  limit: z.coerce
    .number({ message: 'limit must be a number' })
    .int({ message: 'limit must be a whole number' })
    .min(1, { message: `limit must be between 1 and ${SEARCH_MAX_LIMIT}` })
    .max(SEARCH_MAX_LIMIT, { message: `limit must be between 1 and ${SEARCH_MAX_LIMIT}` })
    .default(SEARCH_DEFAULT_LIMIT),
});
export type SearchQuery = z.input<typeof SearchQuerySchema>;

export const ArtistResultSchema = z.object({ name: z.string(), songCount: z.number().int() });
export type ArtistResult = z.infer<typeof ArtistResultSchema>;

/** Each group ranked by relevance, then popularity. */
export const SearchResponseSchema = z.object({
  songs: z.array(SongSchema),
  artists: z.array(ArtistResultSchema),
  venues: z.array(VenueSchema),
  playlists: z.array(PlaylistSchema),
  /**
   * The text as songs and artists were searched after correcting its typos: each word that is neither a word of a
   * public song nor the start of one replaced by the nearest that is ("beatls" → "beatles"). Null when no word was
   * corrected. Screens show it ("Showing results for …") so that a song found for another word is not a surprise.
   */
  correctedQuery: z.string().nullable(),
});
export type SearchResponse = z.infer<typeof SearchResponseSchema>;
