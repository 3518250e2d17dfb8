import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import nodeHttp from 'node:http';
import { gunzipSync } from 'node:zlib';
import { eq, sql } from 'drizzle-orm';
import { songs as songsTable, voteTallies } from '../../db/schema';
import { createSong, createVenue, createVote } from '../../../../test/helpers/factories';
import { multipartBody } from '../../../../test/helpers/multipart';
import { api, createTestApp, registerUser, type TestApp, type TestUser } from '../../../../test/helpers/test-app';
import { acceptsGzip } from './mix-body';

let t: TestApp;
let http: ReturnType<typeof api>;
let alice: TestUser;
let bob: TestUser;
const HOUR = 3_600_000;

/** The app on a real socket (listening from the first test that asks). */
async function serverUrl(): Promise<string> {
  const address = t.app.server.address();
  if (address && typeof address === 'object') return `http://127.0.0.1:${address.port}`;
  return t.app.listen({ host: '127.0.0.1', port: 0 });
}

beforeAll(async () => {
  t = await createTestApp();
  http = api(t.app);
  [alice, bob] = [await registerUser(t.app), await registerUser(t.app)];
}, 120_000);
afterAll(async () => t?.close());

/** Rows arranged straight in the database bypass the events; announce them as an upload would. */
async function announceSongs(venueId: number | null = null) {
  await t.deps.hub.publish({ type: 'songs_changed', venueId });
}
const cache = () => t.deps.state.mixes.cache;
type MixSong = {
  id: number;
  position: number;
  upVotes: number;
  downVotes: number;
  userVote: string | null;
  title: string;
};
const globalMix = async (as?: TestUser) =>
  (await http.get('/api/mix/global', { as })).json() as {
    songs: MixSong[];
    mixInfo: unknown;
    totalDuration: number;
    totalSongs: number;
  };
const votesFor = async (songId: number, n: number, type: 'up' | 'down', venueId: number | null = null) => {
  for (let i = 0; i < n; i++) await createVote(t.database.db, { songId, voteType: type, venueId });
};

