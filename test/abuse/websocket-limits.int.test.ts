/**
 * Findings 1, 3 and 5 of issue 13, reproduced against the real server on loopback: a websocket flood must not
 * freeze the server (a message budget closes the socket with 1008, a cap bounds the messages waiting, and the
 * event loop turns between messages), the hub's rooms must not leak (unknown or hidden rooms are refused, empty
 * rooms deleted, K rooms a socket), and nobody may hold unlimited sockets (N a user, the oldest closed; M anonymous
 * ones an address). Counts are bounded; no timing is asserted (the figures are in `npm run bench -- --only=wsabuse`).
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onlineUsers } from '../../src/server/db/schema';
import type { ClientMessage } from '../../src/shared/realtime';
import { createVenue } from '../helpers/factories';
import { api, createTestApp, eventually, listenOnLoopback, registerUser, type TestApp } from '../helpers/test-app';
import { connectWs, settle, type WsTestClient } from '../helpers/ws-client';

/** Counts the client messages the hub has handled so far (the hub is asked through its public method). */
function countHandled(t: TestApp) {
  const counter = { handled: 0 };
  const hub = t.deps.hub;
  const handle = hub.handle.bind(hub);
  hub.handle = async (client, message) => {
    counter.handled += 1;
    return handle(client, message);
  };
  return counter;
}

/** Sends `count` frames in one go, as fast as the client can write them. */
function flood(ws: WsTestClient, count: number, message: ClientMessage) {
  const frame = JSON.stringify(message);
  for (let i = 0; i < count; i++) ws.sendRaw(frame);
}

/** A /livez request made over real HTTP while the flood is under way; resolves with what the server handled then. */
async function livezDuring(baseUrl: string, counter: { handled: number }) {
  const res = await fetch(`${baseUrl}/livez`);
  const handledWhenAnswered = counter.handled;
  expect(res.status).toBe(200);
  expect(await res.json()).toEqual({ status: 'ok' });
  return handledWhenAnswered;
}

describe('finding 1: a websocket flood does not freeze the server', () => {
  describe('with the default budget (20 a second, bursts of 40)', () => {
    let t: TestApp;
    let baseUrl: string;
    beforeAll(async () => {
      t = await createTestApp();
      baseUrl = await listenOnLoopback(t.app);
    });
    afterAll(async () => t?.close());

    it('closes an anonymous socket that sends 5,000 subscribe frames with 1008, and /livez answers meanwhile', async () => {
      const counter = countHandled(t);
      const venue = await createVenue(t.database.db);
      const attacker = await connectWs(baseUrl);
      flood(attacker, 5_000, { type: 'subscribe', room: `venue:${venue.id}` });
      const handledAtLivez = await livezDuring(baseUrl, counter);
      const { code, reason } = await attacker.closedWith;
      expect(code).toBe(1008);
      expect(reason).toMatch(/too many messages/i);
      // The budget let the burst through and dropped the rest unhandled.
      expect(counter.handled).toBeLessThan(60);
      expect(handledAtLivez).toBeLessThan(5_000);
      // Others are served as before.
      const other = await connectWs(baseUrl);
      await settle(other);
      await other.close();
    });

    it('counts presence frames of a signed-in user against the same budget', async () => {
      const ada = await registerUser(t.app);
      const venue = await createVenue(t.database.db);
      const socket = await connectWs(baseUrl, ada.cookie);
      flood(socket, 1_000, { type: 'presence', venueId: venue.id });
      const { code } = await socket.closedWith;
      expect(code).toBe(1008);
      // The socket's presence went with it.
      await eventually(async () =>
        expect(await t.database.db.$count(onlineUsers, eq(onlineUsers.userId, ada.id))).toBe(0),
      );
    });

    it('lets a normal client through: a few rooms, pings and presence well inside the budget', async () => {
      const bo = await registerUser(t.app);
      const venue = await createVenue(t.database.db);
      const socket = await connectWs(baseUrl, bo.cookie);
      for (let i = 0; i < 10; i++) {
        socket.send({ type: 'subscribe', room: 'global' });
        socket.send({ type: 'presence', venueId: venue.id });
        await settle(socket);
      }
      expect(socket.events.filter((e) => e.type === 'error')).toEqual([]);
      await socket.close();
      expect(await socket.closed).not.toBe(1008);
    });
  });

  describe('with a generous budget: the queue is capped and the event loop turns between messages', () => {
    let t: TestApp;
    let baseUrl: string;
    beforeAll(async () => {
      t = await createTestApp({
        WS_MESSAGES_PER_SECOND: '1000000',
        WS_MESSAGE_BURST: '1000000',
        WS_MAX_QUEUED_MESSAGES: '100000',
      });
      baseUrl = await listenOnLoopback(t.app);
    });
    afterAll(async () => t?.close());

    it('answers /livez in the middle of 2,000 queued presence frames, not after them', async () => {
      const counter = countHandled(t);
      const ada = await registerUser(t.app);
      const venue = await createVenue(t.database.db);
      const socket = await connectWs(baseUrl, ada.cookie);
      flood(socket, 2_000, { type: 'presence', venueId: venue.id });
      // Let the server start on the backlog before asking.
      await eventually(async () => expect(counter.handled).toBeGreaterThan(0));
      const handledAtLivez = await livezDuring(baseUrl, counter);
      expect(handledAtLivez).toBeLessThan(2_000);
      await socket.close();
    });
  });

  describe('with a small queue cap', () => {
    let t: TestApp;
    let baseUrl: string;
    beforeAll(async () => {
      t = await createTestApp({
        WS_MESSAGES_PER_SECOND: '1000000',
        WS_MESSAGE_BURST: '1000000',
        WS_MAX_QUEUED_MESSAGES: '10',
      });
      baseUrl = await listenOnLoopback(t.app);
    });
    afterAll(async () => t?.close());

    it('closes a socket whose unprocessed messages pass the cap with 1008, and drops them', async () => {
      const counter = countHandled(t);
      const ada = await registerUser(t.app);
      const venue = await createVenue(t.database.db);
      const socket = await connectWs(baseUrl, ada.cookie);
      flood(socket, 5_000, { type: 'presence', venueId: venue.id });
      const handledAtLivez = await livezDuring(baseUrl, counter);
      const { code, reason } = await socket.closedWith;
      expect(code).toBe(1008);
      expect(reason).toMatch(/too many messages/i);
      expect(handledAtLivez).toBeLessThan(5_000);
      expect(counter.handled).toBeLessThan(5_000);
    });
  });
});

