/** SQL for mixes: the candidates of a context with their tallies, tally refreshes, and the caller's own votes. */
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { songs, venues, voteTallies } from '../../db/schema';
import type { VoteType } from '../../../shared/constants';

const ctx = (venueId: number | null) => (venueId === null ? isNull(voteTallies.venueId) : eq(voteTallies.venueId, venueId));

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
    .select({ song: songs, up: tallies.up, down: tallies.down })
    .from(songs)
    .leftJoin(tallies, eq(tallies.songId, songs.id))
    .where(venueId === null ? eq(songs.isPrivate, false) : and(eq(songs.isPrivate, false), eq(songs.venueId, venueId)));
  return rows.map((r) => ({ song: r.song, upVotes: Number(r.up ?? 0), downVotes: Number(r.down ?? 0) }));
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
  const [row] = await db.select({ id: venues.id, name: venues.name }).from(venues).where(eq(venues.id, venueId)).limit(1);
  return row ?? null;
}

/** The caller's votes on the listed songs in one context: one query on the (user, song, venue) unique index. */
export async function userVotes(db: DbOrTx, userId: string, venueId: number | null, songIds: number[]) {
  const map = new Map<number, VoteType>();
  if (!songIds.length) return map;
  // One array parameter rather than `in ($1 … $100)`: building a hundred parameters per signed-in mix read was a
  // visible share of its cost in `npm run bench`. The ids are integers, so the array literal is safe.
  const ids = `{${songIds.map((id) => Math.trunc(id)).join(',')}}`;
  const res = await db.execute(sql`
    select song_id, vote_type from votes
    where user_id = ${userId} and song_id = any(${ids}::int[]) and ${venueId === null ? sql`venue_id is null` : sql`venue_id = ${venueId}`}`);
  for (const r of (res as unknown as { rows: { song_id: number; vote_type: string }[] }).rows) map.set(Number(r.song_id), r.vote_type as VoteType);
  return map;
}