describe('GET /api/mix/global', () => {
  it('ranks by net votes; ties by more up votes, then the older song; private songs never appear', async () => {
    const db = t.database.db;
    const now = Date.now();
    const a = await createSong(db, { title: 'A net3', createdAt: new Date(now - 5 * HOUR), duration: 100 });
    const b = await createSong(db, { title: 'B net3 more ups', createdAt: new Date(now - 1 * HOUR), duration: null });
    const c = await createSong(db, { title: 'C net1 older', createdAt: new Date(now - 9 * HOUR), duration: 200 });
    const d = await createSong(db, { title: 'D net1 newer', createdAt: new Date(now - 2 * HOUR), duration: 300 });
    const e = await createSong(db, { title: 'E negative', duration: 60 });
    const secret = await createSong(db, { title: 'Secret', isPrivate: true });
    await votesFor(a.id, 3, 'up');
    await votesFor(b.id, 4, 'up');
    await votesFor(b.id, 1, 'down');
    await votesFor(c.id, 1, 'up');
    await votesFor(d.id, 1, 'up');
    await votesFor(e.id, 2, 'down');
    await votesFor(secret.id, 50, 'up');
    await announceSongs();

    const mix = await globalMix();
    expect(mix.songs.map((s) => s.title)).toEqual([
      'B net3 more ups',
      'A net3',
      'C net1 older',
      'D net1 newer',
      'E negative',
    ]);
    expect(mix.songs.map((s) => s.position)).toEqual([1, 2, 3, 4, 5]);
    expect(mix.songs[0]).toMatchObject({ upVotes: 4, downVotes: 1, userVote: null });
    expect(mix.mixInfo).toEqual({ name: 'Global Top 100 Mix', type: 'global' });
    expect(mix.totalSongs).toBe(5);
    expect(mix.totalDuration).toBe(100 + 180 + 200 + 300 + 60);
    expect(JSON.stringify(mix)).not.toContain('Secret');
    // The owner does not see their private song in the mix either: mixes are public lists.
    expect((await globalMix(alice)).songs.map((s) => s.id)).not.toContain(secret.id);
  });

  it('holds at most 100 songs', async () => {
    const uploader = await createSong(t.database.db);
    await t.database.db.insert(songsTable).values(
      Array.from({ length: 110 }, (_, i) => ({
        title: `Bulk ${i}`,
        artist: 'Bulk',
        youtubeId: `bulk${String(i).padStart(7, '0')}`,
        uploaderId: uploader.uploaderId,
      })),
    );
    await announceSongs();
    const mix = await globalMix();
    expect(mix.songs).toHaveLength(100);
    expect(mix.totalSongs).toBe(100);
    expect(mix.songs[99].position).toBe(100);
  });

  it("adds the caller's own votes; anonymous readers get none", async () => {
    const top = (await globalMix()).songs[0];
    await http.post('/api/votes', { as: bob, body: { songId: top.id, voteType: 'up' } });
    expect((await globalMix(bob)).songs.find((s) => s.id === top.id)!.userVote).toBe('up');
    expect((await globalMix(alice)).songs.find((s) => s.id === top.id)!.userVote).toBeNull();
    expect((await globalMix()).songs.find((s) => s.id === top.id)!.userVote).toBeNull();
    await http.post('/api/votes', { as: bob, body: { songId: top.id, voteType: 'up' } });
  });

  it("follows the caller's own vote as it is cast, switched and removed (the per-user cache is dropped on each)", async () => {
    const song = (await globalMix()).songs[1];
    const mine = async () => (await globalMix(alice)).songs.find((s) => s.id === song.id)!.userVote;
    expect(await mine()).toBeNull(); // now cached
    for (const [voteType, expected] of [
      ['down', 'down'],
      ['up', 'up'],
      ['up', null],
    ] as const) {
      expect((await http.post('/api/votes', { as: alice, body: { songId: song.id, voteType } })).statusCode).toBe(200);
      expect(await mine()).toBe(expected);
      const trending = await http.get('/api/songs/trending?limit=50', { as: alice });
      const inTrending = trending.json().find((s: MixSong) => s.id === song.id);
      if (inTrending) expect(inTrending.userVote).toBe(expected);
    }
  });
});

