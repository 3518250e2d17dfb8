/** Songs: a YouTube video or a PDF, public or private, with optional attributes. */
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { SONG_TEMPOS, type SongTempo } from '../../../shared/schemas/song';
import { ts, inList } from './columns';
import { users } from './users';
import { venues } from './venues';

export const songs = pgTable(
  'songs',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    title: text('title').notNull(),
    artist: text('artist').notNull(),
    genre: text('genre'),
    youtubeUrl: text('youtube_url'),
    youtubeId: text('youtube_id'),
    pdfUrl: text('pdf_url'),
    thumbnailUrl: text('thumbnail_url'),
    duration: integer('duration'),
    uploaderId: text('uploader_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    venueId: integer('venue_id').references(() => venues.id, { onDelete: 'set null' }),
    isPrivate: boolean('is_private').notNull().default(false),
    createdAt: ts('created_at').notNull().defaultNow(),
    // Optional song attributes (issue 18): what DJ Verse matches moods, tempo and eras on.
    releaseYear: integer('release_year'),
    energy: integer('energy'),
    tempo: text('tempo').$type<SongTempo>(),
    moods: text('moods').array(),
    instrumental: boolean('instrumental'),
    language: text('language'),
  },
  (t) => [
    check('songs_title_length', sql`char_length(${t.title}) between 1 and 200`),
    check('songs_release_year_range', sql`${t.releaseYear} is null or ${t.releaseYear} between 1000 and 2100`),
    check('songs_energy_range', sql`${t.energy} is null or ${t.energy} between 1 and 5`),
    check('songs_tempo_value', sql`${t.tempo} is null or ${t.tempo} in (${inList(SONG_TEMPOS)})`),
    check('songs_language_format', sql`${t.language} is null or ${t.language} ~ '^[a-z]{2}$'`),
    check('songs_artist_length', sql`char_length(${t.artist}) between 1 and 200`),
    check('songs_youtube_id_format', sql`${t.youtubeId} is null or ${t.youtubeId} ~ '^[A-Za-z0-9_-]{11}$'`),
    check('songs_duration_range', sql`${t.duration} is null or ${t.duration} between 0 and 86400`),
    check('songs_has_media', sql`${t.youtubeId} is not null or ${t.pdfUrl} is not null`),
    index('songs_created_idx').on(t.createdAt),
    index('songs_uploader_idx').on(t.uploaderId, t.createdAt),
    index('songs_venue_idx').on(t.venueId),
    // A video is on CrowdMix once: a second public copy would split its votes. Private copies are their owners'.
    uniqueIndex('songs_public_youtube_key')
      .on(t.youtubeId)
      .where(sql`${t.isPrivate} = false and ${t.youtubeId} is not null`),
  ],
);
