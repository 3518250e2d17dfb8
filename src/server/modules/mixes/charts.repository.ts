/** SQL for chart snapshots: the mixes rows, the daily positions in mix_songs and the latest earlier snapshot. */
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { mixes, mixSongs, venues } from '../../db/schema';

/** Ids of the venues whose mixes are charted (active ones). */
export async function activeVenueIds(db: DbOrTx): Promise<number[]> {
  const rows = await db.select({ id: venues.id }).from(venues).where(eq(venues.isActive, true));
  return rows.map((r) => r.id);
}

/** The mixes row of a context, created when missing (venues made before mixes rows existed, or the global one). */
export async function ensureMix(db: DbOrTx, venueId: number | null, name: string): Promise<number> {
  await db.insert(mixes).values({ venueId, name }).onConflictDoNothing();
  const [row] = await db
    .select({ id: mixes.id })
    .from(mixes)
    .where(venueId === null ? isNull(mixes.venueId) : eq(mixes.venueId, venueId))
    .limit(1);
  return row.id;
}

/** Which of the given mixes already have a snapshot on `day`. */
export async function mixesRecordedOn(db: DbOrTx, mixIds: number[], day: string): Promise<Set<number>> {
  if (!mixIds.length) return new Set();
  const rows = await db
    .selectDistinct({ mixId: mixSongs.mixId })
    .from(mixSongs)
    .where(and(inArray(mixSongs.mixId, mixIds), eq(mixSongs.recordedOn, day)));
  return new Set(rows.map((r) => r.mixId));
}

/** Stores one day's positions of a mix; a concurrent recorder's rows win (unique mix, day, song). */
export async function insertSnapshot(
  db: DbOrTx,
  mixId: number,
  day: string,
  rows: Array<{ songId: number; position: number; voteCount: number }>,
) {
  if (!rows.length) return;
  await db
    .insert(mixSongs)
    .values(
      rows.map((r) => ({ mixId, songId: r.songId, position: r.position, voteCount: r.voteCount, recordedOn: day })),
    )
    .onConflictDoNothing();
}

/** Song → position in the context's most recent snapshot from a day before `today` (empty when none). */
export async function previousPositions(
  db: DbOrTx,
  venueId: number | null,
  today: string,
): Promise<Map<number, number>> {
  const [mix] = await db
    .select({ id: mixes.id })
    .from(mixes)
    .where(venueId === null ? isNull(mixes.venueId) : eq(mixes.venueId, venueId))
    .limit(1);
  if (!mix) return new Map();
  const rows = await db
    .select({ songId: mixSongs.songId, position: mixSongs.position })
    .from(mixSongs)
    .where(
      and(
        eq(mixSongs.mixId, mix.id),
        eq(
          mixSongs.recordedOn,
          sql`(select max(p.recorded_on) from ${mixSongs} p where p.mix_id = ${mix.id} and p.recorded_on < ${today})`,
        ),
      ),
    );
  return new Map(rows.map((r) => [r.songId, r.position]));
}
