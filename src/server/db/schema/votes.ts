/** Votes and their per-context tallies (ADR 002). */
import { sql } from 'drizzle-orm';
import { boolean, check, doublePrecision, index, integer, pgTable, smallint, text, unique } from 'drizzle-orm/pg-core';
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
    /**
     * Changed since the last fold into vote_totals (ADR 029). Every write of a slot sets it (a new row has it by
     * default); the fold clears it under the row lock and writes the song's sums in the same transaction.
     */
    dirty: boolean('dirty').notNull().default(true),
  },
  (t) => [
    unique('vote_tallies_song_context_slot_key').on(t.songId, t.venueId, t.slot).nullsNotDistinct(),
    index('vote_tallies_venue_idx').on(t.venueId),
    index('vote_tallies_dirty_idx')
      .on(t.songId, t.venueId)
      .where(sql`${t.dirty}`),
    check('vote_tallies_non_negative', sql`${t.upVotes} >= 0 and ${t.downVotes} >= 0`),
  ],
);

/**
 * The summed slots of each (song, context) as of the last fold (ADR 029), indexed in mix order and in trending
 * order per context, so that a context's top K is an index read with LIMIT. Not written by votes (a hot song's
 * votes would all queue on its one row): `foldTallies` (votes.repository) folds the dirty slots in, about every
 * second. Readers that must be exact take the (song, context) pairs with dirty slots from the slots themselves.
 */
export const voteTotals = pgTable(
  'vote_totals',
  {
    songId: integer('song_id')
      .notNull()
      .references(() => songs.id, { onDelete: 'cascade' }),
    venueId: integer('venue_id').references(() => venues.id, { onDelete: 'cascade' }),
    upVotes: integer('up_votes').notNull(),
    downVotes: integer('down_votes').notNull(),
    /** The song's creation time in whole milliseconds (it never changes), for the hot score. */
    createdMs: doublePrecision('created_ms').notNull(),
    net: integer('net')
      .notNull()
      .generatedAlwaysAs(sql`up_votes - down_votes`),
    /** The trending hot score, the formula of src/shared/ranking.ts (as mixes.repository computes it). */
    hot: doublePrecision('hot')
      .notNull()
      .generatedAlwaysAs(
        sql`sign((up_votes - down_votes)::float8) * log(greatest(abs(up_votes - down_votes), 1)::float8) + created_ms / 1000 / 45000`,
      ),
  },
  (t) => [
    unique('vote_totals_song_context_key').on(t.songId, t.venueId).nullsNotDistinct(),
    // The whole order of each list (mixes.repository loadTopVoted), so that LIMIT stops the index scan. The global
    // context has its own partial indexes: PostgreSQL uses an index's order after an equality on its first column
    // (venue_id = N) but not after IS NULL.
    index('vote_totals_global_mix_idx')
      .on(t.net.desc(), t.upVotes.desc(), t.createdMs.asc(), t.songId.asc())
      .where(sql`${t.venueId} is null`),
    index('vote_totals_global_hot_idx')
      .on(t.hot.desc(), t.createdMs.desc(), t.songId.desc())
      .where(sql`${t.venueId} is null`),
    index('vote_totals_venue_mix_idx')
      .on(t.venueId, t.net.desc(), t.upVotes.desc(), t.createdMs.asc(), t.songId.asc())
      .where(sql`${t.venueId} is not null`),
    index('vote_totals_venue_hot_idx')
      .on(t.venueId, t.hot.desc(), t.createdMs.desc(), t.songId.desc())
      .where(sql`${t.venueId} is not null`),
  ],
);
