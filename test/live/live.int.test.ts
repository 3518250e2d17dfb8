/**
 * Venue Live (issue 16), through the API on PGlite and PostgreSQL: host devices, join codes, presence, the queue
 * rules and every refusal, skip votes under a crowd, autofill, bans, history and the live room's snapshots.
 * The clock is injected (deps.now): tests move it forward instead of waiting.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DELETE_CONFIRMATION } from '../../src/shared/schemas/account';
import { LIVE_MESSAGES, LIVE_TIMING, type LiveState, type LiveView } from '../../src/shared/schemas/live';
import type { ServerEvent } from '../../src/shared/realtime';
import { liveEntries, liveSessions } from '../../src/server/db/schema';
import { createSong, createUser, createVote } from '../helpers/factories';
import { api, createTestApp, listenOnLoopback, registerUser, type TestApp, type TestUser } from '../helpers/test-app';
import { connectWs, settle, type WsTestClient } from '../helpers/ws-client';

let t: TestApp;
let http: ReturnType<typeof api>;
let offset = 0;
let owner: TestUser;
let baseUrl: string;
const sockets: WsTestClient[] = [];

beforeAll(async () => {
  t = await createTestApp({}, { now: () => Date.now() + offset });
  http = api(t.app);
  owner = await registerUser(t.app, { firstName: 'Olive', lastName: 'Owner' });
  baseUrl = await listenOnLoopback(t.app);
}, 120_000);

afterAll(async () => {
  await Promise.all(sockets.map((s) => s.close()));
  await t?.close();
});

const advance = (ms: number) => {
  offset += ms;
};

/** A signed-in patron made without the password hashing of registration (fast enough for 200). */
async function patron(firstName = 'Pat'): Promise<TestUser> {
  const user = await createUser(t.database.db, { firstName, lastName: 'Ron' });
  const token = await t.deps.sessions.create(user.id);
  return {
    id: user.id,
    email: user.email!,
    firstName,
    lastName: 'Ron',
    cookie: `${t.deps.sessions.cookieName}=${token}`,
  };
}

async function newVenue(as: TestUser = owner) {
  const res = await http.post('/api/venues', { as, body: { name: 'The Dive Bar', location: 'Berlin', type: 'bar' } });
  expect(res.statusCode).toBe(201);
  return res.json().id as number;
}

let deviceN = 0;
const device = () => `device-${++deviceN}-${Math.random().toString(36).slice(2, 8)}`;

async function goLive(venueId: number, deviceId = device(), as: TestUser = owner) {
  const res = await http.post(`/api/venues/${venueId}/live/session`, { as, body: { deviceId } });
  expect(res.statusCode, res.body).toBe(200);
  return deviceId;
}

async function codeOf(venueId: number) {
  const res = await http.get(`/api/venues/${venueId}/live/code`, { as: owner });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().code as string;
}

async function joined(venueId: number, n: number) {
  const code = await codeOf(venueId);
  const people: TestUser[] = [];
  for (let i = 0; i < n; i++) {
    const p = await patron(`P${i}`);
    const res = await http.post('/api/live/join', { as: p, body: { code } });
    expect(res.statusCode, res.body).toBe(200);
    people.push(p);
  }
  return people;
}

