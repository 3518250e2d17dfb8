import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { messages } from '../../db/schema';
import { createVenue } from '../../../../test/helpers/factories';
import {
  api,
  createTestApp,
  listenOnLoopback,
  registerUser,
  type TestApp,
  type TestUser,
} from '../../../../test/helpers/test-app';
import { connectWs } from '../../../../test/helpers/ws-client';

let t: TestApp;
let http: ReturnType<typeof api>;
let ada: TestUser;
let bob: TestUser;
let baseUrl: string;
beforeAll(async () => {
  t = await createTestApp();
  http = api(t.app);
  ada = await registerUser(t.app, { firstName: 'Ada', lastName: 'Lovelace' });
  bob = await registerUser(t.app, { firstName: 'Bob', lastName: 'Marley' });
  baseUrl = await listenOnLoopback(t.app);
});
afterAll(async () => t?.close());

describe('global chat', () => {
  it('stores a trimmed message with the sender name and image and lists it in time order', async () => {
    const a = await http.post('/api/messages/global', { as: ada, body: { content: '  hello everyone  ' } });
    expect(a.statusCode).toBe(201);
    expect(a.json()).toMatchObject({
      content: 'hello everyone',
      messageType: 'global',
      senderId: ada.id,
      senderName: 'Ada Lovelace',
      senderImage: null,
      receiverId: null,
      venueId: null,
    });
    const b = await http.post('/api/messages/global', { as: bob, body: { content: 'hi Ada' } });
    expect(b.statusCode).toBe(201);
    const list = await http.get('/api/messages/global', { as: ada });
    expect(list.statusCode).toBe(200);
    const ids = list.json().map((m: { id: number }) => m.id);
    expect(ids.slice(-2)).toEqual([a.json().id, b.json().id]);
  });

  it.each([
    [{ content: '' }, 'Message cannot be empty'],
    [{ content: '   \n\t ' }, 'Message cannot be empty'],
    [{ content: 'x'.repeat(2001) }, 'Message must be at most 2000 characters'],
    [{ content: 'nul \u0000 byte' }, 'Message contains characters that are not allowed'],
    [{}, 'Message text is required'],
    [{ content: 42 }, 'Message text is required'],
  ])('refuses bad content %# with a clear 400 and stores nothing', async (body, message) => {
    const before = await t.database.db.$count(messages);
    const res = await http.post('/api/messages/global', { as: ada, body });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message, code: 'VALIDATION' });
    expect(await t.database.db.$count(messages)).toBe(before);
  });

  it('accepts exactly 2000 characters', async () => {
    const res = await http.post('/api/messages/global', { as: ada, body: { content: 'y'.repeat(2000) } });
    expect(res.statusCode).toBe(201);
  });

  it('refuses extra fields such as senderId (no mass assignment)', async () => {
    const res = await http.post('/api/messages/global', { as: ada, body: { content: 'spoof', senderId: bob.id } });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Unknown field: senderId');
  });

  it('refuses anonymous senders with 401', async () => {
    const res = await http.post('/api/messages/global', { body: { content: 'who am i' } });
    expect(res.statusCode).toBe(401);
  });

  it('refuses bad paging parameters', async () => {
    for (const q of ['before=abc', 'before=-1', 'after=1.5', 'before=1&before=2', 'limit=5']) {
      const res = await http.get(`/api/messages/global?${q}`, { as: ada });
      expect(res.statusCode, q).toBe(400);
    }
  });
});

