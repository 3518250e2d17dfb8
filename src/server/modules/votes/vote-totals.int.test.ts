/**
 * vote_totals (ADR 029) under concurrency: random votes, switches, removals, withdrawn accounts' votes, songs taken
 * out of a venue and deleted songs, all at once with folds running beside them. At checkpoints during the churn,
 * in one snapshot: every (song, context) with no dirty slot has totals equal to its slot sums, and the mix loader
 * (which adds the dirty pairs' slot sums) returns exactly the slot sums. After the churn and a last fold: totals
 * equal the slot sums for every pair, no slot is dirty, and no total is left without slots.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { pgCode } from '../../lib/http-errors';
import { createSong, createUser, createVenue } from '../../../../test/helpers/factories';
import { createTestApp, type TestApp } from '../../../../test/helpers/test-app';
import { loadTopVoted } from '../mixes/mixes.repository';
import { deleteSong } from '../songs/songs.service';
import { removeSong } from '../venues/venues.service';
import { castVote, withdrawAllVotes } from './votes.service';
import { foldTallies } from './votes.repository';
import { prng } from '../../../../test/helpers/prng';

let t: TestApp;
let venueId: number;
let ownerId: string;
let userIds: string[];
let songs: Array<{ id: number; uploaderId: string; inVenue: boolean }>;

const rows = <T>(r: unknown) => (r as { rows: T[] }).rows;

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  const venue = await createVenue(db);
  venueId = venue.id;
  ownerId = venue.ownerId;
  userIds = [];
  for (let i = 0; i < 24; i++) userIds.push((await createUser(db)).id);
  songs = [];
  for (let i = 0; i < 14; i++) {
    const inVenue = i % 2 === 0;
    const s = await createSong(db, { venueId: inVenue ? venueId : null, uploaderId: userIds[i % 4] });
    songs.push({ id: s.id, uploaderId: s.uploaderId, inVenue });
  }
}, 120_000);
afterAll(async () => t?.close());

/** (song, context) pairs whose folded totals differ from their slot sums: only pairs with no dirty slot, or all. */
async function totalsMismatches(db: DbOrTx, cleanOnly: boolean) {
  return rows<{ song_id: number; venue_id: number | null; tu: number | null; su: number | null }>(
    await db.execute(sql`
      with s as (
        select song_id, venue_id, sum(up_votes)::int as up, sum(down_votes)::int as down, bool_or(dirty) as dirty
        from vote_tallies group by song_id, venue_id
      )
      select coalesce(s.song_id, t.song_id) as song_id, coalesce(s.venue_id, t.venue_id) as venue_id,
             t.up_votes as tu, s.up as su, t.down_votes as td, s.down as sd
      from s full join vote_totals t on t.song_id = s.song_id and t.venue_id is not distinct from s.venue_id
      where (${cleanOnly} = false or not coalesce(s.dirty, false))
        and (t.up_votes is distinct from s.up or t.down_votes is distinct from s.down)`),
  );
}

/** The loader's mix of a context, all of it, against the slot sums of the same snapshot. */
async function loaderVersusSlots(db: DbOrTx, venue: number | null) {
  const got = await loadTopVoted(db, venue, 1_000);
  const sums = rows<{ id: number; up: number; down: number }>(
    await db.execute(sql`
      select vt.song_id as id, sum(vt.up_votes)::int as up, sum(vt.down_votes)::int as down
      from vote_tallies vt join songs s on s.id = vt.song_id
      where s.is_private = false and ${venue === null ? sql`vt.venue_id is null` : sql`vt.venue_id = ${venue} and s.venue_id = ${venue}`}
      group by vt.song_id`),
  );
  const key = (r: { id: number; up?: number; down?: number; upVotes?: number; downVotes?: number }) =>
    `${Number(r.id)}:${Number(r.up ?? r.upVotes)}:${Number(r.down ?? r.downVotes)}`;
  return {
    mix: got.mix.map(key).sort(),
    trending: got.trending.map(key).sort(),
    slots: sums.map(key).sort(),
  };
}