async function view(venueId: number, as?: TestUser): Promise<LiveView> {
  const res = await http.get(`/api/venues/${venueId}/live`, { as });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

const song = (venueId: number | null = null, over: Parameters<typeof createSong>[1] = {}) =>
  createSong(t.database.db, { venueId, ...over });

/**
 * Going live with nothing requested starts a song from the mixes (autofill); a request then waits for it. Tests
 * that want the requests to play skip that filler: returns whether there was one.
 */
async function skipFiller(venueId: number) {
  const playing = (await view(venueId)).state.nowPlaying;
  if (!playing || playing.requester !== null) return false;
  const res = await http.post(`/api/venues/${venueId}/live/control`, { as: owner, body: { action: 'skip' } });
  expect(res.statusCode).toBe(200);
  return true;
}

const requestSong = (venueId: number, as: TestUser, songId: number) =>
  http.post(`/api/venues/${venueId}/live/requests`, { as, body: { songId } });

describe('host devices', () => {
  it('starts a session on one device; a second device gets 409 unless it takes over, and then the first stops', async () => {
    const venueId = await newVenue();
    const first = await goLive(venueId);
    const ws = await connectWs(baseUrl);
    sockets.push(ws);
    ws.send({ type: 'subscribe', room: `live:${venueId}` });
    await settle(ws);

    const second = device();
    const refused = await http.post(`/api/venues/${venueId}/live/session`, { as: owner, body: { deviceId: second } });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(LIVE_MESSAGES.otherDevice);

    const took = await http.post(`/api/venues/${venueId}/live/session`, {
      as: owner,
      body: { deviceId: second, takeover: true },
    });
    expect(took.statusCode).toBe(200);
    expect(took.json().hostDeviceId).toBe(second);
    await ws.waitFor((e) => e.type === 'live_host_takeover' && e.deviceId === second);

    const stale = await http.post(`/api/venues/${venueId}/live/heartbeat`, { as: owner, body: { deviceId: first } });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe(LIVE_MESSAGES.notHostDevice);
    expect(
      (await http.post(`/api/venues/${venueId}/live/heartbeat`, { as: owner, body: { deviceId: second } })).statusCode,
    ).toBe(200);
  });

  it('lets exactly one of two devices racing to start a fresh night in, and one of two racing takeovers win', async () => {
    const venueId = await newVenue();
    const [a, b] = [device(), device()];
    const res = await Promise.all(
      [a, b].map((deviceId) => http.post(`/api/venues/${venueId}/live/session`, { as: owner, body: { deviceId } })),
    );
    expect(res.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(await t.database.db.$count(liveSessions, eq(liveSessions.venueId, venueId))).toBe(1);

    const [c, d] = [device(), device()];
    const takeovers = await Promise.all(
      [c, d].map((deviceId) =>
        http.post(`/api/venues/${venueId}/live/session`, { as: owner, body: { deviceId, takeover: true } }),
      ),
    );
    expect(takeovers.map((r) => r.statusCode)).toEqual([200, 200]);
    const beats = await Promise.all(
      [c, d].map((deviceId) => http.post(`/api/venues/${venueId}/live/heartbeat`, { as: owner, body: { deviceId } })),
    );
    // One device holds the session; the other is told to stop.
    expect(beats.map((r) => r.statusCode).sort()).toEqual([200, 409]);
  });

  it('shows the session offline when the host device goes quiet, and resumes where it was when it is back', async () => {
    const venueId = await newVenue();
    await song(venueId, { duration: 300 });
    const deviceId = await goLive(venueId);
    const playing = (await view(venueId)).state.nowPlaying!;
    expect(playing).not.toBeNull();
    advance(10_000);
    expect((await t.deps.state.live.sweep()).offline).toBe(0);
    advance(LIVE_TIMING.hostOfflineMs);
    expect((await t.deps.state.live.sweep()).offline).toBeGreaterThanOrEqual(1);
    const offline = (await view(venueId)).state;
    expect(offline.status).toBe('offline');
    expect(offline.nowPlaying!.pausedAt).not.toBeNull();
    const position = offline.nowPlaying!.positionMs;
    advance(60_000);
    expect((await view(venueId)).state.nowPlaying!.positionMs).toBe(position);

    const back = await http.post(`/api/venues/${venueId}/live/heartbeat`, { as: owner, body: { deviceId } });
    expect(back.json().status).toBe('live');
    const resumed = (await view(venueId)).state;
    expect(resumed.status).toBe('live');
    expect(resumed.nowPlaying!.pausedAt).toBeNull();
    expect(Math.abs(resumed.nowPlaying!.positionMs - position)).toBeLessThan(2000);

    // A player that never comes back: the night ends after a few hours (the venue closed without ending it).
    advance(LIVE_TIMING.hostOfflineMs + 1000);
    await t.deps.state.live.sweep();
    advance(LIVE_TIMING.abandonedMs - 60_000);
    await t.deps.state.live.sweep();
    expect((await view(venueId)).state.status).toBe('offline');
    advance(120_000);
    expect((await t.deps.state.live.sweep()).ended).toBeGreaterThanOrEqual(1);
    expect((await view(venueId)).state).toMatchObject({ status: 'ended', nowPlaying: null });
    const late = await http.post(`/api/venues/${venueId}/live/heartbeat`, { as: owner, body: { deviceId } });
    expect([late.statusCode, late.json().message]).toEqual([409, LIVE_MESSAGES.notLive]);
  });
});

describe('join codes and presence', () => {
  it('shows the code to the TV key and hosts only; the state never carries it', async () => {
    const venueId = await newVenue();
    await goLive(venueId);
    const host = (await http.get(`/api/venues/${venueId}/live/host`, { as: owner })).json();
    const key = new URL(host.tvUrl).searchParams.get('key')!;
    expect(host.tvPath).toBe(`/venue/${venueId}/tv?key=${encodeURIComponent(key)}`);
    const tv = await http.get(`/api/venues/${venueId}/live/code?key=${encodeURIComponent(key)}`);
    expect(tv.statusCode).toBe(200);
    expect(tv.json().code).toMatch(/^[A-Z2-9]{6}$/);
    expect(tv.json().joinPath).toBe(`/join/${tv.json().code}`);
    const stranger = await http.get(`/api/venues/${venueId}/live/code`);
    expect(stranger.statusCode).toBe(403);
    expect(stranger.json().message).toBe(LIVE_MESSAGES.badDisplayKey);
    expect((await http.get(`/api/venues/${venueId}/live/code?key=wrong`)).statusCode).toBe(403);
    expect((await http.get(`/api/venues/${venueId}/live`)).body).not.toContain(tv.json().code);
    // A new TV link retires the old key.
    await http.post(`/api/venues/${venueId}/live/display-key`, { as: owner });
    expect((await http.get(`/api/venues/${venueId}/live/code?key=${encodeURIComponent(key)}`)).statusCode).toBe(403);
  });

  it('rotates the code; the previous one is accepted for the grace period, then refused', async () => {
    const venueId = await newVenue();
    await goLive(venueId);
    const first = await codeOf(venueId);
    const p = await patron();
    expect((await http.post('/api/live/join', { as: p, body: { code: first.toLowerCase() } })).statusCode).toBe(200);

    advance(LIVE_TIMING.codeRotateMs);
    await t.deps.state.live.sweep();
    const second = await codeOf(venueId);
    expect(second).not.toBe(first);
    advance(LIVE_TIMING.codeGraceMs - 60_000);
    const late = await patron();
    const ok = await http.post('/api/live/join', { as: late, body: { code: first } });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ venueId, venueName: 'The Dive Bar' });

    advance(120_000);
    const tooLate = await http.post('/api/live/join', { as: await patron(), body: { code: first } });
    expect(tooLate.statusCode).toBe(404);
    expect(tooLate.json().message).toBe(LIVE_MESSAGES.badCode);
    // The current one still lets people in.
    expect((await http.post('/api/live/join', { as: await patron(), body: { code: second } })).statusCode).toBe(200);
    expect((await http.post('/api/live/join', { body: { code: second } })).statusCode).toBe(401);
  });

  it('makes a patron present for a few hours, sets their current venue, then they must join again', async () => {
    const venueId = await newVenue();
    await song(venueId);
    await goLive(venueId);
    const [p] = await joined(venueId, 1);
    const me = (await view(venueId, p)).me!;
    expect(me).toMatchObject({ present: true, isHost: false, waiting: 0 });
    const s = await song(null);
    expect((await requestSong(venueId, p, s.id)).statusCode).toBe(201);
    const user = await t.database.db.query.users.findFirst({ where: (u, { eq: e }) => e(u.id, p.id) });
    expect(user?.currentVenueId).toBe(venueId);

    advance(LIVE_TIMING.presenceMs + 1000);
    expect((await view(venueId, p)).me!.present).toBe(false);
    const refused = await requestSong(venueId, p, (await song(null)).id);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(LIVE_MESSAGES.notPresent);
  });
});

