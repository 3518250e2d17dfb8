/**
 * The bounded mix cache (ADR 025): with a tiny K the cache holds at most K songs per order, and after any votes —
 * songs lifted from below the top K, held songs pushed down, removals and switches, in both a venue and the global
 * context — the mix and trending equal a full ranking computed over every song. Folds into vote_totals (ADR 029)
 * run among the random votes, and reloads then read the folded totals plus the dirty slots' sums.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { compareForMix, compareForTrending, type Rankable } from '../../../shared/ranking';
import { songs, voteTallies } from '../../db/schema';
import { createSong, createUser, createVenue, createVote } from '../../../../test/helpers/factories';
import { api, createTestApp, type TestApp } from '../../../../test/helpers/test-app';
import { castVote } from '../votes/votes.service';
import { foldTallies } from '../votes/votes.repository';
import { prng } from '../../../../test/helpers/prng';

const K = 8;
const SHOWN = 4;
const MINUTE = 60_000;

let t: TestApp;
let http: ReturnType<typeof api>;
let venueId: number;
let userIds: string[];
let publicIds: number[];
let venueSongIds: number[];

beforeAll(async () => {
  t = await createTestApp(
    {},
    {
      configure: (c) => {
        c.mixCache = { topK: K, mixSize: SHOWN, trendingSize: SHOWN };
      },
    },
  );
  http = api(t.app);
  const db = t.database.db;
  venueId = (await createVenue(db)).id;
  userIds = [];
  for (let i = 0; i < 30; i++) userIds.push((await createUser(db)).id);
  const base = Date.now() - 2 * 24 * 60 * MINUTE;
  publicIds = [];
  venueSongIds = [];
  for (let i = 0; i < 40; i++) {
    const inVenue = i % 3 === 0;
    const isPrivate = i % 10 === 7;
    const song = await createSong(db, {
      title: `Bounded ${i}`,
      createdAt: new Date(base + i * 10 * MINUTE + (i % 4) * 1_000),
      venueId: inVenue ? venueId : null,
      isPrivate,
      uploaderId: userIds[i % userIds.length],
    });
    if (isPrivate) continue;
    publicIds.push(song.id);
    if (inVenue) venueSongIds.push(song.id);
  }
  // Votes already in the database when the cache first loads (written past the services, then announced).
  const rand = prng(7);
  for (const songId of publicIds.slice(0, 24))
    for (let v = 0; v < 1 + Math.floor(rand() * 4); v++)
      await createVote(db, { songId, voteType: rand() < 0.6 ? 'up' : 'down', userId: userIds[v] });
  for (const songId of venueSongIds.slice(0, 6))
    await createVote(db, { songId, voteType: 'up', venueId, userId: userIds[0] });
  await t.deps.hub.publish({ type: 'songs_changed', venueId });
}, 120_000);
afterAll(async () => t?.close());

const cache = () => t.deps.state.mixes.cache;
type Key = [id: number, up: number, down: number];
const keys = (list: Array<{ id: number; upVotes: number; downVotes: number }>): Key[] =>
  list.map((s) => [s.id, s.upVotes, s.downVotes]);

/** Every public song of the context with its summed tallies, ranked by the shared comparators: the truth. */
async function fullRanking(context: number | null, order: 'mix' | 'trending'): Promise<Key[]> {
  const rows = await t.database.db
    .select({
      id: songs.id,
      createdAt: songs.createdAt,
      up: sql<number>`coalesce(sum(${voteTallies.upVotes}), 0)::int`,
      down: sql<number>`coalesce(sum(${voteTallies.downVotes}), 0)::int`,
    })
    .from(songs)
    .leftJoin(
      voteTallies,
      and(
        eq(voteTallies.songId, songs.id),
        context === null ? isNull(voteTallies.venueId) : eq(voteTallies.venueId, context),
      ),
    )
    .where(and(eq(songs.isPrivate, false), context === null ? undefined : eq(songs.venueId, context)))
    .groupBy(songs.id);
  const ranked: Rankable[] = rows.map((r) => ({
    id: r.id,
    upVotes: Number(r.up),
    downVotes: Number(r.down),
    createdAtMs: r.createdAt.getTime(),
  }));
  return keys(ranked.sort(order === 'mix' ? compareForMix : compareForTrending));
}

const mixOf = async (context: number | null) => {
  const res = await http.get(context === null ? '/api/mix/global' : `/api/mix/venue/${context}`);
  expect(res.statusCode).toBe(200);
  return keys((res.json() as { songs: Array<{ id: number; upVotes: number; downVotes: number }> }).songs);
};
const trendingOf = async (limit: number) => {
  const res = await http.get(`/api/songs/trending?limit=${limit}`);
  expect(res.statusCode).toBe(200);
  return keys(res.json() as Array<{ id: number; upVotes: number; downVotes: number }>);
};

