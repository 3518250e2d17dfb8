/**
 * Safety and moderation rules: blocks, reports (one open per reporter and item; the reporter never revealed),
 * notices, administrators' queue and actions (hide, remove, suspend, restore) with the audit log, and venue
 * owners' chat moderation (delete, mute until a time).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { users } from '../../db/schema';
import { createSong } from '../../../../test/helpers/factories';
import {
  api,
  createTestApp,
  eventually,
  listenOnLoopback,
  registerUser,
  type TestApp,
  type TestUser,
} from '../../../../test/helpers/test-app';
import { connectWs } from '../../../../test/helpers/ws-client';

const PASSWORD = 'correct horse battery';
const ADMIN_EMAIL = `admin-${Date.now()}@crowdmix.test`;
let t: TestApp;
let http: ReturnType<typeof api>;
let baseUrl: string;
let admin: TestUser;

beforeAll(async () => {
  t = await createTestApp({ ADMIN_EMAILS: ADMIN_EMAIL, SIGNUP_LIMIT_PER_HOUR: '1000' });
  http = api(t.app);
  baseUrl = await listenOnLoopback(t.app);
  admin = await registerUser(t.app, { email: ADMIN_EMAIL, firstName: 'Ada', lastName: 'Admin' });
});
afterAll(async () => t?.close());

const report = (as: TestUser, targetType: string, targetId: string | number, reason = 'spam', details?: string) =>
  http.post('/api/reports', {
    as,
    body: { targetType, targetId: String(targetId), reason, ...(details ? { details } : {}) },
  });
const queue = async () => (await http.get('/api/admin/reports', { as: admin })).json() as Array<Record<string, never>>;
const resolve = (id: number, body: object) => http.post(`/api/admin/reports/${id}/resolve`, { as: admin, body });

describe('blocks', () => {
  it('the blocked person cannot message the blocker (nor the blocker them), and does not see their presence', async () => {
    const me = await registerUser(t.app, { firstName: 'Me' });
    const pest = await registerUser(t.app, { firstName: 'Pest' });
    const pestSocket = await connectWs(baseUrl, pest.cookie);
    const mySocket = await connectWs(baseUrl, me.cookie);
    await eventually(async () => {
      const online = (await http.get('/api/users/online', { as: pest })).json() as Array<{ id: string }>;
      expect(online.map((u) => u.id)).toContain(me.id);
    });
    expect(
      (await http.post('/api/messages', { as: pest, body: { receiverId: me.id, content: 'hi' } })).statusCode,
    ).toBe(201);
    const blocked = await http.post('/api/blocks', { as: me, body: { userId: pest.id } });
    expect(blocked.statusCode).toBe(201);
    expect(blocked.json()).toMatchObject({ user: { id: pest.id, firstName: 'Pest' } });
    expect(JSON.stringify(blocked.json())).not.toContain(pest.email);
    await pestSocket.waitFor((e) => e.type === 'blocks_changed');

    const theirs = await http.post('/api/messages', { as: pest, body: { receiverId: me.id, content: 'hello again' } });
    expect(theirs.statusCode).toBe(403);
    expect(theirs.json().message).toBe('This person is not accepting messages from you');
    const mine = await http.post('/api/messages', { as: me, body: { receiverId: pest.id, content: 'go away' } });
    expect(mine.statusCode).toBe(403);
    expect(mine.json().message).toBe('You blocked this person. Unblock them to send a message.');
    const online = (await http.get('/api/users/online', { as: pest })).json() as Array<{ id: string }>;
    expect(online.map((u) => u.id)).not.toContain(me.id);
    // The blocker still sees the blocked person (and can hide their chat messages on screen).
    expect(
      ((await http.get('/api/users/online', { as: me })).json() as Array<{ id: string }>).map((u) => u.id),
    ).toContain(pest.id);
    expect((await http.get('/api/blocks', { as: me })).json().map((b: { user: { id: string } }) => b.user.id)).toEqual([
      pest.id,
    ]);
    // Blocking again is harmless; unblocking restores messaging.
    expect((await http.post('/api/blocks', { as: me, body: { userId: pest.id } })).statusCode).toBe(201);
    expect((await http.delete(`/api/blocks/${pest.id}`, { as: me })).statusCode).toBe(204);
    expect((await http.get('/api/blocks', { as: me })).json()).toEqual([]);
    expect(
      (await http.post('/api/messages', { as: pest, body: { receiverId: me.id, content: 'friends?' } })).statusCode,
    ).toBe(201);
    await Promise.all([pestSocket.close(), mySocket.close()]);
  });

  it('refuses oneself and unknown people, and limits how many blocks an hour', async () => {
    const me = await registerUser(t.app);
    expect((await http.post('/api/blocks', { as: me, body: { userId: me.id } })).statusCode).toBe(400);
    expect((await http.post('/api/blocks', { as: me, body: { userId: 'nobody' } })).statusCode).toBe(404);
    const others = await Promise.all(Array.from({ length: 31 }, () => registerUser(t.app)));
    const statuses: number[] = [];
    for (const o of others)
      statuses.push((await http.post('/api/blocks', { as: me, body: { userId: o.id } })).statusCode);
    expect(statuses.slice(0, 30).every((s) => s === 201)).toBe(true);
    expect(statuses[30]).toBe(429);
  });
});

describe('reports', () => {
  it('every kind of item, one open report per reporter and item, visibility and own items respected', async () => {
    const reporter = await registerUser(t.app, { firstName: 'Rita' });
    const author = await registerUser(t.app, { firstName: 'Auth' });
    const song = await createSong(t.database.db, { uploaderId: author.id });
    const privateSong = await createSong(t.database.db, { uploaderId: author.id, isPrivate: true });
    const chat = (await http.post('/api/messages/global', { as: author, body: { content: 'rude words' } })).json();
    const dm = (
      await http.post('/api/messages', { as: author, body: { receiverId: reporter.id, content: 'rude dm' } })
    ).json();
    const dmToOther = (
      await http.post('/api/messages', { as: author, body: { receiverId: admin.id, content: 'secret' } })
    ).json();
    const playlist = (await http.post('/api/community-playlists', { as: author, body: { name: 'Bad List' } })).json();
    const secretList = (
      await http.post('/api/community-playlists', { as: author, body: { name: 'Hidden', isPublic: false } })
    ).json();
    const venue = (
      await http.post('/api/venues', { as: author, body: { name: 'Bad Bar', location: 'Z', type: 'bar' } })
    ).json();

    for (const [type, id] of [
      ['song', song.id],
      ['message', chat.id],
      ['message', dm.id],
      ['playlist', playlist.id],
      ['venue', venue.id],
      ['user', author.id],
    ] as const) {
      const r = await report(reporter, type, id);
      expect(r.statusCode, `${type} ${r.body}`).toBe(201);
      expect(r.json()).toMatchObject({ targetType: type, targetId: String(id), status: 'open' });
    }
    const again = await report(reporter, 'song', song.id, 'offensive');
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('You already reported this. A moderator will look at it.');
    // Things the reporter cannot see do not exist for them.
    expect((await report(reporter, 'song', privateSong.id)).statusCode).toBe(404);
    expect((await report(reporter, 'message', dmToOther.id)).statusCode).toBe(404);
    expect((await report(reporter, 'playlist', secretList.id)).statusCode).toBe(404);
    expect((await report(reporter, 'song', 'not-a-number')).statusCode).toBe(404);
    expect((await report(author, 'song', song.id)).statusCode).toBe(400);
    const other = await report(reporter, 'song', (await createSong(t.database.db)).id, 'other');
    expect(other.statusCode).toBe(400);
    expect(other.json()).toMatchObject({ message: 'Tell us what is wrong', field: 'details' });
    expect(
      (await http.post('/api/reports', { body: { targetType: 'song', targetId: '1', reason: 'spam' } })).statusCode,
    ).toBe(401);
  });

  it('limits reports to ten an hour', async () => {
    const r = await registerUser(t.app);
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++)
      statuses.push((await report(r, 'song', (await createSong(t.database.db)).id)).statusCode);
    expect(statuses).toEqual([...Array(10).fill(201), 429]);
  });
});

describe('administrators', () => {
  it('only administrators (ADMIN_EMAILS or granted) see the queue and act', async () => {
    const plain = await registerUser(t.app);
    expect((await http.get('/api/admin/reports', { as: plain })).statusCode).toBe(403);
    expect((await http.get('/api/admin/audit', { as: plain })).statusCode).toBe(403);
    expect((await http.get('/api/admin/reports')).statusCode).toBe(401);
    expect((await http.get('/api/account', { as: admin })).json().isAdmin).toBe(true);
    await t.deps.db.update(users).set({ isAdmin: true }).where(eq(users.id, plain.id));
    expect((await http.get('/api/admin/reports', { as: plain })).statusCode).toBe(200);
  });

  it('a reported song, removed: gone from the Top 100 at once, reporters told, the reporter never named to the author', async () => {
    const author = await registerUser(t.app, { firstName: 'Uploader' });
    const r1 = await registerUser(t.app, { firstName: 'Reporter', lastName: 'One' });
    const r2 = await registerUser(t.app, { firstName: 'Reporter', lastName: 'Two' });
    const song = await createSong(t.database.db, { uploaderId: author.id, title: 'Spammy Tune' });
    await t.deps.hub.publish({ type: 'songs_changed', venueId: null });
    expect((await http.post('/api/votes', { as: r1, body: { songId: song.id, voteType: 'up' } })).statusCode).toBe(200);
    expect((await http.get('/api/mix/global')).json().songs.map((s: { id: number }) => s.id)).toContain(song.id);
    const first = (await report(r1, 'song', song.id, 'spam')).json();
    await report(r2, 'song', song.id, 'offensive');
    await report(r1, 'user', author.id, 'spam');

    const item = (await queue()).find((q) => q.id === first.id)!;
    expect(item).toMatchObject({
      targetType: 'song',
      targetSummary: expect.stringContaining('Spammy Tune'),
      targetState: 'visible',
      reporter: { id: r1.id, name: 'Reporter One' },
      author: { id: author.id, name: expect.stringContaining('Uploader') },
      earlierCount: 2,
    });
    const listener = await connectWs(baseUrl);
    expect((await resolve(first.id, { action: 'remove', reason: 'Spam' })).statusCode).toBe(204);
    await listener.waitFor((e) => e.type === 'songs_changed');
    await t.deps.state.mixes.cache.whenIdle();
    expect((await http.get('/api/mix/global')).json().songs.map((s: { id: number }) => s.id)).not.toContain(song.id);
    expect((await http.get('/api/songs')).json().songs.map((s: { id: number }) => s.id)).not.toContain(song.id);
    // Both reports about the song are closed; both reporters told; the report about the person stays open.
    const open = await queue();
    expect(open.filter((q) => q.targetType === 'song' && q.targetId === String(song.id))).toEqual([]);
    expect(open.some((q) => q.targetType === 'user' && q.targetId === author.id)).toBe(true);
    for (const r of [r1, r2]) {
      const notes = (await http.get('/api/notifications', { as: r })).json();
      expect(notes.unread).toBe(1);
      expect(notes.items[0].body).toBe(`Thanks for your report about "${item.targetSummary}". A moderator removed it.`);
    }
    const authorNotes = JSON.stringify((await http.get('/api/notifications', { as: author })).json());
    expect(authorNotes).toContain('was removed by a moderator. Reason: Spam');
    expect(authorNotes).not.toMatch(/Reporter|One|Two/);
    expect((await http.post('/api/notifications/read', { as: r1 })).json()).toEqual({ updated: 1 });
    expect((await http.get('/api/notifications', { as: r1 })).json().unread).toBe(0);
    // A report handled twice: 409.
    expect((await resolve(first.id, { action: 'dismiss', reason: 'again' })).statusCode).toBe(409);
    await listener.close();
  });

  it('hide and restore a song; dismiss a report; the audit log has who, what, when and why', async () => {
    const author = await registerUser(t.app);
    const rep = await registerUser(t.app);
    const song = await createSong(t.database.db, { uploaderId: author.id, title: 'Maybe Bad' });
    await t.deps.hub.publish({ type: 'songs_changed', venueId: null });
    const r = (await report(rep, 'song', song.id, 'wrong_info')).json();
    expect((await resolve(r.id, { action: 'hide', reason: 'Checking the credits' })).statusCode).toBe(204);
    await t.deps.state.mixes.cache.whenIdle();
    expect((await http.get('/api/mix/global')).json().songs.map((s: { id: number }) => s.id)).not.toContain(song.id);
    // The uploader still has it, as a private song.
    expect((await http.get('/api/user/songs', { as: author })).json().map((s: { id: number }) => s.id)).toContain(
      song.id,
    );
    const audit = (await http.get('/api/admin/audit', { as: admin })).json();
    expect(audit[0]).toMatchObject({
      actor: { id: admin.id, name: 'Ada Admin' },
      action: 'hide',
      targetType: 'song',
      targetId: String(song.id),
      reason: 'Checking the credits',
      reportId: r.id,
      restorable: true,
    });
    expect(Date.parse(audit[0].createdAt)).toBeGreaterThan(0);
    expect(
      (
        await http.post('/api/admin/restore', {
          as: admin,
          body: { targetType: 'song', targetId: String(song.id), reason: 'Credits fine' },
        })
      ).statusCode,
    ).toBe(204);
    await t.deps.state.mixes.cache.whenIdle();
    expect((await http.get('/api/mix/global')).json().songs.map((s: { id: number }) => s.id)).toContain(song.id);
    const again = await http.post('/api/admin/restore', {
      as: admin,
      body: { targetType: 'song', targetId: String(song.id), reason: 'twice' },
    });
    expect(again.statusCode).toBe(409);

    const d = (await report(rep, 'user', author.id, 'other', 'Seems fine actually')).json();
    expect((await resolve(d.id, { action: 'dismiss', reason: 'No rule broken' })).statusCode).toBe(204);
    expect((await http.get('/api/notifications', { as: rep })).json().items[0].body).toMatch(/found no rule broken/);
    expect(
      (await http.get('/api/admin/reports?status=closed', { as: admin })).json().map((x: { id: number }) => x.id),
    ).toContain(d.id);
    // Messages cannot be hidden, people cannot be removed.
    const m = (await http.post('/api/messages/global', { as: author, body: { content: 'meh' } })).json();
    const mr = (await report(rep, 'message', m.id)).json();
    expect((await resolve(mr.id, { action: 'hide', reason: 'x' })).statusCode).toBe(400);
    expect((await resolve(mr.id, { action: 'suspend', reason: 'x' })).statusCode).toBe(400);
  });

  it('suspension ends sessions and sockets now, refuses sign-in with when and why, and restore lifts it', async () => {
    const troll = await registerUser(t.app, { firstName: 'Troll' });
    const socket = await connectWs(baseUrl, troll.cookie);
    const rep = await registerUser(t.app);
    const r = (await report(rep, 'user', troll.id, 'offensive')).json();
    expect((await resolve(r.id, { action: 'suspend', reason: 'Abuse in chat', duration: '7d' })).statusCode).toBe(204);
    expect(await socket.closed).toBe(4401);
    expect((await http.get('/api/auth/user', { as: troll })).statusCode).toBe(401);
    const login = await http.post('/api/auth/login', { body: { email: troll.email, password: PASSWORD } });
    expect(login.statusCode).toBe(403);
    expect(login.json().message).toMatch(
      /^This account is suspended until \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC\. Reason: Abuse in chat$/,
    );
    // The wrong password still says only "wrong": suspension is told to the account's owner alone.
    expect((await http.post('/api/auth/login', { body: { email: troll.email, password: 'not it' } })).statusCode).toBe(
      401,
    );
    // Administrators cannot be suspended, nor can one suspend oneself.
    expect(
      (
        await http.post(`/api/admin/users/${admin.id}/suspend`, {
          as: admin,
          body: { duration: 'forever', reason: 'x' },
        })
      ).statusCode,
    ).toBe(400);
    const forever = await http.post(`/api/admin/users/${troll.id}/suspend`, {
      as: admin,
      body: { duration: 'forever', reason: 'Repeat offender' },
    });
    expect(forever.json()).toEqual({ suspendedUntil: null });
    expect(
      (await http.post('/api/auth/login', { body: { email: troll.email, password: PASSWORD } })).json().message,
    ).toBe('This account has been suspended. Reason: Repeat offender');
    const lift = await http.post('/api/admin/restore', {
      as: admin,
      body: { targetType: 'user', targetId: troll.id, reason: 'Appeal accepted' },
    });
    expect(lift.statusCode).toBe(204);
    expect((await http.post('/api/auth/login', { body: { email: troll.email, password: PASSWORD } })).statusCode).toBe(
      200,
    );
    const actions = (await http.get('/api/admin/audit', { as: admin }))
      .json()
      .slice(0, 3)
      .map((a: { action: string }) => a.action);
    expect(actions).toEqual(['restore', 'suspend', 'suspend']);
  });
});

describe("venue owners moderate their venue's chat", () => {
  it('delete a message (the room sees it go) and mute a person, who is told until when', async () => {
    const owner = await registerUser(t.app, { firstName: 'Owner' });
    const loud = await registerUser(t.app, { firstName: 'Loud' });
    const bystander = await registerUser(t.app);
    const venue = (
      await http.post('/api/venues', { as: owner, body: { name: 'Quiet Bar', location: 'Q', type: 'bar' } })
    ).json();
    const room = `venue:${venue.id}`;
    const watcher = await connectWs(baseUrl, bystander.cookie);
    watcher.send({ type: 'subscribe', room });
    const loudSocket = await connectWs(baseUrl, loud.cookie);
    await new Promise((r) => setTimeout(r, 100));
    const m = (await http.post(`/api/venues/${venue.id}/messages`, { as: loud, body: { content: 'SHOUTING' } })).json();

    expect((await http.delete(`/api/venues/${venue.id}/messages/${m.id}`, { as: bystander })).statusCode).toBe(403);
    expect((await http.delete(`/api/venues/${venue.id}/messages/${m.id}`, { as: owner })).statusCode).toBe(204);
    await watcher.waitFor((e) => e.type === 'chat_message_removed' && e.messageId === m.id && e.room === room);
    expect((await http.get(`/api/venues/${venue.id}/messages`)).json().map((x: { id: number }) => x.id)).not.toContain(
      m.id,
    );
    expect((await http.delete(`/api/venues/${venue.id}/messages/${m.id}`, { as: owner })).statusCode).toBe(404);

    expect(
      (await http.post(`/api/venues/${venue.id}/mutes`, { as: bystander, body: { userId: loud.id, minutes: 10 } }))
        .statusCode,
    ).toBe(403);
    expect(
      (await http.post(`/api/venues/${venue.id}/mutes`, { as: owner, body: { userId: loud.id, minutes: 5 } }))
        .statusCode,
    ).toBe(400);
    expect(
      (await http.post(`/api/venues/${venue.id}/mutes`, { as: owner, body: { userId: owner.id, minutes: 10 } }))
        .statusCode,
    ).toBe(400);
    const muted = await http.post(`/api/venues/${venue.id}/mutes`, {
      as: owner,
      body: { userId: loud.id, minutes: 60 },
    });
    expect(muted.statusCode).toBe(201);
    const until = Date.parse(muted.json().until);
    expect(until - Date.now()).toBeGreaterThan(59 * 60_000);
    expect(until - Date.now()).toBeLessThanOrEqual(60 * 60_000);
    await loudSocket.waitFor((e) => e.type === 'venue_mute' && e.venueId === venue.id && e.until !== null);
    expect((await http.get(`/api/venues/${venue.id}/my-mute`, { as: loud })).json()).toEqual({
      mutedUntil: muted.json().until,
    });
    const refused = await http.post(`/api/venues/${venue.id}/messages`, { as: loud, body: { content: 'let me talk' } });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toMatch(
      /^You are muted in this venue's chat until \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC$/,
    );
    // Only in that venue: the global room is open to them.
    expect((await http.post('/api/messages/global', { as: loud, body: { content: 'elsewhere' } })).statusCode).toBe(
      201,
    );
    expect((await http.get('/api/notifications', { as: loud })).json().items[0].body).toMatch(
      /You are muted in the chat of "Quiet Bar" until/,
    );
    expect((await http.get(`/api/venues/${venue.id}/mutes`, { as: owner })).json()).toEqual([
      { userId: loud.id, name: 'Loud User', until: muted.json().until },
    ]);
    // Administrators moderate every venue's chat too.
    expect((await http.get(`/api/venues/${venue.id}/mutes`, { as: admin })).statusCode).toBe(200);
    expect((await http.delete(`/api/venues/${venue.id}/mutes/${loud.id}`, { as: owner })).statusCode).toBe(204);
    expect(
      (await http.post(`/api/venues/${venue.id}/messages`, { as: loud, body: { content: 'sorry' } })).statusCode,
    ).toBe(201);
    const log = (await http.get('/api/admin/audit', { as: admin })).json().map((a: { action: string }) => a.action);
    expect(log.slice(0, 3)).toEqual(['unmute', 'mute', 'delete_message']);
    await Promise.all([watcher.close(), loudSocket.close()]);
  });
});