describe('mix responses on the wire', () => {
  it('are gzipped for visitors whose client accepts it, and the same JSON once decoded', async () => {
    const plain = await t.app.inject({ method: 'GET', url: '/api/mix/global' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/Accept-Encoding/);
    const zipped = await t.app.inject({
      method: 'GET',
      url: '/api/mix/global',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers['content-type']).toMatch(/^application\/json/);
    expect(zipped.rawPayload.length).toBeLessThan(plain.rawPayload.length);
    expect(gunzipSync(zipped.rawPayload).toString()).toBe(plain.body);
    expect(JSON.parse(plain.body).songs.length).toBeGreaterThan(0);

    // Refused gzip: plain JSON.
    const refused = await t.app.inject({
      method: 'GET',
      url: '/api/mix/global',
      headers: { 'accept-encoding': 'br, gzip;q=0' },
    });
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect(refused.body).toBe(plain.body);
    // A signed-in caller's own body (with their votes) is compressed too, and decodes to what they get without it.
    const mineZipped = await t.app.inject({
      method: 'GET',
      url: '/api/mix/global',
      headers: { 'accept-encoding': 'gzip', cookie: bob.cookie },
    });
    const minePlain = await t.app.inject({ method: 'GET', url: '/api/mix/global', headers: { cookie: bob.cookie } });
    expect(mineZipped.headers['content-encoding']).toBe('gzip');
    expect(minePlain.headers['content-encoding']).toBeUndefined();
    expect(gunzipSync(mineZipped.rawPayload).toString()).toBe(minePlain.body);
    expect(minePlain.json().songs.length).toBe(JSON.parse(plain.body).songs.length);
  });

  it("gives a signed-in caller the visitor's document with exactly their votes filled in", async () => {
    const visitor = JSON.parse((await t.app.inject({ method: 'GET', url: '/api/mix/global' })).body) as {
      songs: MixSong[];
    };
    const voter = await registerUser(t.app);
    const picks = [visitor.songs[0], visitor.songs[2], visitor.songs.at(-1)!];
    await http.post('/api/votes', { as: voter, body: { songId: picks[0].id, voteType: 'up' } });
    await http.post('/api/votes', { as: voter, body: { songId: picks[1].id, voteType: 'down' } });
    await http.post('/api/votes', { as: voter, body: { songId: picks[2].id, voteType: 'up' } });
    const anonymous = (await t.app.inject({ method: 'GET', url: '/api/mix/global' })).json() as { songs: MixSong[] };
    const mine = (await http.get('/api/mix/global', { as: voter })).json() as { songs: MixSong[] };
    const expected = new Map([
      [picks[0].id, 'up'],
      [picks[1].id, 'down'],
      [picks[2].id, 'up'],
    ]);
    expect(mine).toEqual({
      ...anonymous,
      songs: anonymous.songs.map((s) => ({ ...s, userVote: expected.get(s.id) ?? null })),
    });
    const zipped = await t.app.inject({
      method: 'GET',
      url: '/api/mix/global',
      headers: { 'accept-encoding': 'gzip', cookie: voter.cookie },
    });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(zipped.rawPayload).toString())).toEqual(mine);

    // On a real socket, from a buffer the route's pool lends (ADR 050): the same document with its length, again and
    // again (a lent buffer is reused once its response closed); HEAD gets the headers alone.
    const address = await serverUrl();
    const plainOnly = { cookie: voter.cookie, 'accept-encoding': 'identity' };
    const onWire = await fetch(`${address}/api/mix/global`, { headers: plainOnly });
    const bytes = Buffer.from(await onWire.arrayBuffer());
    expect(onWire.headers.get('content-length')).toBe(String(bytes.length));
    expect(onWire.headers.get('transfer-encoding')).toBeNull();
    expect(JSON.parse(bytes.toString())).toEqual(mine);
    const again = await Promise.all(
      Array.from({ length: 4 }, () =>
        fetch(`${address}/api/mix/global`, { headers: plainOnly }).then(async (r) =>
          Buffer.from(await r.arrayBuffer()),
        ),
      ),
    );
    for (const b of again) expect(b.equals(bytes)).toBe(true);
    const head = await fetch(`${address}/api/mix/global`, { method: 'HEAD', headers: plainOnly });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe(String(bytes.length));
    expect((await head.arrayBuffer()).byteLength).toBe(0);
    for (const p of picks)
      await http.post('/api/votes', { as: voter, body: { songId: p.id, voteType: expected.get(p.id) } });
  });

  it('under concurrent reads with aborted ones, every caller gets their own bytes (the lent buffers, ADR 050)', async () => {
    // End to end on real sockets, keep-alive, a fifth of the requests dropped as soon as sent. On loopback a body this
    // size is written before the next request runs, so a buffer given back too early would not show here: the
    // lending rule itself is body-pool.test.ts's property.
    for (let i = 0; i < 12; i++) await votesFor((await createSong(t.database.db, { title: `Wire ${i}` })).id, 1, 'up');
    await announceSongs();
    const visitor = JSON.parse((await t.app.inject({ method: 'GET', url: '/api/mix/global' })).body) as {
      songs: MixSong[];
    };
    const voters = await Promise.all(Array.from({ length: 4 }, () => registerUser(t.app)));
    for (const [i, voter] of voters.entries())
      for (const song of visitor.songs.filter((_, k) => k % (i + 2) === 0))
        await http.post('/api/votes', { as: voter, body: { songId: song.id, voteType: i % 2 ? 'down' : 'up' } });
    const base = await serverUrl();
    const agent = new nodeHttp.Agent({ keepAlive: true, maxSockets: 8 });
    /** One read as `voter`; `abort`: the request is dropped as soon as it is sent. */
    const read = (voter: TestUser, abort: boolean) =>
      new Promise<string | null>((resolve, reject) => {
        const req = nodeHttp.get(`${base}/api/mix/global`, { agent, headers: { cookie: voter.cookie } }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => resolve(Buffer.concat(chunks).toString()));
          res.on('error', () => resolve(null));
        });
        req.on('error', (err) => (abort ? resolve(null) : reject(err)));
        if (abort) req.on('finish', () => req.destroy());
      });
    const expected = new Map<TestUser, string>();
    for (const voter of voters) expected.set(voter, (await read(voter, false))!);
    expect(new Set(expected.values()).size).toBe(voters.length);
    const reads = await Promise.all(
      Array.from({ length: 160 }, (_, i) => {
        const voter = voters[i % voters.length];
        return read(voter, i % 5 === 4).then((body) => ({ voter, body }));
      }),
    );
    agent.destroy();
    const answered = reads.filter((r) => r.body !== null);
    expect(answered.length).toBeGreaterThanOrEqual(128);
    for (const { voter, body } of answered) expect(body).toBe(expected.get(voter));
    for (const [i, voter] of voters.entries())
      for (const song of visitor.songs.filter((_, k) => k % (i + 2) === 0))
        await http.post('/api/votes', { as: voter, body: { songId: song.id, voteType: i % 2 ? 'down' : 'up' } });
  });

  it('reads Accept-Encoding as HTTP means it', () => {
    for (const [header, ok] of [
      [undefined, false],
      ['', false],
      ['gzip', true],
      ['GZIP', true],
      ['br, gzip', true],
      ['gzip;q=0', false],
      ['gzip; q=0.5', true],
      ['*', true],
      ['*;q=0', false],
      ['br', false],
      ['deflate, identity', false],
      ['x-gzip', false],
    ] as const) {
      expect(acceptsGzip(header), String(header)).toBe(ok);
    }
  });
});