describe('requests', () => {
  it('refuses with clear messages, and turns a request for a waiting song into an up-vote', async () => {
    const venueId = await newVenue();
    const outsider = await patron();
    const s1 = await song(null, { duration: 200 });
    const notLive = await requestSong(venueId, outsider, s1.id);
    expect([notLive.statusCode, notLive.json().message]).toEqual([409, LIVE_MESSAGES.notLive]);

    await goLive(venueId);
    const notPresent = await requestSong(venueId, outsider, s1.id);
    expect([notPresent.statusCode, notPresent.json().message]).toEqual([403, LIVE_MESSAGES.notPresent]);

    const [a, b] = await joined(venueId, 2);
    // The first request starts playing at once (nothing else to play); the second waits.
    expect((await requestSong(venueId, a, s1.id)).statusCode).toBe(201);
    await skipFiller(venueId);
    const playing = await requestSong(venueId, b, s1.id);
    expect([playing.statusCode, playing.json().message]).toEqual([409, LIVE_MESSAGES.playing]);

    const s2 = await song(null);
    const queued = await requestSong(venueId, a, s2.id);
    expect(queued.statusCode).toBe(201);
    expect(queued.json()).toMatchObject({ outcome: 'queued', entry: { mine: true, netVotes: 0 } });
    const own = await requestSong(venueId, a, s2.id);
    expect([own.statusCode, own.json().message]).toEqual([409, LIVE_MESSAGES.ownRequest]);
    const up = await requestSong(venueId, b, s2.id);
    expect(up.statusCode).toBe(200);
    expect(up.json()).toMatchObject({ outcome: 'upvoted', message: LIVE_MESSAGES.upvoted, entry: { netVotes: 1 } });
    expect(up.json().me.votes).toEqual([{ entryId: queued.json().entry.id, value: 1 }]);
    const again = await requestSong(venueId, b, s2.id);
    expect([again.statusCode, again.json().message]).toEqual([200, LIVE_MESSAGES.alreadyUpvoted]);

    const long = await song(null, { duration: 601 });
    const tooLong = await requestSong(venueId, b, long.id);
    expect([tooLong.statusCode, tooLong.json().message]).toEqual([409, LIVE_MESSAGES.tooLong(10)]);
    const pdf = await song(null, { youtubeId: null, pdfUrl: '/api/files/1' });
    const noVideo = await requestSong(venueId, b, pdf.id);
    expect([noVideo.statusCode, noVideo.json().message]).toEqual([409, LIVE_MESSAGES.notPlayable]);
    const priv = await song(null, { isPrivate: true });
    expect((await requestSong(venueId, b, priv.id)).statusCode).toBe(404);
    expect((await requestSong(venueId, b, 2_000_000_000)).statusCode).toBe(404);

    const bannedSong = await song(null);
    await http.post(`/api/venues/${venueId}/live/bans`, { as: owner, body: { songId: bannedSong.id } });
    const banned = await requestSong(venueId, b, bannedSong.id);
    expect([banned.statusCode, banned.json().message]).toEqual([409, LIVE_MESSAGES.banned]);
    const byArtist = await song(null, { artist: 'Lynyrd Skynyrd' });
    await http.post(`/api/venues/${venueId}/live/bans`, { as: owner, body: { artist: ' lynyrd skynyrd ' } });
    const artist = await requestSong(venueId, b, byArtist.id);
    expect([artist.statusCode, artist.json().message]).toEqual([409, LIVE_MESSAGES.bannedArtist]);

    const link = await http.post(`/api/venues/${venueId}/live/requests`, {
      as: b,
      body: { youtubeUrl: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' },
    });
    expect([link.statusCode, link.json().message]).toEqual([409, LIVE_MESSAGES.linksOff]);
    await http.put(`/api/venues/${venueId}/live/settings`, { as: owner, body: { allowYoutubeLinks: true } });
    const linked = await http.post(`/api/venues/${venueId}/live/requests`, {
      as: b,
      body: { youtubeUrl: 'https://youtu.be/dQw4w9WgXcQ', title: 'Never Gonna', artist: 'Rick' },
    });
    expect(linked.statusCode, linked.body).toBe(201);
    expect(linked.json().entry.song).toMatchObject({ title: 'Never Gonna', youtubeId: 'dQw4w9WgXcQ' });

    await http.post(`/api/venues/${venueId}/live/control`, { as: owner, body: { action: 'lock' } });
    const locked = await requestSong(venueId, b, (await song(null)).id);
    expect([locked.statusCode, locked.json().message]).toEqual([409, LIVE_MESSAGES.locked]);
    expect((await view(venueId)).state.requestsLocked).toBe(true);
    await http.post(`/api/venues/${venueId}/live/control`, { as: owner, body: { action: 'unlock' } });

    // Played within the window: refused; after it, welcome again.
    await http.post(`/api/venues/${venueId}/live/control`, { as: owner, body: { action: 'skip' } });
    const recent = await requestSong(venueId, b, s1.id);
    expect([recent.statusCode, recent.json().message]).toEqual([409, LIVE_MESSAGES.recentlyPlayed(3)]);
    advance(3 * 3_600_000 + 1000);
    // Presence lasts 4 h: they are still here.
    expect((await requestSong(venueId, b, s1.id)).statusCode).toBe(201);
  });

  it('holds the request cap under parallel requests', async () => {
    const venueId = await newVenue();
    await song(venueId);
    await goLive(venueId);
    const [p] = await joined(venueId, 1);
    const songs = await Promise.all(Array.from({ length: 8 }, () => song(null)));
    const res = await Promise.all(songs.map((s) => requestSong(venueId, p, s.id)));
    expect(res.filter((r) => r.statusCode === 201)).toHaveLength(3);
    const refused = res.filter((r) => r.statusCode === 409);
    expect(refused).toHaveLength(5);
    for (const r of refused) expect(r.json().message).toBe(LIVE_MESSAGES.cap(3));
    expect((await view(venueId, p)).me!.waiting).toBe(3);
  });
});

describe('votes and the play order', () => {
  it('counts 200 patrons voting at once exactly, and orders the queue by them', async () => {
    const venueId = await newVenue();
    await song(venueId);
    await goLive(venueId);
    const people = await joined(venueId, 200);
    const [a, b, c] = await Promise.all([song(null), song(null), song(null)]);
    const ids: number[] = [];
    for (const [i, s] of [a, b, c].entries()) {
      const r = await requestSong(venueId, people[i], s.id);
      expect(r.statusCode, r.body).toBe(201);
      ids.push(r.json().entry.id);
    }
    // a: 60 up, 40 down (+20); b: 100 up (+100); c: 30 down, then 10 of those take it back (−20).
    const votes = people.map((p, i) => {
      const [entry, value] = i < 60 ? [ids[0], 1] : i < 100 ? [ids[0], -1] : i < 170 ? [ids[1], 1] : [ids[2], -1];
      return http.post(`/api/live/entries/${entry}/vote`, { as: p, body: { value } });
    });
    const more = people
      .slice(0, 30)
      .map((p) => http.post(`/api/live/entries/${ids[1]}/vote`, { as: p, body: { value: 1 } }));
    const results = await Promise.all([...votes, ...more]);
    for (const r of results) expect(r.statusCode, r.body).toBe(200);
    const back = await Promise.all(
      people.slice(170, 180).map((p) => http.post(`/api/live/entries/${ids[2]}/vote`, { as: p, body: { value: 0 } })),
    );
    for (const r of back) expect(r.json().myVote).toBeNull();

    const state = (await view(venueId)).state;
    expect(state.queue.map((q) => [q.id, q.netVotes])).toEqual([
      [ids[1], 100],
      [ids[0], 20],
      [ids[2], -20],
    ]);
    const rows = await t.database.db.select().from(liveEntries).where(eq(liveEntries.sessionId, state.sessionId!));
    expect(rows.find((r) => r.id === ids[1])?.netVotes).toBe(100);
    const mine = (await view(venueId, people[0])).me!;
    expect(mine.votes).toEqual(
      expect.arrayContaining([
        { entryId: ids[0], value: 1 },
        { entryId: ids[1], value: 1 },
      ]),
    );
  });

  it('plays, at equal votes, the song of whoever had fewer songs played tonight', async () => {
    const venueId = await newVenue();
    await goLive(venueId);
    const [greedy, shy] = await joined(venueId, 2);
    const g = await Promise.all([song(null), song(null), song(null)]);
    for (const s of g) expect((await requestSong(venueId, greedy, s.id)).statusCode).toBe(201);
    const s = await song(null);
    expect((await requestSong(venueId, shy, s.id)).statusCode).toBe(201);
    await skipFiller(venueId);
    // greedy's first song plays; shy has played nothing, so shy's song goes before greedy's other two.
    const state = (await view(venueId)).state;
    expect(state.nowPlaying!.song.id).toBe(g[0].id);
    expect(state.queue.map((q) => q.song.id)).toEqual([s.id, g[1].id, g[2].id]);
    expect(state.queue[0].startsInSeconds).toBeGreaterThan(0);
  });
});

describe('skip votes', () => {
  it('skips exactly once when 50 votes arrive at once past the threshold', async () => {
    const venueId = await newVenue();
    await goLive(venueId);
    const people = await joined(venueId, 50);
    const [first, second] = [await song(null), await song(null)];
    expect((await requestSong(venueId, people[0], first.id)).statusCode).toBe(201);
    expect((await requestSong(venueId, people[1], second.id)).statusCode).toBe(201);
    await skipFiller(venueId);
    const before = (await view(venueId)).state;
    expect(before.skip).toEqual({ votes: 0, needed: 15 });
    const entryId = before.nowPlaying!.entryId;
    const res = await Promise.all(people.map((p) => http.post(`/api/live/entries/${entryId}/skip`, { as: p })));
    for (const r of res) expect([200, 409]).toContain(r.statusCode);
    expect(res.filter((r) => r.statusCode === 200 && r.json().skipped)).not.toHaveLength(0);
    const skipped = await t.database.db
      .select()
      .from(liveEntries)
      .where(and(eq(liveEntries.sessionId, before.sessionId!), eq(liveEntries.status, 'skipped')));
    expect(skipped.filter((e) => !e.autofill).map((e) => e.id)).toEqual([entryId]);
    const after = (await view(venueId)).state;
    expect(after.nowPlaying!.song.id).toBe(second.id);
    // The second song was not skipped by the late votes.
    expect(after.skip.votes).toBe(0);
  });

  it('needs at least 2 votes, counts each person once, and refuses songs no longer playing', async () => {
    const venueId = await newVenue();
    await goLive(venueId);
    const [a, b] = await joined(venueId, 2);
    await requestSong(venueId, a, (await song(null)).id);
    await skipFiller(venueId);
    const entryId = (await view(venueId)).state.nowPlaying!.entryId;
    const one = await http.post(`/api/live/entries/${entryId}/skip`, { as: a });
    expect(one.json()).toEqual({ entryId, votes: 1, needed: 2, skipped: false });
    expect((await http.post(`/api/live/entries/${entryId}/skip`, { as: a })).json().votes).toBe(1);
    expect((await view(venueId, a)).me!.skipVoted).toBe(true);
    expect((await http.post(`/api/live/entries/${entryId}/skip`, { as: b })).json().skipped).toBe(true);
    const end = await http.post(`/api/venues/${venueId}/live/control`, { as: owner, body: { action: 'end' } });
    expect(end.json()).toMatchObject({ status: 'ended', nowPlaying: null, queue: [] });
    const ended = await http.post(`/api/live/entries/${entryId}/skip`, { as: b });
    expect([ended.statusCode, ended.json().message]).toEqual([409, LIVE_MESSAGES.notLive]);
    // The next night's states carry higher versions than the last one's, so screens that showed it take them.
    await goLive(venueId);
    const next = (await view(venueId)).state;
    expect(next.sessionId).not.toBe(end.json().sessionId);
    expect(next.version).toBeGreaterThan(end.json().version);
  });
});

describe('autofill', () => {
  it("fills from the venue's mix by votes, never a banned, too long or recently played song", async () => {
    const venueId = await newVenue();
    const [top, mid, low, long, banned] = await Promise.all([
      song(venueId, { duration: 100 }),
      song(venueId, { duration: 100 }),
      song(venueId, { duration: 100 }),
      song(venueId, { duration: 1200 }),
      song(venueId, { duration: 100 }),
    ]);
    for (const [s, n] of [
      [top, 3],
      [long, 5],
      [banned, 4],
      [mid, 2],
      [low, 1],
    ] as const)
      for (let i = 0; i < n; i++) await createVote(t.database.db, { songId: s.id, voteType: 'up', venueId });
    await http.post(`/api/venues/${venueId}/live/bans`, { as: owner, body: { songId: banned.id } });
    await goLive(venueId);
    const played: number[] = [];
    for (let i = 0; i < 6; i++) {
      const state = (await view(venueId)).state;
      if (!state.nowPlaying) break;
      played.push(state.nowPlaying.song.id);
      expect(state.nowPlaying.requester).toBeNull();
      await http.post(`/api/venues/${venueId}/live/control`, { as: owner, body: { action: 'skip' } });
    }
    expect(played.slice(0, 3)).toEqual([top.id, mid.id, low.id]);
    expect(new Set(played).size).toBe(played.length);
    expect(played).not.toContain(long.id);
    expect(played).not.toContain(banned.id);
    // Outside the window, the venue's favourite is back first.
    await http.put(`/api/venues/${venueId}/live/settings`, { as: owner, body: { noRepeatHours: 1 } });
    advance(3_600_000 + 1000);
    await http.post(`/api/venues/${venueId}/live/control`, { as: owner, body: { action: 'skip' } });
    expect((await view(venueId)).state.nowPlaying!.song.id).toBe(top.id);
  });
});

describe('host tools', () => {
  it('bans remove waiting songs at once, skip the playing one, and can be lifted', async () => {
    const venueId = await newVenue();
    await goLive(venueId);
    const [p, q] = await joined(venueId, 2);
    const [s1, s2] = [await song(null, { artist: 'Band A' }), await song(null, { artist: 'Band B' })];
    await requestSong(venueId, p, s1.id);
    await requestSong(venueId, q, s2.id);
    await skipFiller(venueId);
    const ban = await http.post(`/api/venues/${venueId}/live/bans`, { as: owner, body: { artist: 'band a' } });
    expect(ban.statusCode).toBe(201);
    expect(ban.json()).toMatchObject({ kind: 'artist', artist: 'band a', label: 'band a' });
    let state = (await view(venueId)).state;
    expect(state.nowPlaying!.song.id).toBe(s2.id);
    const songBan = await http.post(`/api/venues/${venueId}/live/bans`, { as: owner, body: { songId: s2.id } });
    expect(songBan.json().label).toBe(`${s2.title} — Band B`);
    expect(
      (await http.post(`/api/venues/${venueId}/live/bans`, { as: owner, body: { songId: s2.id } })).json(),
    ).toMatchObject({
      message: LIVE_MESSAGES.alreadyBanned,
    });
    state = (await view(venueId)).state;
    expect(state.nowPlaying?.song.id ?? null).not.toBe(s2.id);
    const list = (await http.get(`/api/venues/${venueId}/live/bans`, { as: owner })).json();
    expect(list).toHaveLength(2);
    expect((await http.delete(`/api/venues/${venueId}/live/bans/${ban.json().id}`, { as: owner })).statusCode).toBe(
      204,
    );
    expect((await http.delete(`/api/venues/${venueId}/live/bans/${ban.json().id}`, { as: owner })).statusCode).toBe(
      404,
    );
    const s3 = await song(null, { artist: 'Band A' });
    expect((await requestSong(venueId, p, s3.id)).statusCode).toBe(201);
  });

  it('removes waiting songs, pauses and resumes, and keeps settings per venue', async () => {
    const venueId = await newVenue();
    await goLive(venueId);
    const [p] = await joined(venueId, 1);
    await requestSong(venueId, p, (await song(null)).id);
    const waiting = await requestSong(venueId, p, (await song(null)).id);
    const entryId = waiting.json().entry.id;
    const other = await registerUser(t.app);
    expect((await http.delete(`/api/live/entries/${entryId}`, { as: other })).statusCode).toBe(403);
    expect((await http.delete(`/api/live/entries/${entryId}`, { as: owner })).statusCode).toBe(204);
    const gone = await http.delete(`/api/live/entries/${entryId}`, { as: owner });
    expect([gone.statusCode, gone.json().message]).toEqual([409, LIVE_MESSAGES.notQueued]);

    const paused = await http.post(`/api/venues/${venueId}/live/control`, { as: owner, body: { action: 'pause' } });
    expect(paused.json().status).toBe('paused');
    expect(paused.json().nowPlaying.pausedAt).not.toBeNull();
    const resumed = await http.post(`/api/venues/${venueId}/live/control`, { as: owner, body: { action: 'resume' } });
    expect(resumed.json().status).toBe('live');

    const put = await http.put(`/api/venues/${venueId}/live/settings`, {
      as: owner,
      body: { requestCap: 1, skipPercent: 30, skipScaled: false, noRepeatHours: 0 },
    });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toMatchObject({ requestCap: 1, skipPercent: 30, skipScaled: false, maxSongSeconds: 600 });
    expect(put.json().skipRule).toContain('30% of the patrons present');
    const bad = await http.put(`/api/venues/${venueId}/live/settings`, { as: owner, body: { requestCap: 0 } });
    expect([bad.statusCode, bad.json().message]).toEqual([400, 'Request cap must be between 1 and 20']);
    expect((await http.get(`/api/venues/${venueId}/live/settings`, { as: other })).statusCode).toBe(403);
    expect((await view(venueId)).state.rules.requestCap).toBe(1);
  });

  it('lets the owner add co-hosts by email, who then host; only the owner manages them', async () => {
    const venueId = await newVenue();
    const co = await registerUser(t.app, { firstName: 'Cody' });
    const nobody = await http.post(`/api/venues/${venueId}/live/cohosts`, {
      as: owner,
      body: { email: 'nobody@example.test' },
    });
    expect([nobody.statusCode, nobody.json().message]).toEqual([404, LIVE_MESSAGES.noSuchAccount]);
    const added = await http.post(`/api/venues/${venueId}/live/cohosts`, {
      as: owner,
      body: { email: co.email.toUpperCase() },
    });
    expect(added.statusCode).toBe(201);
    expect(added.json()).toMatchObject({ userId: co.id, email: co.email });
    expect(
      (await http.post(`/api/venues/${venueId}/live/cohosts`, { as: owner, body: { email: co.email } })).statusCode,
    ).toBe(409);
    expect((await http.get(`/api/venues/${venueId}/live/cohosts`, { as: co })).statusCode).toBe(403);
    await goLive(venueId, device(), co);
    const info = (await http.get(`/api/venues/${venueId}/live/host`, { as: co })).json();
    expect(info).toMatchObject({ isOwner: false, venueId });
    expect((await view(venueId, co)).me).toMatchObject({ isHost: true, isOwner: false });
    expect((await http.delete(`/api/venues/${venueId}/live/cohosts/${co.id}`, { as: owner })).statusCode).toBe(204);
    expect(
      (await http.post(`/api/venues/${venueId}/live/control`, { as: co, body: { action: 'pause' } })).statusCode,
    ).toBe(403);
  });

  it('reports tonight: history, counts, most requested, and a CSV', async () => {
    const venueId = await newVenue();
    await goLive(venueId);
    const [a, b, c] = await joined(venueId, 3);
    const [s1, s2] = [await song(null, { title: '=cmd' }), await song(null, { title: 'Freebird' })];
    await requestSong(venueId, a, s1.id);
    const filler = await skipFiller(venueId);
    await requestSong(venueId, a, s2.id);
    await requestSong(venueId, b, s2.id);
    await requestSong(venueId, c, s2.id);
    await http.post(`/api/venues/${venueId}/live/control`, { as: owner, body: { action: 'skip' } });
    const history = (await http.get(`/api/venues/${venueId}/live/history`)).json();
    expect(history.slice(0, 2).map((h: { song: { id: number }; status: string }) => [h.song.id, h.status])).toEqual([
      [s2.id, 'playing'],
      [s1.id, 'skipped'],
    ]);
    expect(history).toHaveLength(filler ? 3 : 2);
    const report = (await http.get(`/api/venues/${venueId}/live/report`, { as: owner })).json();
    expect(report).toMatchObject({
      songsPlayed: 1,
      songsSkipped: filler ? 2 : 1,
      requests: 4,
      distinctPatrons: 3,
    });
    expect(report.mostRequested[0]).toMatchObject({ song: { id: s2.id }, requests: 3 });
    const csv = await http.get(`/api/venues/${venueId}/live/report.csv`, { as: owner });
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.body.split('\r\n')[0]).toBe('started_at,title,artist,requester,status,net_votes,requests');
    expect(csv.body).toContain(",'=cmd,");
    expect((await http.get(`/api/venues/${venueId}/live/report.csv`, { as: a })).statusCode).toBe(403);
  });
});