/** After the cache settled: both contexts' mixes and trending equal the full ranking, and nothing holds more than K. */
async function expectExact() {
  await cache().whenIdle();
  for (const context of [null, venueId]) {
    expect(await mixOf(context)).toEqual((await fullRanking(context, 'mix')).slice(0, SHOWN));
    const held = cache().held(context)!;
    expect(held.mix).toBeLessThanOrEqual(K);
    expect(held.trending).toBeLessThanOrEqual(K);
  }
  const trending = await fullRanking(null, 'trending');
  expect(await trendingOf(SHOWN)).toEqual(trending.slice(0, SHOWN));
  // Asked for more than the cache must show, it answers the songs it knows to be in order: a prefix of the truth.
  const longer = await trendingOf(50);
  expect(longer.length).toBeGreaterThanOrEqual(SHOWN);
  expect(longer.length).toBeLessThanOrEqual(K);
  expect(longer).toEqual(trending.slice(0, longer.length));
}

const vote = (userId: string, songId: number, voteType: 'up' | 'down', context: number | null = null) =>
  castVote(t.deps, userId, { songId, voteType, venueId: context });

describe('the bounded mix cache (MIX_CACHE_TOP_K)', () => {
  it('holds at most K songs per order, and no more than 2K songs, of a context larger than K', async () => {
    expect(publicIds.length).toBeGreaterThan(2 * K);
    await expectExact();
    for (const context of [null, venueId]) {
      const held = cache().held(context)!;
      expect(held).toMatchObject({ mix: K, trending: K });
      expect(held.songs).toBeLessThanOrEqual(2 * K);
    }
  });

  it('lifts a song from below the top K into the mix and trending when it gets votes', async () => {
    for (const order of ['mix', 'trending'] as const) {
      const ranking = await fullRanking(null, order);
      const [last] = ranking[ranking.length - 1];
      for (const userId of userIds.slice(0, 15)) await vote(userId, last, 'up');
      await expectExact();
      expect((order === 'mix' ? await mixOf(null) : await trendingOf(SHOWN)).map(([id]) => id)).toContain(last);
    }
    const venueRanking = await fullRanking(venueId, 'mix');
    const [lastInVenue] = venueRanking[venueRanking.length - 1];
    for (const userId of userIds.slice(0, 12)) await vote(userId, lastInVenue, 'up', venueId);
    await expectExact();
    expect((await mixOf(venueId))[0][0]).toBe(lastInVenue);
  });

  it('pushes held songs down below the boundary and brings the ones behind them up', async () => {
    for (const [id] of (await fullRanking(null, 'mix')).slice(0, 3))
      for (const userId of userIds.slice(15, 30)) await vote(userId, id, 'down');
    await expectExact();
    for (const [id] of (await fullRanking(null, 'trending')).slice(0, 3))
      for (const userId of userIds.slice(15, 30)) await vote(userId, id, 'down');
    await expectExact();
    for (const [id] of (await fullRanking(venueId, 'mix')).slice(0, 2))
      for (const userId of userIds.slice(15, 30)) await vote(userId, id, 'down', venueId);
    await expectExact();
  });

  it('stays exact under a few hundred seeded random votes, switches and removals, read while they happen', async () => {
    const rand = prng(2026);
    for (let i = 1; i <= 360; i++) {
      const inVenue = rand() < 0.3;
      const pool = inVenue ? venueSongIds : publicIds;
      // Half the votes go to a few songs, so that some climb far and others fall far.
      const songId = rand() < 0.5 ? pool[Math.floor(rand() * 5)] : pool[Math.floor(rand() * pool.length)];
      const userId = userIds[Math.floor(rand() * userIds.length)];
      await vote(userId, songId, rand() < 0.55 ? 'up' : 'down', inVenue ? venueId : null);
      // Reads in between, while re-reads are pending: they must not break what comes after.
      if (i % 25 === 0) await Promise.all([mixOf(null), mixOf(venueId), trendingOf(SHOWN)]);
      // Some dirty slots folded into vote_totals, and reloads that read the folded totals plus the dirty sums.
      if (i % 10 === 0) await foldTallies(t.database.db, 4);
      if (i % 45 === 0) await t.deps.hub.publish({ type: 'songs_changed', venueId });
      if (i % 90 === 0) await expectExact();
    }
  });

  it('answers a full mix again after a song is removed from the catalogue (reload)', async () => {
    const [top] = (await fullRanking(null, 'mix'))[0];
    await t.database.db.delete(songs).where(eq(songs.id, top));
    await t.deps.hub.publish({ type: 'songs_changed', venueId });
    publicIds = publicIds.filter((id) => id !== top);
    venueSongIds = venueSongIds.filter((id) => id !== top);
    await expectExact();
  });
});