describe('finding 3: hub rooms do not leak', () => {
  let t: TestApp;
  let baseUrl: string;
  beforeAll(async () => {
    t = await createTestApp({ WS_MAX_ROOMS_PER_SOCKET: '3' });
    baseUrl = await listenOnLoopback(t.app);
  });
  afterAll(async () => t?.close());

  it('returns to its starting room count after 1,000 subscribe/close cycles on real and made-up venues', async () => {
    const venue = await createVenue(t.database.db);
    const start = t.deps.hub.roomCount;
    expect(start).toEqual(expect.any(Number));
    const cycles = 1_000;
    const parallel = 10;
    let next = 0;
    const worker = async () => {
      for (let i = next++; i < cycles; i = next++) {
        const ws = await connectWs(baseUrl);
        ws.send({ type: 'subscribe', room: `venue:${venue.id}` });
        ws.send({ type: 'subscribe', room: `venue:${900_000 + i}` });
        // Half the sockets leave without waiting for the answers (the check may still be running on the server).
        if (i % 2) await settle(ws);
        await ws.close();
      }
    };
    await Promise.all(Array.from({ length: parallel }, worker));
    await eventually(async () => expect(t.deps.hub.size).toBe(0));
    expect(t.deps.hub.roomCount).toBe(start);
  }, 120_000);

  it('deletes a room when its last socket leaves it', async () => {
    const venue = await createVenue(t.database.db);
    const room = `venue:${venue.id}`;
    const start = t.deps.hub.roomCount;
    const a = await connectWs(baseUrl);
    const b = await connectWs(baseUrl);
    a.send({ type: 'subscribe', room });
    b.send({ type: 'subscribe', room });
    await Promise.all([settle(a), settle(b)]);
    expect(t.deps.hub.roomSize(room)).toBe(2);
    expect(t.deps.hub.roomCount).toBe(start + 1);
    a.send({ type: 'unsubscribe', room });
    await settle(a);
    expect(t.deps.hub.roomSize(room)).toBe(1);
    await b.close();
    await eventually(async () => expect(t.deps.hub.roomCount).toBe(start));
    await a.close();
  });

  it('refuses a venue that does not exist, a deactivated one, and a private playlist of someone else', async () => {
    const owner = await registerUser(t.app);
    const stranger = await registerUser(t.app);
    const http = api(t.app);
    const playlist = await http.post('/api/community-playlists', {
      as: owner,
      body: { name: 'Secret set', isPublic: false },
    });
    expect(playlist.statusCode).toBe(201);
    const closed = await createVenue(t.database.db, { isActive: false });
    const start = t.deps.hub.roomCount;
    const socket = await connectWs(baseUrl, stranger.cookie);
    for (const room of ['venue:999999', `venue:${closed.id}`, `playlist:${playlist.json().id}`]) {
      socket.send({ type: 'subscribe', room });
      await socket.waitFor((e) => e.type === 'error' && e.message.includes(room));
      expect(t.deps.hub.roomSize(room)).toBe(0);
    }
    expect(t.deps.hub.roomCount).toBe(start);
    await socket.close();
  });

  it('lets a socket hold at most WS_MAX_ROOMS_PER_SOCKET rooms (3 here); the next is refused', async () => {
    const venues = await Promise.all([1, 2, 3].map(() => createVenue(t.database.db)));
    const socket = await connectWs(baseUrl);
    socket.send({ type: 'subscribe', room: 'global' });
    socket.send({ type: 'subscribe', room: `venue:${venues[0].id}` });
    socket.send({ type: 'subscribe', room: `venue:${venues[1].id}` });
    // A room already held does not count twice.
    socket.send({ type: 'subscribe', room: 'global' });
    await settle(socket);
    expect(socket.events.filter((e) => e.type === 'error')).toEqual([]);
    socket.send({ type: 'subscribe', room: `venue:${venues[2].id}` });
    await socket.waitFor((e) => e.type === 'error' && /too many rooms/i.test(e.message));
    expect(t.deps.hub.roomSize(`venue:${venues[2].id}`)).toBe(0);
    // Leaving one makes space again.
    socket.send({ type: 'unsubscribe', room: 'global' });
    socket.send({ type: 'subscribe', room: `venue:${venues[2].id}` });
    await settle(socket);
    expect(t.deps.hub.roomSize(`venue:${venues[2].id}`)).toBe(1);
    await socket.close();
  });
});