describe('export my data', () => {
  it("includes the person's live requests, votes, skip votes, presence and co-hosting", async () => {
    const venueId = await newVenue();
    await goLive(venueId);
    const [p, q] = await joined(venueId, 2);
    const s1 = await song(null, { title: 'Exported Live Song' });
    const s2 = await song(null);
    await requestSong(venueId, q, s1.id);
    await skipFiller(venueId);
    const waiting = (await requestSong(venueId, q, s2.id)).json().entry.id;
    await http.post(`/api/live/entries/${waiting}/vote`, { as: p, body: { value: -1 } });
    const playing = (await view(venueId)).state.nowPlaying!.entryId;
    await http.post(`/api/live/entries/${playing}/skip`, { as: p });
    const mine = (await http.get('/api/account/export', { as: p })).json().live;
    expect(mine).toMatchObject({
      requests: [],
      votes: [{ venueId, songId: s2.id, value: -1 }],
      skipVotes: [{ venueId, songId: s1.id }],
      presence: [{ venueId }],
      cohostOf: [],
    });
    const theirs = (await http.get('/api/account/export', { as: q })).json().live;
    expect(theirs.requests.map((r: { title: string }) => r.title)).toContain('Exported Live Song');
  });
});

describe('deleting an account', () => {
  it("takes the person's votes off the waiting songs' counts", async () => {
    const venueId = await newVenue();
    await goLive(venueId);
    const [p, q, leaver] = await joined(venueId, 3);
    await requestSong(venueId, p, (await song(null)).id);
    await skipFiller(venueId);
    const entryId = (await requestSong(venueId, p, (await song(null)).id)).json().entry.id;
    await http.post(`/api/live/entries/${entryId}/vote`, { as: q, body: { value: 1 } });
    await http.post(`/api/live/entries/${entryId}/vote`, { as: leaver, body: { value: 1 } });
    const gone = await http.post('/api/account/delete', {
      as: leaver,
      body: { confirmation: DELETE_CONFIRMATION, publicContent: 'delete' },
    });
    expect(gone.statusCode, gone.body).toBe(204);
    const [row] = await t.database.db.select().from(liveEntries).where(eq(liveEntries.id, entryId));
    expect(row.netVotes).toBe(1);
  });
});