describe('the in-memory mix', () => {
  it('answers from memory (a change made behind its back is not seen) and follows votes made through the API', async () => {
    const db = t.database.db;
    const x = await createSong(db, { title: 'Cache X' });
    const y = await createSong(db, { title: 'Cache Y' });
    await votesFor(x.id, 200, 'up');
    await votesFor(y.id, 199, 'up');
    await announceSongs();
    let mix = await globalMix();
    expect(mix.songs.slice(0, 2).map((s) => s.title)).toEqual(['Cache X', 'Cache Y']);

    // Behind the cache's back: it keeps answering from memory, without reading the database.
    await db.update(voteTallies).set({ upVotes: 0 }).where(eq(voteTallies.songId, x.id));
    mix = await globalMix();
    expect(mix.songs[0]).toMatchObject({ title: 'Cache X', upVotes: 200 });
    await db.update(voteTallies).set({ upVotes: 200 }).where(eq(voteTallies.songId, x.id));

    // Through the API: two up votes lift Y above X at once.
    await http.post('/api/votes', { as: alice, body: { songId: y.id, voteType: 'up' } });
    await http.post('/api/votes', { as: bob, body: { songId: y.id, voteType: 'up' } });
    mix = await globalMix();
    expect(mix.songs.slice(0, 2).map((s) => [s.title, s.upVotes])).toEqual([
      ['Cache Y', 201],
      ['Cache X', 200],
    ]);
    // A down vote on Y by Alice switches her vote: Y falls back below X.
    await http.post('/api/votes', { as: alice, body: { songId: y.id, voteType: 'down' } });
    mix = await globalMix();
    expect(mix.songs.slice(0, 2).map((s) => [s.title, s.upVotes, s.downVotes])).toEqual([
      ['Cache X', 200, 0],
      ['Cache Y', 200, 1],
    ]);
  });

  it('matches the tallies after many concurrent votes', async () => {
    const voters = await Promise.all(Array.from({ length: 20 }, () => registerUserFast()));
    const targets = (await globalMix()).songs.slice(0, 8);
    const responses = await Promise.all(
      Array.from({ length: 400 }, (_, i) =>
        http.post('/api/votes', {
          as: voters[i % 20],
          body: { songId: targets[(i * 7) % 8].id, voteType: i % 3 ? 'up' : 'down' },
        }),
      ),
    );
    expect(responses.every((r) => r.statusCode === 200)).toBe(true);
    await cache().whenIdle();
    const mix = await globalMix();
    const res = await t.database.db.execute(
      sql`select song_id, sum(up_votes)::int up, sum(down_votes)::int down from vote_tallies where venue_id is null group by song_id`,
    );
    const truth = new Map(
      (res as unknown as { rows: { song_id: number; up: number; down: number }[] }).rows.map((r) => [
        Number(r.song_id),
        r,
      ]),
    );
    for (const s of mix.songs) {
      expect([s.id, s.upVotes, s.downVotes]).toEqual([
        s.id,
        Number(truth.get(s.id)?.up ?? 0),
        Number(truth.get(s.id)?.down ?? 0),
      ]);
    }
    const nets = mix.songs.map((s) => s.upVotes - s.downVotes);
    expect([...nets].sort((p, q) => q - p)).toEqual(nets);
  });

  it('shows an upload at once and forgets a deleted song at once', async () => {
    const { payload, headers } = multipartBody({
      type: 'youtube',
      title: 'Fresh upload',
      artist: 'Me',
      youtubeUrl: 'https://youtu.be/dQw4w9WgXcQ',
    });
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/songs',
      payload,
      headers: { ...headers, cookie: alice.cookie },
    });
    expect(created.statusCode).toBe(201);
    await globalMix(); // may or may not include it (100 cap); vote it to the top
    await votesFor(created.json().id, 500, 'up');
    await http.post('/api/votes', { as: bob, body: { songId: created.json().id, voteType: 'up' } });
    expect((await globalMix()).songs[0]).toMatchObject({ title: 'Fresh upload', upVotes: 501 });
    expect((await http.delete(`/api/songs/${created.json().id}`, { as: alice })).statusCode).toBe(204);
    expect((await globalMix()).songs.map((s) => s.title)).not.toContain('Fresh upload');
  });
});

