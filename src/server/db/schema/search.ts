/**
 * The word list of search (ADR 026): every distinct normalised word of public songs' titles, artists and genres,
 * with the number of public songs that have it. Typo correction reads it (trigram KNN on a small table instead of
 * on a million titles). Kept by triggers on `songs` (migration 0009, also its trigram and prefix indexes): a private
 * song's words are never in it, so no correction can reveal one.
 */
import { integer, pgTable, text } from 'drizzle-orm/pg-core';

export const searchWords = pgTable('search_words', {
  word: text('word').primaryKey(),
  /** Public songs with the word; a row is deleted when it reaches 0 (by the same trigger statement). */
  songs: integer('songs').notNull(),
});
