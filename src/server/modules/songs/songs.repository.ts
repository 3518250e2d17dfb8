/** SQL for songs and their PDF files. Counts come from vote_tallies (summed over slots), never from votes. */
import { and, desc, eq, isNull, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { files, songs, venues, votes } from '../../db/schema';
import type { VoteType } from '../../../shared/constants';

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
  return rows.map((r) => ({ ...r, userVote: (r.userVote as VoteType | null) ?? null }));
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
 * Inserts a PDF song and its bytes in one transaction. The song must name its file's URL and the file row its
 * song, so the song starts with a placeholder URL that the same transaction replaces.
 */
export async function insertPdfSong(
  db: DbOrTx,
  values: NewSong,
  bytes: Uint8Array,
  pdfUrl: (fileId: number) => string,
) {
  return db.transaction(async (tx) => {
    const [song] = await tx
      .insert(songs)
      .values({ ...values, pdfUrl: '/api/files/pending' })
      .returning();
    const [file] = await tx
      .insert(files)
      .values({ songId: song.id, contentType: 'application/pdf', size: bytes.byteLength, bytes })
      .returning({ id: files.id });
    const [updated] = await tx
      .update(songs)
      .set({ pdfUrl: pdfUrl(file.id) })
      .where(eq(songs.id, song.id))
      .returning();
    return updated;
  });
}

/** Deletes a song; its votes, tallies and file go with it (foreign keys cascade). */
export async function deleteSong(db: DbOrTx, id: number) {
  const rows = await db.delete(songs).where(eq(songs.id, id)).returning({ id: songs.id });
  return rows.length > 0;
}

/** A stored file with the privacy facts of its song. */
export async function findFile(db: DbOrTx, id: number) {
  const [row] = await db
    .select({
      id: files.id,
      songId: files.songId,
      size: files.size,
      bytes: files.bytes,
      isPrivate: songs.isPrivate,
      uploaderId: songs.uploaderId,
    })
    .from(files)
    .innerJoin(songs, eq(songs.id, files.songId))
    .where(eq(files.id, id))
    .limit(1);
  return row ?? null;
}