describe('GET /api/mix/venue/:id', () => {
  it("ranks the venue's public songs by the votes cast in that venue", async () => {
    const db = t.database.db;
    const venue = await createVenue(db, { ownerId: alice.id, name: 'The Anchor' });
    const p = await createSong(db, { venueId: venue.id, title: 'Venue P', duration: 120 });
    const q = await createSong(db, { venueId: venue.id, title: 'Venue Q', duration: 240 });
    const hidden = await createSong(db, { venueId: venue.id, title: 'Venue private', isPrivate: true });
    await createSong(db, { title: 'Not in venue' });
    await votesFor(p.id, 10, 'up'); // global votes do not count here
    await votesFor(q.id, 2, 'up', venue.id);
    await votesFor(hidden.id, 9, 'up', venue.id);
    await announceSongs(venue.id);

    const res = await http.get(`/api/mix/venue/${venue.id}`);
    expect(res.statusCode).toBe(200);
    const mix = res.json();
    expect(mix.mixInfo).toEqual({ name: 'The Anchor', type: 'venue', venueId: venue.id });
    expect(mix.songs.map((s: MixSong) => [s.title, s.upVotes, s.position])).toEqual([
      ['Venue Q', 2, 1],
      ['Venue P', 0, 2],
    ]);
    expect(mix.totalDuration).toBe(360);
    expect(mix.totalSongs).toBe(2);

    // A venue vote moves this mix only.
    await http.post('/api/votes', { as: bob, body: { songId: p.id, voteType: 'up', venueId: venue.id } });
    await http.post('/api/votes', { as: alice, body: { songId: p.id, voteType: 'up', venueId: venue.id } });
    await http.post('/api/votes', {
      as: await registerUserFast(),
      body: { songId: p.id, voteType: 'up', venueId: venue.id },
    });
    const after = (await http.get(`/api/mix/venue/${venue.id}`, { as: bob })).json();
    expect(after.songs.map((s: MixSong) => [s.title, s.upVotes, s.userVote])).toEqual([
      ['Venue P', 3, 'up'],
      ['Venue Q', 2, null],
    ]);

    // The owner renames the venue: the mix's name follows.
    await http.patch(`/api/venues/${venue.id}`, { as: alice, body: { name: 'The New Anchor' } });
    expect((await http.get(`/api/mix/venue/${venue.id}`)).json().mixInfo.name).toBe('The New Anchor');

    // The owner removes a song: it leaves the venue mix at once.
    expect((await http.delete(`/api/venues/${venue.id}/songs/${p.id}`, { as: alice })).statusCode).toBe(204);
    expect((await http.get(`/api/mix/venue/${venue.id}`)).json().songs.map((s: MixSong) => s.title)).toEqual([
      'Venue Q',
    ]);
  });

  it('answers 404 for a missing venue and 400 for a bad id', async () => {
    const missing = await http.get('/api/mix/venue/999999');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: 'Venue not found', code: 'NOT_FOUND' });
    expect((await http.get('/api/mix/venue/abc')).statusCode).toBe(400);
    expect((await http.get('/api/mix/venue/-1')).statusCode).toBe(400);
  });
});

