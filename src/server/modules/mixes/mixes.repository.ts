/** SQL for mixes: a context's top candidates by each order (ADR 025, ADR 029), song rows, and tally refreshes. */
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { uploaderNameSql } from '../songs/songs.presenter';
import type { DbOrTx } from '../../db/client';
import { songs, venues, voteTallies } from '../../db/schema';

const ctx = (venueId: number | null) =>
  venueId === null ? isNull(voteTallies.venueId) : eq(voteTallies.venueId, venueId);

const candidateFilter = (venueId: number | null) =>
  venueId === null ? eq(songs.isPrivate, false) : and(eq(songs.isPrivate, false), eq(songs.venueId, venueId));

/** A candidate's ranking key as SQL read it: counts in the context, creation time in whole milliseconds. */
export interface RankRow {
  id: number;
  upVotes: number;
  downVotes: number;
  createdAtMs: number;
}

const rankRow = (r: { id: number | string; up?: number | string; down?: number | string; ms: number | string }) => ({
  id: Number(r.id),
  upVotes: Number(r.up ?? 0),
  downVotes: Number(r.down ?? 0),
  createdAtMs: Number(r.ms),
});
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
type RawRank = { o?: string; id: number | string; up?: number | string; down?: number | string; ms: number | string };

const ctxSql = (venueId: number | null, alias: string) =>
  venueId === null ? sql.raw(`${alias}.venue_id is null`) : sql`${sql.raw(alias)}.venue_id = ${venueId}`;
const songFilterSql = (venueId: number | null) =>
  venueId === null ? sql`s.is_private = false` : sql`s.is_private = false and s.venue_id = ${venueId}`;
const msSql = sql`floor(extract(epoch from s.created_at) * 1000)::float8`;

const hotSql = sql`sign((up - down)::float8) * log(greatest(abs(up - down), 1)::float8) + ms / 1000 / 45000`;

/**
 * The songs of a context that have tallies there, the first `limit` in mix order and the first `limit` in trending
 * order (ADR 025, ADR 029). One statement, exact against the slots: the folded totals (vote_totals) of the songs
 * with no dirty slot, read in each order on its index with LIMIT, plus the summed slots of the songs with a dirty
 * slot (votes since the last fold, about a second's worth); both orders take their LIMIT from the two.
 * The hot score is the shared formula (src/shared/ranking.ts); callers re-sort in JS, which decides.
 */
export async function loadTopVoted(db: DbOrTx, venueId: number | null, limit: number) {
  // Each order is the whole key of its index (vote_totals_mix_idx, vote_totals_hot_idx): the scan stops at LIMIT.
  const folded = (order: ReturnType<typeof sql>) => sql`
    select t.song_id as id, t.up_votes as up, t.down_votes as down, t.created_ms as ms
    from vote_totals t join songs s on s.id = t.song_id
    where ${ctxSql(venueId, 't')} and ${songFilterSql(venueId)}
      and not exists (select 1 from p where p.song_id = t.song_id)
    order by ${order} limit ${limit}`;
  const result = await db.execute(sql`
    with p as materialized (
      select distinct vt.song_id from vote_tallies vt where vt.dirty and ${ctxSql(venueId, 'vt')}
    ), pending as materialized (
      select t.song_id as id, t.up, t.down, ${msSql} as ms
      from (
        select vt.song_id, sum(vt.up_votes)::int as up, sum(vt.down_votes)::int as down
        from vote_tallies vt where vt.song_id in (select song_id from p) and ${ctxSql(venueId, 'vt')}
        group by vt.song_id
      ) t join songs s on s.id = t.song_id
      where ${songFilterSql(venueId)}
    )
    (select 'm' as o, id, up, down, ms from (
      (${folded(sql`t.net desc nulls last, t.up_votes desc nulls last, t.created_ms, t.song_id`)})
      union all select id, up, down, ms from pending
    ) m order by up - down desc, up desc, ms, id limit ${limit})
    union all
    (select 't' as o, id, up, down, ms from (
      (${folded(sql`t.hot desc nulls last, t.created_ms desc nulls last, t.song_id desc nulls last`)})
      union all select id, up, down, ms from pending
    ) h order by ${hotSql} desc, ms desc, id desc limit ${limit})`);
  const rows = rowsOf<RawRank>(result);
  return {
    mix: rows.filter((r) => r.o === 'm').map(rankRow),
    trending: rows.filter((r) => r.o === 't').map(rankRow),
  };
}

/**
 * The context's public songs with no tally row there (no votes: net 0), the `limit` oldest (they follow the songs
 * with net > 0 in mix order) or newest (their hot score is their age alone). `notBeforeMs` skips songs too old to
 * reach the trending list.
 */
export async function loadUnvoted(
  db: DbOrTx,
  venueId: number | null,
  order: 'oldest' | 'newest',
  limit: number,
  notBeforeMs?: number,
) {
  const direction = order === 'oldest' ? sql`asc` : sql`desc`;
  const result = await db.execute(sql`
    select s.id, ${msSql} as ms from songs s
    where ${songFilterSql(venueId)}
      and not exists (select 1 from vote_tallies vt where vt.song_id = s.id and ${ctxSql(venueId, 'vt')})
      ${notBeforeMs === undefined ? sql`` : sql`and s.created_at >= to_timestamp(${notBeforeMs / 1000})`}
    order by s.created_at ${direction}, s.id ${direction}
    limit ${limit}`);
  return rowsOf<RawRank>(result).map(rankRow);
}

/** The rows of a few songs that are candidates of the context (public; in the venue), with the uploader's name. */
export async function loadSongs(db: DbOrTx, venueId: number | null, songIds: number[]) {
  if (!songIds.length) return [];
  return db
    .select({ song: songs, uploaderName: uploaderNameSql })
    .from(songs)
    .where(and(inArray(songs.id, songIds), candidateFilter(venueId)));
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
