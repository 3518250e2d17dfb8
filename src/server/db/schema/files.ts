/** Stored files (PDFs) and their bytes in chunk rows (ADR 012). */
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { bytea, ts } from './columns';
import { songs } from './songs';

/**
 * A stored file. Its bytes live in `file_chunks`, so that no query ever moves a whole file. While an upload
 * streams in, the row has no song (`song_id` null, invisible to downloads); the upload's last step names the song.
 */
export const files = pgTable(
  'files',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    songId: integer('song_id').references(() => songs.id, { onDelete: 'cascade' }),
    contentType: text('content_type').notNull().default('application/pdf'),
    size: integer('size').notNull(),
    /** Bytes per chunk row (every chunk but the last is this long). */
    chunkSize: integer('chunk_size').notNull().default(262144),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('files_song_key').on(t.songId),
    index('files_pending_idx')
      .on(t.createdAt)
      .where(sql`${t.songId} is null`),
    check('files_size_positive', sql`${t.songId} is null or ${t.size} > 0`),
    check('files_chunk_size_positive', sql`${t.chunkSize} > 0`),
  ],
);

/** The bytes of a file in order, `chunk_size` bytes a row: read and written one row per query. */
export const fileChunks = pgTable(
  'file_chunks',
  {
    fileId: integer('file_id')
      .notNull()
      .references(() => files.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    data: bytea('data').notNull(),
  },
  (t) => [primaryKey({ columns: [t.fileId, t.seq] }), check('file_chunks_seq_nonnegative', sql`${t.seq} >= 0`)],
);
