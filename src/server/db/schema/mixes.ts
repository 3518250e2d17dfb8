/** Mixes and their daily position snapshots (charts). */
import { sql } from 'drizzle-orm';
import { boolean, check, date, integer, pgTable, text, unique, uniqueIndex } from 'drizzle-orm/pg-core';
import { ts } from './columns';
import { venues } from './venues';
import { songs } from './songs';

export const mixes = pgTable(
  'mixes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    venueId: integer('venue_id').references(() => venues.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [unique('mixes_venue_key').on(t.venueId).nullsNotDistinct()],
);

/** A daily snapshot of each mix's positions, so that charts can show movement. */
export const mixSongs = pgTable(
  'mix_songs',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    mixId: integer('mix_id')
      .notNull()
      .references(() => mixes.id, { onDelete: 'cascade' }),
    songId: integer('song_id')
      .notNull()
      .references(() => songs.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    voteCount: integer('vote_count').notNull().default(0),
    recordedOn: date('recorded_on', { mode: 'string' }).notNull(),
  },
  (t) => [
    check('mix_songs_position_positive', sql`${t.position} > 0`),
    uniqueIndex('mix_songs_mix_day_song_key').on(t.mixId, t.recordedOn, t.songId),
  ],
);
