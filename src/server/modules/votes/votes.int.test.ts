import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import { voteTallies, votes } from '../../db/schema';
import { createSong, createVenue, createVote } from '../../../../test/helpers/factories';
import { api, createTestApp, registerUser, type TestApp, type TestUser } from '../../../../test/helpers/test-app';
import { WebSocket } from 'ws';
import { testDriver } from '../../../../test/helpers/test-db';
import { connectWs } from '../../../../test/helpers/ws-client';
import { describePerTransport } from '../../../../test/helpers/hub-transports';
import { statementsDuring } from '../../../../test/helpers/statements';
import { TALLY_SLOTS, insertVotesWithTallies } from './votes.repository';

let t: TestApp;
let http: ReturnType<typeof api>;
let alice: TestUser;
let bob: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  http = api(t.app);
  [alice, bob] = [await registerUser(t.app), await registerUser(t.app)];
}, 120_000);
afterAll(async () => t?.close());

const vote = (as: TestUser | null, body: unknown) => http.post('/api/votes', { as, body });

/** Every tally (summed over its slots) equals the count of its vote rows, for every (song, context). */
async function expectTalliesMatchRows() {
  const res = await t.database.db.execute(sql`
    with r as (select song_id, venue_id, count(*) filter (where vote_type = 'up') up, count(*) filter (where vote_type = 'down') down from votes group by 1, 2),
         s as (select song_id, venue_id, sum(up_votes) up, sum(down_votes) down from vote_tallies group by 1, 2)
    select count(*)::int as bad from r full join s on r.song_id = s.song_id and r.venue_id is not distinct from s.venue_id
    where coalesce(r.up, 0) <> coalesce(s.up, 0) or coalesce(r.down, 0) <> coalesce(s.down, 0)`);
  expect(Number((res as unknown as { rows: { bad: number }[] }).rows[0].bad)).toBe(0);
}

