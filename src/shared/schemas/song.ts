/** Songs: the catalogue, uploads and the shapes mixes carry. */
import { z } from 'zod';
import { VOTE_TYPES } from '../constants';
import { noControlChars } from './common';
import { SONG_MOODS, SONG_TEMPOS } from './song-constants';

export * from './song-constants';

export const VoteTypeSchema = z.enum(VOTE_TYPES, { message: "voteType must be 'up' or 'down'" });
export type VoteType = z.infer<typeof VoteTypeSchema>;

/** A song as every list presents it (spec section 3, plus vote counts and the caller's own vote). */
export const SongSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  artist: z.string(),
  genre: z.string().nullable(),
  youtubeUrl: z.string().nullable(),
  youtubeId: z.string().nullable(),
  pdfUrl: z.string().nullable(),
  thumbnailUrl: z.string().nullable(),
  duration: z.number().int().nullable(),
  uploaderId: z.string(),
  /** The uploader's name (first and last), as people are shown everywhere; null when they gave none. */
  uploaderName: z.string().nullable(),
  venueId: z.number().int().nullable(),
  isPrivate: z.boolean(),
  createdAt: z.string(),
  upVotes: z.number().int(),
  downVotes: z.number().int(),
  /** The caller's vote in the list's context (global, or the venue for a venue mix); null when none or signed out. */
  userVote: VoteTypeSchema.nullable(),
});
export type Song = z.infer<typeof SongSchema>;

/** Default page size of GET /api/songs and the largest `limit` it takes (server: SONGS_PAGE_SIZE, SONGS_PAGE_MAX). */
export const SONGS_PAGE_SIZE = 50;
export const SONGS_PAGE_MAX = 100;

/** GET /api/songs query: `limit` songs after the opaque `cursor` of the previous page. */
export function songsPageQuerySchema(max = SONGS_PAGE_MAX) {
  const range = `limit must be between 1 and ${max}`;
  return z.strictObject({
    limit: z.coerce
      .number({ message: 'limit must be a number' })
      .int({ message: 'limit must be a whole number' })
      .min(1, { message: range })
      .max(max, { message: range })
      .optional(),
    cursor: z
      .string({ message: 'cursor must be text' })
      .max(200, { message: 'The cursor is not valid; start again from the first page' })
      .optional(),
  });
}

/** One page of the catalogue, newest first; `nextCursor` fetches the next one (null on the last page). */
export const SongPageSchema = z.object({
  songs: z.array(SongSchema),
  nextCursor: z.string().nullable(),
});
export type SongPage = z.infer<typeof SongPageSchema>;

/** A song in a ranked mix: its 1-based position (and, once charts are recorded, the previous one). */
export const RankedSongSchema = SongSchema.extend({
  position: z.number().int(),
  previousPosition: z.number().int().nullable().optional(),
});
export type RankedSong = z.infer<typeof RankedSongSchema>;

const title = z
  .string({ message: 'Title is required' })
  .trim()
  .min(1, { message: 'Title is required' })
  .max(200, { message: 'Title must be at most 200 characters' })
  .refine(noControlChars, { message: 'Title contains characters that are not allowed' });
const artist = z
  .string({ message: 'Artist is required' })
  .trim()
  .min(1, { message: 'Artist is required' })
  .max(200, { message: 'Artist must be at most 200 characters' })
  .refine(noControlChars, { message: 'Artist contains characters that are not allowed' });

/**
 * The text fields of POST /api/songs (multipart). The browser validates the same schema before sending.
 * `venueId` is 'global', empty or a venue id; `isPrivate` arrives as a form string.
 */