describe('finding 5: sockets are limited per user and per address', () => {
  let t: TestApp;
  let baseUrl: string;
  beforeAll(async () => {
    t = await createTestApp({ WS_MAX_ANONYMOUS_SOCKETS_PER_ADDRESS: '3' });
    baseUrl = await listenOnLoopback(t.app);
  });
  afterAll(async () => t?.close());

  it("closes a user's oldest socket with 1008 when the 11th opens (default 10 a user)", async () => {
    const ada = await registerUser(t.app);
    const sockets: WsTestClient[] = [];
    for (let i = 0; i < 10; i++) sockets.push(await connectWs(baseUrl, ada.cookie));
    await eventually(async () =>
      expect(await t.database.db.$count(onlineUsers, eq(onlineUsers.userId, ada.id))).toBe(10),
    );
    const eleventh = await connectWs(baseUrl, ada.cookie);
    const { code, reason } = await sockets[0].closedWith;
    expect(code).toBe(1008);
    expect(reason).toMatch(/too many connections/i);
    for (const s of [...sockets.slice(1), eleventh]) await settle(s);
    await eventually(async () =>
      expect(await t.database.db.$count(onlineUsers, eq(onlineUsers.userId, ada.id))).toBe(10),
    );
    const hello = sockets[0].events.find((e) => e.type === 'hello');
    expect(hello?.type === 'hello' && hello.socketId).toBeTruthy();
    const oldestId = hello?.type === 'hello' ? hello.socketId : '';
    expect(
      await t.database.db.$count(onlineUsers, and(eq(onlineUsers.userId, ada.id), eq(onlineUsers.socketId, oldestId))),
    ).toBe(0);
    // Another user is not affected.
    const bo = await registerUser(t.app);
    const boSocket = await connectWs(baseUrl, bo.cookie);
    await settle(boSocket);
    await Promise.all([...sockets, eleventh, boSocket].map((s) => s.close()));
  });

  it('refuses anonymous sockets past the per-address cap (3 here), and not those of another address', async () => {
    const anon: WsTestClient[] = [];
    for (let i = 0; i < 3; i++) anon.push(await connectWs(baseUrl, undefined, { localAddress: '127.0.0.1' }));
    await expect(connectWs(baseUrl, undefined, { localAddress: '127.0.0.1' })).rejects.toThrow(/429/);
    // Another address, and a signed-in user at the same address, still get in.
    const elsewhere = await connectWs(baseUrl, undefined, { localAddress: '127.0.0.2' });
    await settle(elsewhere);
    const cy = await registerUser(t.app);
    const signedIn = await connectWs(baseUrl, cy.cookie, { localAddress: '127.0.0.1' });
    await settle(signedIn);
    // A closed socket frees its place.
    await anon[0].close();
    await eventually(async () => {
      const again = await connectWs(baseUrl, undefined, { localAddress: '127.0.0.1' });
      anon.push(again);
    });
    await Promise.all([...anon.slice(1), elsewhere, signedIn].map((s) => s.close()));
  });
});
