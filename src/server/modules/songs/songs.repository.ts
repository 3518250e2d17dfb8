/** SQL for songs and their PDF files. Counts come from vote_tallies (summed over slots), never from votes. */
import { and, desc, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { fileChunks, files, songs, venues, votes } from '../../db/schema';
import { uploaderNameSql } from './songs.presenter';

/**
 * Global-context counts of the song in the current row, as correlated sums over its tally slots. Explicit
 * aliases: Drizzle leaves columns unqualified in some selects, which would bind them to the subquery's table.
 */
const globalUp = sql<number>`(select coalesce(sum(vt.up_votes), 0)::int from vote_tallies vt where vt.song_id = "songs"."id" and vt.venue_id is null)`;
const globalDown = sql<number>`(select coalesce(sum(vt.down_votes), 0)::int from vote_tallies vt where vt.song_id = "songs"."id" and vt.venue_id is null)`;

/** created_at in whole microseconds since the epoch (text: beyond Number's exact range), for page cursors. */
const createdMicros = sql<string>`(extract(epoch from "songs"."created_at") * 1000000)::bigint::text`;

/** Songs newest first with global counts and the viewer's global vote. `where` filters which songs. */
async function listWithCounts(db: DbOrTx, viewerId: string | null, where: ReturnType<typeof and>, limit?: number) {
  const q = db
    .select({
      song: songs,
      upVotes: globalUp,
      downVotes: globalDown,
      userVote: votes.voteType,
      uploaderName: uploaderNameSql,
      createdMicros,
    })
    .from(songs)
    .leftJoin(
      votes,
      viewerId ? and(eq(votes.songId, songs.id), eq(votes.userId, viewerId), isNull(votes.venueId)) : sql`false`,
    )
    .where(where)
    .orderBy(desc(songs.createdAt), desc(songs.id));
  const rows = limit ? await q.limit(limit) : await q;
  return rows.map((r) => ({ ...r, userVote: r.userVote ?? null }));
}

/**
 * One page of the catalogue as `viewerId` may see it (public songs plus their own private ones), newest first,
 * after `after` (where the previous page ended). Asks for `limit` rows; the caller asks one more to learn whether
 * a next page exists.
 */
export function listVisibleSongs(
  db: DbOrTx,
  viewerId: string | null,
  limit: number,
  after: { micros: string; id: number } | null = null,
) {
  const visible = viewerId
    ? or(eq(songs.isPrivate, false), eq(songs.uploaderId, viewerId))
    : eq(songs.isPrivate, false);
  // Row comparison on the ORDER BY columns: the keyset continues exactly where the last page stopped.
  const afterCursor = after
    ? sql`("songs"."created_at", "songs"."id") < (timestamptz 'epoch' + ${after.micros}::bigint * interval '1 microsecond', ${after.id}::int)`
    : undefined;
  return listWithCounts(db, viewerId, and(visible, afterCursor), limit);
}

/** One song with its global counts and the viewer's global vote, if `viewerId` may see it. */
export async function findVisibleSong(db: DbOrTx, viewerId: string | null, id: number) {
  const visible = viewerId
    ? or(eq(songs.isPrivate, false), eq(songs.uploaderId, viewerId))
    : eq(songs.isPrivate, false);
  const [row] = await listWithCounts(db, viewerId, and(eq(songs.id, id), visible), 1);
  return row ?? null;
}

/** A user's own uploads, private ones included. */
export function listSongsByUploader(db: DbOrTx, uploaderId: string) {
  return listWithCounts(db, uploaderId, eq(songs.uploaderId, uploaderId));
}

export async function findSong(db: DbOrTx, id: number) {
  const [row] = await db.select().from(songs).where(eq(songs.id, id)).limit(1);
  return row ?? null;
}

/** The attribute columns, as the API returns them. */
const attributeColumns = {
  id: songs.id,
  releaseYear: songs.releaseYear,
  energy: songs.energy,
  tempo: songs.tempo,
  moods: songs.moods,
  instrumental: songs.instrumental,
  language: songs.language,
};

/** A song's attributes, or undefined when there is no such song. */
export async function findAttributes(db: DbOrTx, id: number) {
  const [row] = await db.select(attributeColumns).from(songs).where(eq(songs.id, id)).limit(1);
  return row;
}

/** Writes the attributes given (undefined fields are left as they are) and returns them all. */
export async function updateAttributes(
  db: DbOrTx,
  id: number,
  attrs: {
    releaseYear?: number | null;
    energy?: number | null;
    tempo?: string | null;
    moods?: string[] | null;
    instrumental?: boolean | null;
    language?: string | null;
  },
) {
  const set = Object.fromEntries(Object.entries(attrs).filter(([, v]) => v !== undefined));
  if (Object.keys(set).length) await db.update(songs).set(set).where(eq(songs.id, id));
  const [row] = await db.select(attributeColumns).from(songs).where(eq(songs.id, id)).limit(1);
  return row;
}

/** Whether the venue exists and takes songs: 'missing', 'inactive' or 'active' (a plain read, no lock). */
export async function venueState(db: DbOrTx, id: number): Promise<'missing' | 'inactive' | 'active'> {
  const [row] = await db.select({ isActive: venues.isActive }).from(venues).where(eq(venues.id, id)).limit(1);
  return !row ? 'missing' : row.isActive ? 'active' : 'inactive';
}

/**
 * True when the venue is active, holding a key-share lock on its row until the transaction ends; a deactivation
 * locks the row FOR UPDATE first (venues.repository), so no song is written into a venue after its deactivation.
 */
export async function lockOpenVenue(tx: DbOrTx, id: number) {
  const rows = await tx
    .select({ id: venues.id })
    .from(venues)
    .where(and(eq(venues.id, id), eq(venues.isActive, true)))
    .for('key share');
  return rows.length > 0;
}

/** The public song of a YouTube video, if the catalogue has one (at most one: songs_public_youtube_key). */
export async function findPublicSongByYoutubeId(db: DbOrTx, youtubeId: string) {
  const [row] = await db
    .select({ id: songs.id })
    .from(songs)
    .where(and(eq(songs.youtubeId, youtubeId), eq(songs.isPrivate, false)))
    .limit(1);
  return row ?? null;
}

export type NewSong = Omit<typeof songs.$inferInsert, 'id' | 'createdAt' | 'pdfUrl'>;

/** Inserts a YouTube song. */
export async function insertSong(db: DbOrTx, values: NewSong) {
  const [row] = await db.insert(songs).values(values).returning();
  return row;
}

/**
 * Starts a file whose bytes are about to stream in: a row without a song (invisible to downloads) that the chunks
 * hang on. `attachFile` gives it its song once every chunk is stored; `deleteFile` drops it otherwise.
 */
export async function createPendingFile(db: DbOrTx, chunkSize: number): Promise<number> {
  const [row] = await db.insert(files).values({ songId: null, size: 0, chunkSize }).returning({ id: files.id });
  return row.id;
}

/**
 * Stores one chunk of a file (one query, one chunk). Sent as base64 and decoded by the database: through PGlite
 * that is about half the time of a bytea parameter (hex text, twice the bytes), see ADR 012.
 */
export async function insertChunk(db: DbOrTx, fileId: number, seq: number, data: Buffer) {
  await db.insert(fileChunks).values({ fileId, seq, data: sql`decode(${data.toString('base64')}, 'base64')` });
}

/** Drops a file and its chunks (an upload that was refused or broke off). */
export async function deleteFile(db: DbOrTx, fileId: number) {
  await db.delete(files).where(eq(files.id, fileId));
}

/** Drops files whose upload never finished (the process stopped mid-upload) and that are older than `before`. */
export async function deleteStalePendingFiles(db: DbOrTx, before: Date) {
  await db.delete(files).where(and(isNull(files.songId), lt(files.createdAt, before)));
}

/**
 * Inserts a PDF song for a file whose chunks are all stored, in the caller's transaction: the song names its
 * file's URL and the file its song and final size.
 */
export async function insertPdfSong(
  db: DbOrTx,
  values: NewSong,
  file: { id: number; size: number },
  pdfUrl: (fileId: number) => string,
) {
  const [song] = await db
    .insert(songs)
    .values({ ...values, pdfUrl: pdfUrl(file.id) })
    .returning();
  const attached = await db
    .update(files)
    .set({ songId: song.id, size: file.size })
    .where(and(eq(files.id, file.id), isNull(files.songId)))
    .returning({ id: files.id });
  if (attached.length !== 1) throw new Error(`pending file ${file.id} is gone`);
  return song;
}

/** Deletes a song; its votes, tallies, file and playlist entries go with it (foreign keys cascade). */
export async function deleteSong(db: DbOrTx, id: number) {
  const rows = await db.delete(songs).where(eq(songs.id, id)).returning({ id: songs.id });
  return rows.length > 0;
}

/** A stored file (not its bytes) with the privacy facts of its song; null for a missing or unfinished file. */
export async function findFile(db: DbOrTx, id: number) {
  const [row] = await db
    .select({
      id: files.id,
      songId: songs.id,
      size: files.size,
      chunkSize: files.chunkSize,
      isPrivate: songs.isPrivate,
      uploaderId: songs.uploaderId,
    })
    .from(files)
    .innerJoin(songs, eq(songs.id, files.songId))
    .where(eq(files.id, id))
    .limit(1);
  return row ?? null;
}

/**
 * One chunk of a file's bytes: the only query that reads file contents, one chunk row at a time. Sent as base64
 * (a third larger than the bytes) rather than bytea's hex text (twice as large): half the bytes through the driver.
 */
export async function readChunk(db: DbOrTx, fileId: number, seq: number): Promise<Buffer | null> {
  const [row] = await db
    .select({ data: sql<string>`encode(${fileChunks.data}, 'base64')` })
    .from(fileChunks)
    .where(and(eq(fileChunks.fileId, fileId), eq(fileChunks.seq, seq)));
  return row ? Buffer.from(row.data, 'base64') : null;
}