describe('playback reports', () => {
  it('moves on when a song ends or cannot play, from the host device only', async () => {
    const venueId = await newVenue();
    const deviceId = await goLive(venueId);
    const [p, q] = await joined(venueId, 2);
    const [s1, s2, s3] = [await song(null), await song(null), await song(null)];
    await requestSong(venueId, p, s1.id);
    await requestSong(venueId, q, s2.id);
    await requestSong(venueId, p, s3.id);
    await skipFiller(venueId);
    const entryId = (await view(venueId)).state.nowPlaying!.entryId;
    const report = (body: object, device = deviceId) =>
      http.post(`/api/venues/${venueId}/live/playback`, { as: owner, body: { deviceId: device, entryId, ...body } });
    expect((await report({ event: 'ended' }, 'another-device')).statusCode).toBe(409);
    const started = await report({ event: 'started', positionMs: 5000 });
    expect(started.json().nowPlaying.positionMs).toBeGreaterThanOrEqual(5000);
    const ended = await report({ event: 'ended' });
    expect(ended.json().nowPlaying.song.id).toBe(s2.id);
    // A late duplicate report of the same entry changes nothing.
    expect((await report({ event: 'ended' })).json().nowPlaying.song.id).toBe(s2.id);
    const next = ended.json().nowPlaying.entryId;
    const bad = await http.post(`/api/venues/${venueId}/live/playback`, {
      as: owner,
      body: { deviceId, entryId: next, event: 'unplayable', errorCode: 150 },
    });
    expect(bad.json().nowPlaying.song.id).toBe(s3.id);
    const history = (await http.get(`/api/venues/${venueId}/live/history`)).json();
    expect(history.find((h: { entryId: number }) => h.entryId === next).status).toBe('unplayable');
  });
});

