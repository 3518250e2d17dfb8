/** Votes and their per-context tallies (ADR 002). */
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, smallint, text, unique } from 'drizzle-orm/pg-core';
import { VOTE_TYPES, type VoteType } from '../../../shared/constants';
import { ts, inList } from './columns';
import { users } from './users';
import { venues } from './venues';
import { songs } from './songs';

export const votes = pgTable(
  'votes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    songId: integer('song_id')
      .notNull()
      .references(() => songs.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    venueId: integer('venue_id').references(() => venues.id, { onDelete: 'cascade' }),
    voteType: text('vote_type').$type<VoteType>().notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    check('votes_type_check', sql`${t.voteType} in (${inList(VOTE_TYPES)})`),
    unique('votes_user_song_context_key').on(t.userId, t.songId, t.venueId).nullsNotDistinct(),
    index('votes_song_context_idx').on(t.songId, t.venueId),
  ],
);

/**
 * Up/down tallies per (song, context), changed in the same transaction as the vote row.
 * `slot` lets a hot song spread its counter over several rows so that one row does not serialise every vote.
 */
export const voteTallies = pgTable(
  'vote_tallies',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    songId: integer('song_id')
      .notNull()
      .references(() => songs.id, { onDelete: 'cascade' }),
    venueId: integer('venue_id').references(() => venues.id, { onDelete: 'cascade' }),
    slot: smallint('slot').notNull().default(0),
    upVotes: integer('up_votes').notNull().default(0),
    downVotes: integer('down_votes').notNull().default(0),
  },
  (t) => [
    unique('vote_tallies_song_context_slot_key').on(t.songId, t.venueId, t.slot).nullsNotDistinct(),
    index('vote_tallies_venue_idx').on(t.venueId),
    check('vote_tallies_non_negative', sql`${t.upVotes} >= 0 and ${t.downVotes} >= 0`),
  ],
);
