import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { mixSongs } from '../../db/schema';
import { createSong, createUser, createVenue, createVote } from '../../../../test/helpers/factories';
import { api, createTestApp, type TestApp } from '../../../../test/helpers/test-app';
import { dayOf, recordChartSnapshot, startCharts, stopCharts } from './charts.service';

let t: TestApp;
let http: ReturnType<typeof api>;
let clock = Date.parse('2031-03-01T10:00:00Z');
const DAY = 86_400_000;

beforeAll(async () => {
  t = await createTestApp();
  http = api(t.app);
  t.deps.state.mixes.charts.setClock(() => clock);
}, 120_000);
afterAll(async () => t?.close());

const mixes = () => t.deps.state.mixes;
const announce = (venueId: number | null = null) => t.deps.hub.publish({ type: 'songs_changed', venueId });
const up = async (songId: number, n: number, venueId: number | null = null) => {
  for (let i = 0; i < n; i++) await createVote(t.database.db, { songId, voteType: 'up', venueId });
};
type Row = { title: string; position: number; previousPosition: number | null };
/** [title, position, previousPosition] per song; the global mix also holds the venue's songs (with no global votes, last): left out. */
const moves = async (url: string) =>
  ((await http.get(url)).json().songs as Row[])
    .filter((s) => url.includes('/venue/') || !s.title.startsWith('Venue'))
    .map((s) => [s.title, s.position, s.previousPosition === undefined ? 'none' : s.previousPosition]);

describe('chart movement', () => {
  it('compares with the latest snapshot from an earlier day, across two recorded days, for the global and venue mixes', async () => {
    const db = t.database.db;
    const a = await createSong(db, { title: 'Alpha' });
    const b = await createSong(db, { title: 'Bravo' });
    const c = await createSong(db, { title: 'Charlie' });
    await up(a.id, 3);
    await up(b.id, 2);
    await up(c.id, 1);
    const venue = await createVenue(db, { ownerId: (await createUser(db)).id, name: 'Chart Hall' });
    const v1 = await createSong(db, { title: 'Venue One', venueId: venue.id });
    const v2 = await createSong(db, { title: 'Venue Two', venueId: venue.id });
    await up(v1.id, 2, venue.id);
    await up(v2.id, 1, venue.id);
    await announce();
    await announce(venue.id);

    // Before any snapshot there is no movement to show (not every song NEW).
    expect(await moves('/api/mix/global')).toEqual([
      ['Alpha', 1, 'none'],
      ['Bravo', 2, 'none'],
      ['Charlie', 3, 'none'],
    ]);

    // Day 1: record (twice: the second run finds the day recorded and adds nothing).
    expect(await recordChartSnapshot(t.deps, mixes())).toBe(2);
    expect(await recordChartSnapshot(t.deps, mixes())).toBe(0);
    const stored = await db.execute(sql`select count(*)::int n from mix_songs where recorded_on = '2031-03-01'`);
    expect(Number((stored as unknown as { rows: { n: number }[] }).rows[0].n)).toBe(5 + 2);
    // Same day: the snapshot of today is not "previous".
    expect(await moves('/api/mix/global')).toEqual([
      ['Alpha', 1, 'none'],
      ['Bravo', 2, 'none'],
      ['Charlie', 3, 'none'],
    ]);

    // Day 2: Charlie climbs to the top, Delta enters, the venue's songs swap.
    clock += DAY;
    await up(c.id, 5);
    const d = await createSong(db, { title: 'Delta' });
    await up(d.id, 1);
    await up(v2.id, 5, venue.id);
    await announce();
    await announce(venue.id);
    expect(await moves('/api/mix/global')).toEqual([
      ['Charlie', 1, 3],
      ['Alpha', 2, 1],
      ['Bravo', 3, 2],
      ['Delta', 4, null],
    ]);
    expect(await moves(`/api/mix/venue/${venue.id}`)).toEqual([
      ['Venue Two', 1, 2],
      ['Venue One', 2, 1],
    ]);
    expect(await recordChartSnapshot(t.deps, mixes())).toBe(2);

    // Day 3 (day 2 recorded): movement is now measured against day 2.
    clock += DAY;
    await up(d.id, 10);
    await announce();
    expect(await moves('/api/mix/global')).toEqual([
      ['Delta', 1, 4],
      ['Charlie', 2, 1],
      ['Alpha', 3, 2],
      ['Bravo', 4, 3],
    ]);

    // Days without a snapshot: the most recent earlier one still counts.
    clock += 3 * DAY;
    expect((await moves('/api/mix/global'))[0]).toEqual(['Delta', 1, 4]);
  });

  it('records for an injected day, and a day already recorded is left alone', async () => {
    expect(await recordChartSnapshot(t.deps, mixes(), '2031-02-01')).toBe(2);
    expect(await recordChartSnapshot(t.deps, mixes(), '2031-02-01')).toBe(0);
  });
});

describe('the chart check on start', () => {
  const recordedOn = async (day: string) =>
    (
      await t.database.db
        .select({ n: sql<number>`count(*)::int` })
        .from(mixSongs)
        .where(eq(mixSongs.recordedOn, day))
    )[0].n;

  it('waits before its first check (requests and /readyz do not queue behind it), then records the missing day', async () => {
    clock += 30 * DAY;
    const today = dayOf(clock);
    startCharts(t.deps, mixes(), 200);
    try {
      // Readiness and reads right after start find the database free.
      expect((await http.get('/readyz')).statusCode).toBe(200);
      expect(await recordedOn(today)).toBe(0);
      await vi.waitFor(async () => expect(await recordedOn(today)).toBeGreaterThan(0), {
        timeout: 10_000,
        interval: 50,
      });
    } finally {
      stopCharts(mixes());
    }
  });

  it('checks nothing when stopped before the first check', async () => {
    clock += DAY;
    startCharts(t.deps, mixes(), 100);
    stopCharts(mixes());
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(await recordedOn(dayOf(clock))).toBe(0);
  });
});