describe('the live room', () => {
  it('pushes full snapshots with increasing versions to anyone watching; reactions and requests too', async () => {
    const venueId = await newVenue();
    await goLive(venueId);
    const tv = await connectWs(baseUrl);
    sockets.push(tv);
    tv.send({ type: 'subscribe', room: `live:${venueId}` });
    await settle(tv);
    expect(tv.events.find((e) => e.type === 'error')).toBeUndefined();
    const [p, q] = await joined(venueId, 2);
    const s1 = await song(null);
    const s2 = await song(null, { title: 'Up next' });
    await requestSong(venueId, p, s1.id);
    const r = await requestSong(venueId, p, s2.id);
    await tv.waitFor((e) => e.type === 'live_request' && e.title === 'Up next' && e.name === 'P0 R.');
    await http.post(`/api/live/entries/${r.json().entry.id}/vote`, { as: q, body: { value: 1 } });
    const voted = (await tv.waitFor((e) => e.type === 'live_state' && e.state.queue[0]?.netVotes === 1)) as Extract<
      ServerEvent,
      { type: 'live_state' }
    >;
    expect(voted.state.queue[0]).toMatchObject({ myVote: null, mine: false, song: { title: 'Up next' } });
    const versions = tv.events.flatMap((e) => (e.type === 'live_state' ? [e.state.version] : []));
    expect([...versions].sort((x, y) => x - y)).toEqual(versions);
    expect(JSON.stringify(tv.events)).not.toContain((await codeOf(venueId)) + '"');

    const reaction = await http.post(`/api/venues/${venueId}/live/reactions`, { as: q, body: { emoji: '🔥' } });
    expect(reaction.statusCode).toBe(204);
    await tv.waitFor((e) => e.type === 'live_reaction' && e.emoji === '🔥');
    expect(
      (await http.post(`/api/venues/${venueId}/live/reactions`, { as: q, body: { emoji: '💩' } })).statusCode,
    ).toBe(400);
    const limited = await Promise.all(
      Array.from({ length: 12 }, () =>
        http.post(`/api/venues/${venueId}/live/reactions`, { as: q, body: { emoji: '🎉' } }),
      ),
    );
    expect(limited.filter((x) => x.statusCode === 429).length).toBeGreaterThan(0);
  });

  it("refuses rooms of unknown or inactive venues; a deactivated venue's night ends", async () => {
    const venueId = await newVenue();
    await goLive(venueId);
    await http.patch(`/api/venues/${venueId}`, { as: owner, body: { isActive: false } });
    expect((await t.deps.state.live.sweep()).ended).toBeGreaterThanOrEqual(1);
    const [night] = await t.database.db.select().from(liveSessions).where(eq(liveSessions.venueId, venueId));
    expect(night.status).toBe('ended');
    const ws = await connectWs(baseUrl);
    sockets.push(ws);
    ws.send({ type: 'subscribe', room: `live:${venueId}` });
    await ws.waitFor((e) => e.type === 'error' && e.message === `Not allowed to join live:${venueId}`);
    ws.send({ type: 'subscribe', room: 'live:999999' });
    await ws.waitFor((e) => e.type === 'error' && e.message === 'Not allowed to join live:999999');
    expect((await http.get(`/api/venues/${venueId}/live`)).statusCode).toBe(404);
  });
});

export type { LiveState };