describe('paging and polling', () => {
  it('returns the newest 100 and older pages by cursor, then only newer ones with after', async () => {
    const venue = await createVenue(t.database.db);
    const rows = Array.from({ length: 130 }, (_, i) => ({
      senderId: bob.id,
      venueId: venue.id,
      messageType: 'venue' as const,
      content: `line ${i}`,
    }));
    await t.database.db.insert(messages).values(rows);
    const first = (await http.get(`/api/venues/${venue.id}/messages`, { as: ada })).json();
    expect(first).toHaveLength(100);
    expect(first[0].content).toBe('line 30');
    expect(first[99].content).toBe('line 129');
    const older = (await http.get(`/api/venues/${venue.id}/messages?before=${first[0].id}`, { as: ada })).json();
    expect(older.map((m: { content: string }) => m.content)).toEqual(Array.from({ length: 30 }, (_, i) => `line ${i}`));
    const none = await http.get(`/api/venues/${venue.id}/messages?after=${first[99].id}`, { as: ada });
    expect(none.json()).toEqual([]);
    const sent = (
      await http.post(`/api/venues/${venue.id}/messages`, { as: ada, body: { content: 'new one' } })
    ).json();
    const newer = (await http.get(`/api/venues/${venue.id}/messages?after=${first[99].id}`, { as: ada })).json();
    expect(newer.map((m: { id: number }) => m.id)).toEqual([sent.id]);
  });

  it('answers "nothing new" from memory, without a database round trip', async () => {
    const sent = (await http.post('/api/messages/global', { as: ada, body: { content: 'latest' } })).json();
    await http.get(`/api/messages/global?after=${sent.id}`); // warm the cache
    // Count every query from here on: the answer must come from memory.
    const db = t.database.db;
    const spy = { calls: 0 };
    const original = db.select.bind(db);
    (db as { select: unknown }).select = (...args: unknown[]) => {
      spy.calls++;
      return (original as (...a: unknown[]) => unknown)(...args);
    };
    try {
      const res = await http.get(`/api/messages/global?after=${sent.id}`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual([]);
      expect(spy.calls).toBe(0);
    } finally {
      (db as { select: unknown }).select = original;
    }
  });
});

describe('venue chat', () => {
  it('404s an unknown venue on read and send', async () => {
    expect((await http.get('/api/venues/999999/messages', { as: ada })).statusCode).toBe(404);
    const res = await http.post('/api/venues/999999/messages', { as: ada, body: { content: 'hello?' } });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Venue not found');
  });

  it('400s a malformed venue id', async () => {
    expect((await http.get('/api/venues/abc/messages', { as: ada })).statusCode).toBe(400);
  });

  it('keeps rooms apart: a venue message is not in the global room or another venue', async () => {
    const v1 = await createVenue(t.database.db);
    const v2 = await createVenue(t.database.db);
    const sent = (
      await http.post(`/api/venues/${v1.id}/messages`, { as: bob, body: { content: 'only in v1' } })
    ).json();
    expect(sent).toMatchObject({ messageType: 'venue', venueId: v1.id });
    const ids = (url: string) => http.get(url, { as: ada }).then((r) => r.json().map((m: { id: number }) => m.id));
    expect(await ids(`/api/venues/${v1.id}/messages`)).toContain(sent.id);
    expect(await ids(`/api/venues/${v2.id}/messages`)).not.toContain(sent.id);
    expect(await ids('/api/messages/global')).not.toContain(sent.id);
  });
});

describe('live push', () => {
  it('pushes a new message to the sockets in its room only', async () => {
    const venue = await createVenue(t.database.db);
    const inGlobal = await connectWs(baseUrl, bob.cookie);
    const inVenue = await connectWs(baseUrl, bob.cookie);
    inGlobal.send({ type: 'subscribe', room: 'global' });
    inVenue.send({ type: 'subscribe', room: `venue:${venue.id}` });
    await new Promise((r) => setTimeout(r, 50));
    const g = (await http.post('/api/messages/global', { as: ada, body: { content: 'to the world' } })).json();
    const v = (
      await http.post(`/api/venues/${venue.id}/messages`, { as: ada, body: { content: 'to the venue' } })
    ).json();
    const got = await inGlobal.waitFor((e) => e.type === 'chat_message');
    expect(got).toMatchObject({
      type: 'chat_message',
      room: 'global',
      message: { id: g.id, content: 'to the world', senderName: 'Ada Lovelace' },
    });
    const gotV = await inVenue.waitFor((e) => e.type === 'chat_message');
    expect(gotV).toMatchObject({ room: `venue:${venue.id}`, message: { id: v.id } });
    expect(inGlobal.events.filter((e) => e.type === 'chat_message')).toHaveLength(1);
    expect(inVenue.events.filter((e) => e.type === 'chat_message')).toHaveLength(1);
    await inGlobal.close();
    await inVenue.close();
  });
});

describe('flood control', () => {
  it('allows 20 messages in 30 s, then 429 with Retry-After, storing and broadcasting nothing', async () => {
    const spammer = await registerUser(t.app, { firstName: 'Spam' });
    const listener = await connectWs(baseUrl, bob.cookie);
    listener.send({ type: 'subscribe', room: 'global' });
    await new Promise((r) => setTimeout(r, 50));
    for (let i = 0; i < 20; i++) {
      const r = await http.post('/api/messages/global', { as: spammer, body: { content: `msg ${i}` } });
      expect(r.statusCode).toBe(201);
    }
    await listener.waitFor(() => listener.events.filter((e) => e.type === 'chat_message').length === 20);
    const blocked = await http.post('/api/messages/global', { as: spammer, body: { content: 'one too many' } });
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect(blocked.json()).toMatchObject({
      message: 'You are sending messages too fast. Wait a moment.',
      code: 'RATE_LIMITED',
    });
    // Private messages share the budget.
    const pm = await http.post('/api/messages', { as: spammer, body: { receiverId: bob.id, content: 'psst' } });
    expect(pm.statusCode).toBe(429);
    await new Promise((r) => setTimeout(r, 100));
    expect(await t.database.db.$count(messages, eq(messages.content, 'one too many'))).toBe(0);
    expect(listener.events.filter((e) => e.type === 'chat_message')).toHaveLength(20);
    // Another user is not affected.
    expect((await http.post('/api/messages/global', { as: ada, body: { content: 'still fine' } })).statusCode).toBe(
      201,
    );
    await listener.close();
  });
});