describe('GET /api/songs/trending', () => {
  it('orders public songs by the time-decayed hot score', async () => {
    const old = await createSong(t.database.db, {
      title: 'Trending old hit',
      createdAt: new Date(Date.now() - 3 * 24 * HOUR),
    });
    await votesFor(old.id, 20, 'up');
    const fresh = await createSong(t.database.db, {
      title: 'Trending fresh',
      createdAt: new Date(Date.now() + 60_000),
    });
    await votesFor(fresh.id, 3, 'up');
    await createSong(t.database.db, {
      title: 'Trending private',
      isPrivate: true,
      createdAt: new Date(Date.now() + 120_000),
    });
    await announceSongs();
    const res = await http.get('/api/songs/trending?limit=50', { as: bob });
    expect(res.statusCode).toBe(200);
    const titles = (res.json() as MixSong[]).map((s) => s.title);
    // Twenty votes three days ago weigh less than three votes now (log10(20) ≈ 1.3 < 72 h / 12.5 h).
    expect(titles.indexOf('Trending fresh')).toBeGreaterThanOrEqual(0);
    expect(titles.indexOf('Trending fresh')).toBeLessThan(
      titles.indexOf('Trending old hit') === -1 ? Infinity : titles.indexOf('Trending old hit'),
    );
    expect(titles).not.toContain('Trending private');
    expect((await http.get('/api/songs/trending')).json()).toHaveLength(4);
    expect((await http.get('/api/songs/trending?limit=2')).json()).toHaveLength(2);
    expect((await http.get('/api/songs/trending?limit=0')).statusCode).toBe(400);
    expect((await http.get('/api/songs/trending?limit=51')).statusCode).toBe(400);
    expect((await http.get('/api/songs/trending?limit=two')).statusCode).toBe(400);
  });
});

/** A signed-in user without password hashing (fast). */
async function registerUserFast(): Promise<TestUser> {
  const id = crypto.randomUUID();
  await t.database.db.execute(
    sql`insert into users (id, email, first_name, last_name) values (${id}, ${`fast-${id}@example.test`}, 'Fast', 'Voter')`,
  );
  return {
    id,
    email: '',
    firstName: 'Fast',
    lastName: 'Voter',
    cookie: `crowdmix_sid=${await t.deps.sessions.create(id)}`,
  };
}
