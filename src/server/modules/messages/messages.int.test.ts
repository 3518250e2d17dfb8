import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { messages } from '../../db/schema';
import { createUser } from '../../../../test/helpers/factories';
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
let eve: TestUser;
let baseUrl: string;
beforeAll(async () => {
  t = await createTestApp();
  http = api(t.app);
  ada = await registerUser(t.app, { firstName: 'Ada', lastName: 'Lovelace' });
  bob = await registerUser(t.app, { firstName: 'Bob', lastName: 'Marley' });
  eve = await registerUser(t.app, { firstName: 'Eve', lastName: 'Outsider' });
  baseUrl = await listenOnLoopback(t.app);
});
afterAll(async () => t?.close());

const send = (from: TestUser, to: string, content: string) =>
  http.post('/api/messages', { as: from, body: { receiverId: to, content } });

describe('sending private messages', () => {
  it('sends to an existing user and returns the stored message', async () => {
    const res = await send(ada, bob.id, '  hi Bob  ');
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      senderId: ada.id,
      receiverId: bob.id,
      venueId: null,
      content: 'hi Bob',
      messageType: 'private',
      isRead: false,
      senderName: 'Ada Lovelace',
    });
  });

  it.each([
    [() => ({ receiverId: bob.id, content: '  ' }), 400, 'Message cannot be empty'],
    [() => ({ receiverId: bob.id, content: 'z'.repeat(2001) }), 400, 'Message must be at most 2000 characters'],
    [() => ({ content: 'no receiver' }), 400, 'receiverId is required'],
    [() => ({ receiverId: '', content: 'blank receiver' }), 400, 'receiverId is required'],
    [() => ({ receiverId: ada.id, content: 'me to me' }), 400, 'You cannot send a message to yourself'],
    [() => ({ receiverId: 'no-such-user', content: 'into the void' }), 404, 'That user does not exist'],
    [() => ({ receiverId: bob.id, content: 'x', isRead: true }), 400, 'Unknown field: isRead'],
  ])('refuses bad input %#', async (body, status, message) => {
    const before = await t.database.db.$count(messages);
    const res = await http.post('/api/messages', { as: ada, body: body() });
    expect(res.statusCode).toBe(status);
    expect(res.json().message).toBe(message);
    expect(await t.database.db.$count(messages)).toBe(before);
  });

  it('refuses visitors on every private route', async () => {
    for (const [method, url] of [
      ['GET', '/api/messages'],
      ['POST', '/api/messages'],
      ['GET', '/api/messages/conversations'],
      ['GET', '/api/messages/unread-count'],
      ['POST', '/api/messages/read'],
    ] as const) {
      const res = method === 'GET' ? await http.get(url) : await http.post(url, { body: {} });
      expect(res.statusCode, url).toBe(401);
    }
  });
});