describe('POST /api/votes', () => {
  it('casts, switches and removes a vote, with the counts after each step', async () => {
    const song = await createSong(t.database.db);
    await createVote(t.database.db, { songId: song.id, voteType: 'up' });
    let res = await vote(alice, { songId: song.id, voteType: 'up' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ vote: { voteType: 'up' }, voteCount: { upVotes: 2, downVotes: 0 } });
    res = await vote(alice, { songId: song.id, voteType: 'down' });
    expect(res.json()).toEqual({ vote: { voteType: 'down' }, voteCount: { upVotes: 1, downVotes: 1 } });
    res = await vote(alice, { songId: song.id, voteType: 'down' });
    expect(res.json()).toEqual({ vote: null, voteCount: { upVotes: 1, downVotes: 0 } });
    expect(await t.database.db.$count(votes, eq(votes.songId, song.id))).toBe(1);
    expect((await http.get(`/api/votes/${song.id}`)).json()).toEqual({ upVotes: 1, downVotes: 0 });
    await expectTalliesMatchRows();
  });

  it('keeps the global and each venue context apart; venue votes only for songs in that venue', async () => {
    const venue = await createVenue(t.database.db);
    const other = await createVenue(t.database.db);
    const song = await createSong(t.database.db, { venueId: venue.id });
    const globalSong = await createSong(t.database.db);
    expect((await vote(alice, { songId: song.id, voteType: 'up', venueId: venue.id })).json().voteCount).toEqual({
      upVotes: 1,
      downVotes: 0,
    });
    expect((await vote(alice, { songId: song.id, voteType: 'down', venueId: 'global' })).json().voteCount).toEqual({
      upVotes: 0,
      downVotes: 1,
    });
    expect((await vote(alice, { songId: song.id, voteType: 'down', venueId: null })).json()).toEqual({
      vote: null,
      voteCount: { upVotes: 0, downVotes: 0 },
    });
    expect((await http.get(`/api/votes/${song.id}?venueId=${venue.id}`)).json()).toEqual({ upVotes: 1, downVotes: 0 });
    expect((await http.get(`/api/votes/${song.id}?venueId=global`)).json()).toEqual({ upVotes: 0, downVotes: 0 });

    const wrongVenue = await vote(alice, { songId: song.id, voteType: 'up', venueId: other.id });
    expect(wrongVenue.statusCode).toBe(400);
    expect(wrongVenue.json()).toEqual({
      message: "This song is not in this venue's mix",
      code: 'VALIDATION',
      field: 'venueId',
    });
    expect((await vote(alice, { songId: globalSong.id, voteType: 'up', venueId: venue.id })).statusCode).toBe(400);
    const missingVenue = await vote(alice, { songId: song.id, voteType: 'up', venueId: 999_999 });
    expect(missingVenue.statusCode).toBe(404);
    expect(missingVenue.json()).toEqual({ message: 'Venue not found', code: 'NOT_FOUND' });
    expect((await http.get(`/api/votes/${song.id}?venueId=999999`)).statusCode).toBe(404);
    await expectTalliesMatchRows();
  });

  it.each([
    [null, { songId: 1, voteType: 'up' }, 401, 'Unauthorized'],
    ['alice', { songId: 999_999, voteType: 'up' }, 404, 'Song not found'],
    ['alice', { songId: 1, voteType: 'sideways' }, 400, "voteType must be 'up' or 'down'"],
    ['alice', { songId: 1 }, 400, "voteType must be 'up' or 'down'"],
    ['alice', { songId: '1', voteType: 'up' }, 400, 'songId must be a number'],
    ['alice', { songId: -1, voteType: 'up' }, 400, undefined],
    ['alice', { songId: 1, voteType: 'up', venueId: 'abc' }, 400, "venueId must be a venue id or 'global'"],
    ['alice', { songId: 1, voteType: 'up', userId: 'someone-else' }, 400, 'Unknown field: userId'],
    ['alice', { songId: 1, voteType: 'up', upVotes: 1000 }, 400, 'Unknown field: upVotes'],
  ])('refuses bad requests %#', async (who, body, status, message) => {
    const res = await vote(who ? alice : null, body);
    expect(res.statusCode).toBe(status);
    if (message) expect(res.json().message).toBe(message);
    expect(res.json().code).toBeTruthy();
  });

  it('does not let anyone but the owner vote on (or see the counts of) a private song', async () => {
    const secret = await createSong(t.database.db, { uploaderId: alice.id, isPrivate: true });
    expect((await vote(bob, { songId: secret.id, voteType: 'up' })).statusCode).toBe(404);
    expect((await http.get(`/api/votes/${secret.id}`, { as: bob })).statusCode).toBe(404);
    expect((await vote(alice, { songId: secret.id, voteType: 'up' })).statusCode).toBe(200);
    expect((await http.get(`/api/votes/${secret.id}`, { as: alice })).json()).toEqual({ upVotes: 1, downVotes: 0 });
  });

  it('casts a new vote in one statement: the song and venue checks, the vote, its tally and the counts (ADR 048)', async () => {
    const venue = await createVenue(t.database.db);
    const song = await createSong(t.database.db);
    const venueSong = await createSong(t.database.db, { venueId: venue.id });
    const mine = await createSong(t.database.db, { uploaderId: bob.id, isPrivate: true });
    await http.get('/api/auth/user', { as: bob }); // the session is known from here on
    for (const body of [
      { songId: song.id, voteType: 'up' },
      { songId: venueSong.id, voteType: 'down', venueId: venue.id },
      { songId: mine.id, voteType: 'up' },
    ]) {
      let res: Awaited<ReturnType<typeof vote>> | undefined;
      const texts = await statementsDuring(t.database, async () => {
        res = await vote(bob, body);
      });
      expect(res!.statusCode).toBe(200);
      // Besides it, only the realtime notice to the other instances (PostgreSQL's NOTIFY; PGlite has none).
      expect(texts.filter((text) => !text.startsWith('select pg_notify'))).toEqual([
        expect.stringMatching(/^with song as/),
      ]);
    }
  });

  it('tells the hub when other votes are being cast, so that a burst reaches the sockets together (ADR 048)', async () => {
    const [first, second] = [await createSong(t.database.db), await createSong(t.database.db)];
    const publish = vi.spyOn(t.deps.hub, 'publish');
    let release!: () => void;
    try {
      // Another vote is being cast: this one's update waits for it.
      const other = t.deps.state.newVotes.castThenAnnounce(
        () => new Promise<void>((r) => (release = r)),
        async () => {},
      );
      expect((await vote(bob, { songId: first.id, voteType: 'up' })).statusCode).toBe(200);
      release();
      await other;
      // None left: the next goes at once (and with it whatever the hub held).
      expect((await vote(bob, { songId: second.id, voteType: 'up' })).statusCode).toBe(200);
      expect(publish.mock.calls.map((call) => [(call[0] as { songId: number }).songId, call[3]])).toEqual([
        [first.id, { moreFollow: true }],
        [second.id, { moreFollow: false }],
      ]);
    } finally {
      release?.();
      publish.mockRestore();
    }
  });

  it('writes a batch of new votes with the same checks as one, each with its song counts after the batch (ADR 049)', async () => {
    const db = t.database.db;
    const [venue, closed] = [await createVenue(db), await createVenue(db, { isActive: false })];
    const song = await createSong(db);
    const secret = await createSong(db, { uploaderId: alice.id, isPrivate: true });
    const venueSong = await createSong(db, { venueId: venue.id });
    const closedSong = await createSong(db, { venueId: closed.id });
    await createVote(db, { songId: song.id, voteType: 'down' });
    expect((await vote(bob, { songId: song.id, voteType: 'up' })).statusCode).toBe(200); // bob has voted already
    const v = (userId: string, songId: number, voteType: 'up' | 'down', venueId: number | null = null) => ({
      userId,
      songId,
      venueId,
      voteType,
      slot: 3,
    });
    const results = await insertVotesWithTallies(db, [
      v(alice.id, song.id, 'up'),
      v(bob.id, secret.id, 'up'), // someone else's private song
      v(alice.id, secret.id, 'down'), // her own
      v(bob.id, song.id, 'down'), // bob's second vote there: nothing written
      v(alice.id, venueSong.id, 'up', venue.id),
      v(bob.id, venueSong.id, 'up'), // globally: allowed too
      v(alice.id, song.id, 'up', venue.id), // not in this venue's mix
      v(alice.id, closedSong.id, 'up', closed.id), // a closed venue
      v(alice.id, 999_999, 'up'), // no such song
    ]);
    const counts = results.map((r) => r && r.counts);
    expect(counts).toEqual([
      { upVotes: 2, downVotes: 1 }, // the seeded down, bob's up and alice's up
      null,
      { upVotes: 0, downVotes: 1 },
      null,
      { upVotes: 1, downVotes: 0 },
      { upVotes: 1, downVotes: 0 },
      null,
      null,
      null,
    ]);
    expect(results[2]!.song).toEqual({ isPrivate: true, uploaderId: alice.id });
    expect(results[0]!.song.isPrivate).toBe(false);
    await expectTalliesMatchRows();
  });

  it('limits a user to 60 votes a minute (429 with Retry-After)', async () => {
    const u = await registerUser(t.app);
    const song = await createSong(t.database.db);
    for (let i = 0; i < 60; i++) expect((await vote(u, { songId: song.id, voteType: 'up' })).statusCode).toBe(200);
    const res = await vote(u, { songId: song.id, voteType: 'up' });
    expect(res.statusCode).toBe(429);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('concurrency', () => {
  it('200 users × 5 identical votes at once → exactly 200 vote rows, no 5xx, tallies match', async () => {
    const song = await createSong(t.database.db);
    const users = await Promise.all(Array.from({ length: 200 }, (_, i) => registerSession(`crowd-${i}`)));
    const responses = await Promise.all(
      users.flatMap((u) => Array.from({ length: 5 }, () => vote(u, { songId: song.id, voteType: 'up' }))),
    );
    expect(responses.filter((r) => r.statusCode !== 200).map((r) => `${r.statusCode} ${r.body}`)).toEqual([]);
    expect(await t.database.db.$count(votes, eq(votes.songId, song.id))).toBe(200);
    expect((await http.get(`/api/votes/${song.id}`)).json()).toEqual({ upVotes: 200, downVotes: 0 });
    // The counter is spread over slots, so that one hot song does not queue every vote on one row.
    expect(await t.database.db.$count(voteTallies, eq(voteTallies.songId, song.id))).toBeGreaterThan(1);
    expect(await t.database.db.$count(voteTallies, eq(voteTallies.songId, song.id))).toBeLessThanOrEqual(TALLY_SLOTS);
    await expectTalliesMatchRows();
  }, 300_000);

  it('1,000 interleaved votes, switches and removals → every tally equals its rows', async () => {
    const db = t.database.db;
    const venue = await createVenue(db);
    const songs = [await createSong(db), await createSong(db), await createSong(db, { venueId: venue.id })];
    // Older votes in slot 0 (as the demo seed stores them) must be removable from any slot.
    const users = await Promise.all(Array.from({ length: 25 }, (_, i) => registerSession(`mix-${i}`)));
    for (const u of users.slice(0, 10)) await createVote(db, { songId: songs[0].id, voteType: 'up', userId: u.id });
    let seed = 42;
    const rand = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff;
    const requests = Array.from({ length: 1000 }, (_, i) => {
      const u = users[i % users.length];
      const s = songs[Math.floor(rand() * songs.length)];
      const venueId = s.venueId && rand() < 0.5 ? s.venueId : null;
      return vote(u, { songId: s.id, voteType: rand() < 0.6 ? 'up' : 'down', venueId });
    });
    const responses = await Promise.all(requests);
    expect(responses.filter((r) => r.statusCode !== 200).map((r) => `${r.statusCode} ${r.body}`)).toEqual([]);
    await expectTalliesMatchRows();
    const negative = await db.$count(voteTallies, sql`${voteTallies.upVotes} < 0 or ${voteTallies.downVotes} < 0`);
    expect(negative).toBe(0);
  }, 300_000);
});

/** A cheap signed-in user: a users row and a session, without password hashing (200 argon2 hashes would take minutes). */
async function registerSession(name: string): Promise<TestUser> {
  const id = crypto.randomUUID();
  await t.database.db.execute(
    sql`insert into users (id, email, first_name, last_name) values (${id}, ${`${name}-${id.slice(0, 8)}@example.test`}, ${name}, 'Voter')`,
  );
  const token = await t.deps.sessions.create(id);
  return { id, email: '', firstName: name, lastName: 'Voter', cookie: `crowdmix_sid=${token}` };
}

describe('live vote updates over /ws', () => {
  it('refuses the upgrade for a foreign Origin', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const port = (t.app.server.address() as { port: number }).port;
    const status = await new Promise<number>((resolve) => {
      const ws = new WebSocket(`ws://127.0.0.1:${port}/ws`, { headers: { origin: 'https://evil.example' } });
      ws.on('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
      ws.on('open', () => resolve(101));
      ws.on('error', () => {});
    });
    expect(status).toBe(403);
  });

  it('sends vote_update to every socket after an accepted vote; client messages never change counts', async () => {
    if (!t.app.server.listening) await t.app.listen({ port: 0, host: '127.0.0.1' });
    const port = (t.app.server.address() as { port: number }).port;
    const song = await createSong(t.database.db);
    const ws = await connectWs(`http://127.0.0.1:${port}`);
    const forged = [
      { type: 'vote_update', songId: song.id, venueId: null, voteCount: { upVotes: 999, downVotes: 0 } },
      { type: 'vote', songId: song.id, voteType: 'up' },
    ];
    for (const m of forged) ws.send(m as never);
    await ws.waitFor((e) => e.type === 'error');
    expect((await http.get(`/api/votes/${song.id}`)).json()).toEqual({ upVotes: 0, downVotes: 0 });
    expect(ws.events.filter((e) => e.type === 'vote_update')).toEqual([]);

    await vote(alice, { songId: song.id, voteType: 'up' });
    const update = await ws.waitFor((e) => e.type === 'vote_update' && e.songId === song.id);
    expect(update).toEqual({
      type: 'vote_update',
      songId: song.id,
      venueId: null,
      voteCount: { upVotes: 1, downVotes: 0 },
    });
    ws.close();
  });

  it('tells only the owner about votes on a private song', async () => {
    if (!t.app.server.listening) await t.app.listen({ port: 0, host: '127.0.0.1' });
    const port = (t.app.server.address() as { port: number }).port;
    const secret = await createSong(t.database.db, { uploaderId: alice.id, isPrivate: true });
    const open = await createSong(t.database.db);
    const ownerSocket = await connectWs(`http://127.0.0.1:${port}`, alice.cookie);
    const outsider = await connectWs(`http://127.0.0.1:${port}`, bob.cookie);
    await vote(alice, { songId: secret.id, voteType: 'up' });
    await vote(alice, { songId: open.id, voteType: 'up' });
    await ownerSocket.waitFor((e) => e.type === 'vote_update' && e.songId === secret.id);
    await outsider.waitFor((e) => e.type === 'vote_update' && e.songId === open.id);
    expect(outsider.events.some((e) => e.type === 'vote_update' && e.songId === secret.id)).toBe(false);
    ownerSocket.close();
    outsider.close();
  });
});

describePerTransport('two app instances on one PostgreSQL database', testDriver === 'pg', (transport) => {
  it('delivers a vote taken by one instance to a socket held by the other, and updates its mix cache', async () => {
    const url = t.database.url!;
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      SEED_DEMO: 'false',
      DATABASE_URL: url,
      ...transport.env(url),
    });
    const a = await buildApp(config, { skipMigrations: true, logger: false });
    const b = await buildApp(config, { skipMigrations: true, logger: false });
    try {
      expect(b.deps.hub.transport?.name).toBe(transport.name);
      await a.start();
      await b.start();
      await b.app.listen({ port: 0, host: '127.0.0.1' });
      const port = (b.app.server.address() as { port: number }).port;
      const song = await createSong(t.database.db, { title: 'Cross-instance' });
      // Warm instance B's mix cache before the vote, so that it must be updated by the event, not by a load.
      const before = await b.app.inject({ method: 'GET', url: '/api/mix/global' });
      expect(before.json().songs.find((s: { id: number }) => s.id === song.id)).toMatchObject({ upVotes: 0 });
      const ws = await connectWs(`http://127.0.0.1:${port}`);

      const voter = await registerSession('cross');
      // And B's cache of the voter's own votes (signed-in read: no vote yet).
      const mineBefore = await b.app.inject({
        method: 'GET',
        url: '/api/mix/global',
        headers: { cookie: voter.cookie },
      });
      expect(mineBefore.json().songs.find((s: { id: number }) => s.id === song.id)).toMatchObject({ userVote: null });
      const res = await a.app.inject({
        method: 'POST',
        url: '/api/votes',
        headers: { cookie: voter.cookie },
        payload: { songId: song.id, voteType: 'up' },
      });
      expect(res.statusCode).toBe(200);
      const update = await ws.waitFor((e) => e.type === 'vote_update' && e.songId === song.id);
      expect(update).toEqual({
        type: 'vote_update',
        songId: song.id,
        venueId: null,
        voteCount: { upVotes: 1, downVotes: 0 },
      });
      const after = await b.app.inject({ method: 'GET', url: '/api/mix/global' });
      expect(after.json().songs.find((s: { id: number }) => s.id === song.id)).toMatchObject({
        upVotes: 1,
        downVotes: 0,
      });
      // A's `votes_changed` signal went out before the update: B forgot the voter's cached votes and reads them anew.
      const mineAfter = await b.app.inject({
        method: 'GET',
        url: '/api/mix/global',
        headers: { cookie: voter.cookie },
      });
      expect(mineAfter.json().songs.find((s: { id: number }) => s.id === song.id)).toMatchObject({
        upVotes: 1,
        userVote: 'up',
      });
      ws.close();
    } finally {
      await a.close();
      await b.close();
    }
  });
});