/**
 * Account deletion's slot decrements and a venue removal can deadlock with each other and with votes (rows locked
 * in different orders; the votes service and account deletion retry their own): retried here, since this test is
 * about the totals. A song's deletion is not retried: it must not deadlock.
 */
async function retryDeadlock(fn: () => Promise<unknown>) {
  for (let attempt = 0; ; attempt++) {
    try {
      return await fn();
    } catch (err) {
      if (pgCode(err) !== '40P01' || attempt > 5) throw err;
    }
  }
}

/** Both checks in one snapshot (repeatable read): a fold or vote committing between them cannot confuse them. */
async function checkpoint() {
  await t.database.db.transaction(
    async (tx) => {
      expect(await totalsMismatches(tx, true)).toEqual([]);
      for (const venue of [null, venueId]) {
        const r = await loaderVersusSlots(tx, venue);
        expect(r.mix).toEqual(r.slots);
        expect(r.trending).toEqual(r.slots);
      }
    },
    { isolationLevel: 'repeatable read' },
  );
}

describe('vote_totals', () => {
  it('stays equal to the slot sums under concurrent votes, switches, removals, deletions and folds', async () => {
    const deps = t.deps;
    const db = t.database.db;
    const rand = prng(29);
    const live = new Set(songs.map((s) => s.id));
    const foldRand = prng(31);
    let folds = 0;
    let stop = false;
    // Folds beside the churn, in small batches, so that a fold often meets a vote on the same slot.
    const folder = (async () => {
      while (!stop) {
        await foldTallies(db, 1 + Math.floor(foldRand() * 6));
        folds++;
        await new Promise((r) => setTimeout(r, 1));
      }
    })();

    const op = async (i: number) => {
      const userId = userIds[Math.floor(rand() * userIds.length)];
      const song = songs[Math.floor(rand() * songs.length)];
      const r = rand();
      try {
        if (r < 0.85) {
          const venue = song.inVenue && rand() < 0.5 ? venueId : null;
          await castVote(deps, userId, { songId: song.id, voteType: rand() < 0.65 ? 'up' : 'down', venueId: venue });
        } else if (r < 0.93) {
          await retryDeadlock(() => db.transaction((tx) => withdrawAllVotes(tx, userId)));
        } else if (r < 0.97 && song.inVenue && i > 100) {
          song.inVenue = false;
          await retryDeadlock(() => removeSong(deps, ownerId, venueId, song.id));
        } else if (i > 200 && live.size > 8) {
          live.delete(song.id);
          // No retry here: the deletion takes the song's rows in the voters' order, so it never deadlocks with them.
          await deleteSong(deps, song.uploaderId, song.id);
        }
      } catch (err) {
        // A song deleted or moved meanwhile: the vote is refused (404 / 400), which is not what this test checks.
        const status = (err as { statusCode?: number }).statusCode;
        if (status !== 404 && status !== 400) throw err;
      }
    };

    try {
      for (let round = 0; round < 20; round++) {
        await Promise.all(Array.from({ length: 20 }, (_, k) => op(round * 20 + k)));
        await checkpoint();
      }
    } finally {
      stop = true;
      await folder;
    }
    expect(folds).toBeGreaterThan(0);

    while ((await foldTallies(db)) > 0) {
      /* fold what is left */
    }
    expect(await totalsMismatches(db, false)).toEqual([]);
    const dirty = rows<{ n: number }>(await db.execute(sql`select count(*)::int as n from vote_tallies where dirty`));
    expect(Number(dirty[0].n)).toBe(0);
    const totals = rows<{ n: number }>(await db.execute(sql`select count(*)::int as n from vote_totals`));
    expect(Number(totals[0].n)).toBeGreaterThan(5);
    await checkpoint();
  }, 120_000);
});
