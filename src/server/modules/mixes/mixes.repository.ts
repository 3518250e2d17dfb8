/** SQL for mixes: the candidates of a context with their tallies, and tally refreshes. */
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { uploaderNameSql } from '../songs/songs.presenter';
import type { DbOrTx } from '../../db/client';
import { songs, venues, voteTallies } from '../../db/schema';

const ctx = (venueId: number | null) =>
  venueId === null ? isNull(voteTallies.venueId) : eq(voteTallies.venueId, venueId);

/**
 * Every song that can be in the mix (public; in the venue for a venue mix) with its counts in that context.
 * Sums tally slots, never counts vote rows.
 */
export async function loadCandidates(db: DbOrTx, venueId: number | null) {
  const tallies = db
    .select({
      songId: voteTallies.songId,
      up: sql<number>`sum(${voteTallies.upVotes})::int`.as('up'),
      down: sql<number>`sum(${voteTallies.downVotes})::int`.as('down'),
    })
    .from(voteTallies)
    .where(ctx(venueId))
    .groupBy(voteTallies.songId)
    .as('t');
  const rows = await db
    .select({ song: songs, up: tallies.up, down: tallies.down, uploaderName: uploaderNameSql })
    .from(songs)
    .leftJoin(tallies, eq(tallies.songId, songs.id))
    .where(venueId === null ? eq(songs.isPrivate, false) : and(eq(songs.isPrivate, false), eq(songs.venueId, venueId)));
  return rows.map((r) => ({
    song: r.song,
    uploaderName: r.uploaderName,
    upVotes: Number(r.up ?? 0),
    downVotes: Number(r.down ?? 0),
  }));
}

/** Current counts of a few songs in one context. */
export async function loadCounts(db: DbOrTx, venueId: number | null, songIds: number[]) {
  if (!songIds.length) return [];
  const rows = await db
    .select({
      songId: voteTallies.songId,
      up: sql<number>`coalesce(sum(${voteTallies.upVotes}), 0)::int`,
      down: sql<number>`coalesce(sum(${voteTallies.downVotes}), 0)::int`,
    })
    .from(voteTallies)
    .where(and(inArray(voteTallies.songId, songIds), ctx(venueId)))
    .groupBy(voteTallies.songId);
  return rows.map((r) => ({ songId: r.songId, upVotes: Number(r.up), downVotes: Number(r.down) }));
}

export async function findVenueName(db: DbOrTx, venueId: number) {
  const [row] = await db
    .select({ id: venues.id, name: venues.name })
    .from(venues)
    .where(eq(venues.id, venueId))
    .limit(1);
  return row ?? null;
}