export const UploadSongFieldsSchema = z.object({
  type: z.enum(['youtube', 'pdf'], { message: "type must be 'youtube' or 'pdf'" }),
  title,
  artist,
  genre: z
    .string()
    .trim()
    .max(50, { message: 'Genre must be at most 50 characters' })
    .refine(noControlChars, { message: 'Genre contains characters that are not allowed' })
    .optional()
    .transform((g) => (g ? g : null)),
  youtubeUrl: z.string().trim().max(500, { message: 'Invalid video URL' }).optional(),
  venueId: z
    .string()
    .trim()
    .optional()
    .transform((v, ctx) => {
      if (!v || v === 'global') return null;
      if (!/^\d{1,10}$/.test(v)) {
        ctx.addIssue({ code: 'custom', message: 'Choose a venue from the list' });
        return z.NEVER;
      }
      return Number(v);
    }),
  isPrivate: z
    .enum(['true', 'false', 'on', ''], { message: 'isPrivate must be true or false' })
    .optional()
    .transform((v) => v === 'true' || v === 'on'),
  duration: z
    .string()
    .trim()
    .optional()
    .transform((v, ctx) => {
      if (!v) return null;
      const n = Number(v);
      if (!Number.isInteger(n) || n < 0 || n > 86_400) {
        ctx.addIssue({ code: 'custom', message: 'Duration must be a whole number of seconds' });
        return z.NEVER;
      }
      return n;
    }),
});
export type UploadSongFields = z.infer<typeof UploadSongFieldsSchema>;

/**
 * Optional song attributes (issue 18): what DJ Verse matches moods, tempo and eras on. Every field may be
 * left out; null clears it. PATCH /api/songs/:id/attributes takes them from the uploader.
 */
export const SongAttributesSchema = z.strictObject({
  releaseYear: z
    .number({ message: 'Release year must be a year such as 1994' })
    .int({ message: 'Release year must be a year such as 1994' })
    .min(1000, { message: 'Release year must be between 1000 and 2100' })
    .max(2100, { message: 'Release year must be between 1000 and 2100' })
    .nullable()
    .optional(),
  energy: z
    .number({ message: 'Energy must be a whole number from 1 to 5' })
    .int({ message: 'Energy must be a whole number from 1 to 5' })
    .min(1, { message: 'Energy must be a whole number from 1 to 5' })
    .max(5, { message: 'Energy must be a whole number from 1 to 5' })
    .nullable()
    .optional(),
  tempo: z.enum(SONG_TEMPOS, { message: "Tempo must be 'slow', 'medium' or 'fast'" }).nullable().optional(),
  moods: z
    .array(z.enum(SONG_MOODS, { message: `Moods must be among: ${SONG_MOODS.join(', ')}` }), {
      message: 'Moods must be a list',
    })
    .max(4, { message: 'At most 4 moods' })
    .refine((m) => new Set(m).size === m.length, { message: 'Each mood once' })
    .nullable()
    .optional(),
  instrumental: z.boolean({ message: 'Instrumental must be true or false' }).nullable().optional(),
  language: z
    .string({ message: 'Language must be a two-letter code such as en' })
    .regex(/^[a-z]{2}$/, { message: 'Language must be a two-letter code such as en' })
    .nullable()
    .optional(),
});
export type SongAttributes = z.infer<typeof SongAttributesSchema>;

/**
 * Reads the optional attributes from upload form fields ("1994", "4", "fast", "chill,focus", "true", "en") and
 * validates them with `SongAttributesSchema`, so the upload and `PATCH /api/songs/:id/attributes` give the same
 * messages. Fields left empty are not given.
 */
export function attributesFromForm(fields: Partial<Record<string, string>>) {
  const text = (k: string) => {
    const v = fields[k]?.trim();
    return v ? v : undefined;
  };
  const year = text('releaseYear');
  const energy = text('energy');
  const moods = text('moods');
  const instrumental = text('instrumental');
  return SongAttributesSchema.safeParse({
    releaseYear: year === undefined ? undefined : /^\d+$/.test(year) ? Number(year) : year,
    energy: energy === undefined ? undefined : /^\d+$/.test(energy) ? Number(energy) : energy,
    tempo: text('tempo'),
    moods:
      moods === undefined
        ? undefined
        : moods
            .split(',')
            .map((m) => m.trim())
            .filter(Boolean),
    instrumental:
      instrumental === undefined
        ? undefined
        : instrumental === 'true'
          ? true
          : instrumental === 'false'
            ? false
            : instrumental,
    language: text('language')?.toLowerCase(),
  });
}

/** What the API returns for a song's attributes (every field present, null when not given). */
export const SongAttributesReplySchema = z.object({
  id: z.number().int(),
  releaseYear: z.number().int().nullable(),
  energy: z.number().int().nullable(),
  tempo: z.string().nullable(),
  moods: z.array(z.string()).nullable(),
  instrumental: z.boolean().nullable(),
  language: z.string().nullable(),
});
export type SongAttributesReply = z.infer<typeof SongAttributesReplySchema>;