describe('conversations, unread counts and read marks', () => {
  it('groups by the other person with the last message and unread counts, and clears them when read', async () => {
    const cat = await registerUser(t.app, { firstName: 'Cat' });
    const dan = await registerUser(t.app, { firstName: 'Dan' });
    await send(dan, cat.id, 'one');
    await send(dan, cat.id, 'two');
    await send(cat, dan.id, 'reply');
    const noName = await createUser(t.database.db, { firstName: null, lastName: null });
    await t.database.db
      .insert(messages)
      .values({ senderId: noName.id, receiverId: cat.id, content: 'from nobody', messageType: 'private' });

    const convs = (await http.get('/api/messages/conversations', { as: cat })).json();
    expect(convs).toHaveLength(2);
    expect(convs[0]).toMatchObject({
      otherUser: { id: noName.id, firstName: null },
      lastMessage: { content: 'from nobody', senderId: noName.id },
      unreadCount: 1,
    });
    expect(convs[1]).toMatchObject({
      otherUser: { id: dan.id, firstName: 'Dan' },
      lastMessage: { content: 'reply', senderId: cat.id },
      unreadCount: 2,
    });
    expect(JSON.stringify(convs)).not.toMatch(/email/);
    expect((await http.get('/api/messages/unread-count', { as: cat })).json()).toEqual({ count: 3 });
    // Dan's own view: his messages to Cat are not unread for him.
    expect((await http.get('/api/messages/unread-count', { as: dan })).json()).toEqual({ count: 1 });

    const thread = (await http.get(`/api/messages?with=${dan.id}`, { as: cat })).json();
    expect(thread.map((m: { content: string }) => m.content)).toEqual(['one', 'two', 'reply']);

    const read = await http.post('/api/messages/read', { as: cat, body: { otherUserId: dan.id } });
    expect(read.json()).toEqual({ updated: 2 });
    expect((await http.get('/api/messages/unread-count', { as: cat })).json()).toEqual({ count: 1 });
    const again = await http.post('/api/messages/read', { as: cat, body: { otherUserId: dan.id } });
    expect(again.json()).toEqual({ updated: 0 });
    // Marking read never touches the other direction.
    expect((await http.get('/api/messages/unread-count', { as: dan })).json()).toEqual({ count: 1 });
  });

  it('refuses a bad read body', async () => {
    expect((await http.post('/api/messages/read', { as: ada, body: {} })).statusCode).toBe(400);
    expect(
      (await http.post('/api/messages/read', { as: ada, body: { otherUserId: bob.id, all: true } })).statusCode,
    ).toBe(400);
  });

  it('pages a thread back by cursor', async () => {
    const p = await registerUser(t.app, { firstName: 'Pager' });
    const q = await createUser(t.database.db);
    await t.database.db.insert(messages).values(
      Array.from({ length: 105 }, (_, i) => ({
        senderId: q.id,
        receiverId: p.id,
        content: `m${i}`,
        messageType: 'private' as const,
      })),
    );
    const page1 = (await http.get(`/api/messages?with=${q.id}`, { as: p })).json();
    expect(page1).toHaveLength(100);
    expect(page1[0].content).toBe('m5');
    const page2 = (await http.get(`/api/messages?with=${q.id}&before=${page1[0].id}`, { as: p })).json();
    expect(page2.map((m: { content: string }) => m.content)).toEqual(['m0', 'm1', 'm2', 'm3', 'm4']);
  });
});

describe('an outsider sees no private message anywhere', () => {
  it('not in listings, threads, conversations, counts, read marks, chat rooms or websocket events', async () => {
    const eveSocket = await connectWs(baseUrl, eve.cookie);
    eveSocket.send({ type: 'subscribe', room: 'global' });
    const anonSocket = await connectWs(baseUrl);
    anonSocket.send({ type: 'subscribe', room: 'global' });
    const bobSocket = await connectWs(baseUrl, bob.cookie);
    const adaSocket = await connectWs(baseUrl, ada.cookie);

    const secret = (await send(ada, bob.id, 'the secret handshake')).json();
    const got = await bobSocket.waitFor((e) => e.type === 'private_message');
    expect(got).toMatchObject({ message: { id: secret.id, content: 'the secret handshake' } });
    // The sender's own tabs hear it too.
    await adaSocket.waitFor((e) => e.type === 'private_message' && e.message.id === secret.id);
    await http.post('/api/messages/read', { as: bob, body: { otherUserId: ada.id } });
    await bobSocket.waitFor((e) => e.type === 'messages_read');

    const body = (r: { body: string }) => r.body;
    for (const url of [
      '/api/messages',
      `/api/messages?with=${ada.id}`,
      `/api/messages?with=${bob.id}`,
      '/api/messages/conversations',
      '/api/messages/global',
    ]) {
      const res = await http.get(url, { as: eve });
      expect(res.statusCode, url).toBe(200);
      expect(body(res), url).not.toContain('secret handshake');
    }
    expect((await http.get('/api/messages/unread-count', { as: eve })).json()).toEqual({ count: 0 });
    // Eve cannot mark Bob's thread read on his behalf: only messages addressed to her are touched.
    await send(ada, bob.id, 'second secret');
    expect((await http.post('/api/messages/read', { as: eve, body: { otherUserId: ada.id } })).json()).toEqual({
      updated: 0,
    });
    const [row] = await t.database.db
      .select()
      .from(messages)
      .where(and(eq(messages.content, 'second secret')));
    expect(row.isRead).toBe(false);

    await new Promise((r) => setTimeout(r, 200));
    for (const s of [eveSocket, anonSocket]) {
      expect(JSON.stringify(s.events)).not.toContain('secret');
      expect(s.events.some((e) => e.type === 'private_message' || e.type === 'messages_read')).toBe(false);
    }
    await Promise.all([eveSocket, anonSocket, bobSocket, adaSocket].map((s) => s.close()));
  });
});
