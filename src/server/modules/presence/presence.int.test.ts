import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { MOODS } from '../../../shared/constants';
import { onlineUsers, users } from '../../db/schema';
import { createVenue } from '../../../../test/helpers/factories';
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
import type { Client } from '../../realtime/hub';
import { Presence } from './presence.service';

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

const onlineIds = async (as: TestUser, url = '/api/users/online') => {
  const res = await http.get(url, { as });
  expect(res.statusCode).toBe(200);
  return res.json() as {
    id: string;
    currentVenueId: number | null;
    venueName: string | null;
    currentMood: string | null;
    firstName: string | null;
  }[];
};

describe('presence', () => {
  it('lists a user while a socket is open, once however many tabs, and drops them when the last closes', async () => {
    expect((await onlineIds(bob)).map((u) => u.id)).not.toContain(ada.id);
    const tab1 = await connectWs(baseUrl, ada.cookie);
    const tab2 = await connectWs(baseUrl, ada.cookie);
    const list = await eventually(async () => {
      const l = await onlineIds(bob);
      expect(l.filter((u) => u.id === ada.id)).toHaveLength(1);
      return l;
    });
    expect(list.find((u) => u.id === ada.id)).toMatchObject({
      firstName: 'Ada',
      currentVenueId: null,
      venueName: null,
    });
    expect(JSON.stringify(list)).not.toMatch(/email/);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, ada.id));
    expect(row.isOnline).toBe(true);

    await tab1.close();
    await eventually(async () =>
      expect(await t.database.db.$count(onlineUsers, eq(onlineUsers.userId, ada.id))).toBe(1),
    );
    expect((await onlineIds(bob)).map((u) => u.id)).toContain(ada.id);
    await tab2.close();
    await eventually(async () => expect((await onlineIds(bob)).map((u) => u.id)).not.toContain(ada.id));
    const [after] = await t.database.db.select().from(users).where(eq(users.id, ada.id));
    expect(after.isOnline).toBe(false);
  });

  it('does not track anonymous sockets', async () => {
    const before = await t.database.db.$count(onlineUsers);
    const anon = await connectWs(baseUrl);
    await new Promise((r) => setTimeout(r, 100));
    expect(await t.database.db.$count(onlineUsers)).toBe(before);
    anon.send({ type: 'presence', venueId: null });
    await anon.waitFor((e) => e.type === 'error' && /Sign in/.test(e.message));
    await anon.close();
  });

  it('a presence message puts the user in a venue; the venue lists them; unknown venues are refused', async () => {
    const venue = await createVenue(t.database.db, { name: 'The Blue Note' });
    const other = await createVenue(t.database.db);
    const sock = await connectWs(baseUrl, bob.cookie);
    sock.send({ type: 'presence', venueId: venue.id });
    await eventually(async () => {
      const inVenue = await onlineIds(ada, `/api/venues/${venue.id}/users`);
      expect(inVenue.map((u) => u.id)).toEqual([bob.id]);
    });
    const everyone = await onlineIds(ada);
    expect(everyone.find((u) => u.id === bob.id)).toMatchObject({
      currentVenueId: venue.id,
      venueName: 'The Blue Note',
    });
    expect(await onlineIds(ada, `/api/venues/${other.id}/users`)).toEqual([]);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, bob.id));
    expect(row.currentVenueId).toBe(venue.id);

    sock.send({ type: 'presence', venueId: 987654 });
    await sock.waitFor((e) => e.type === 'error' && e.message === 'Venue not found');
    sock.send({ type: 'presence', venueId: null });
    await eventually(async () => expect(await onlineIds(ada, `/api/venues/${venue.id}/users`)).toEqual([]));
    await sock.close();
  });

  it('404s the users of an unknown venue and 401s visitors', async () => {
    expect((await http.get('/api/venues/424242/users', { as: ada })).statusCode).toBe(404);
    expect((await http.get('/api/venues/1/users')).statusCode).toBe(401);
    expect((await http.get('/api/users/online')).statusCode).toBe(401);
  });

  it('publishes presence_changed when someone comes online', async () => {
    const watcher = await connectWs(baseUrl, ada.cookie);
    const other = await connectWs(baseUrl, bob.cookie);
    await watcher.waitFor((e) => e.type === 'presence_changed');
    await Promise.all([watcher.close(), other.close()]);
  });

  it('expires entries that stop refreshing, while live sockets of this instance are kept fresh', async () => {
    const live = await connectWs(baseUrl, bob.cookie);
    await eventually(async () => expect((await onlineIds(ada)).map((u) => u.id)).toContain(bob.id));
    // A socket row left behind by a crashed instance, last seen 2 minutes ago.
    const ghost = await registerUser(t.app, { firstName: 'Ghost' });
    await t.database.db
      .insert(onlineUsers)
      .values({ socketId: 'ghost-socket', userId: ghost.id, lastActivity: new Date(Date.now() - 120_000) });
    // Bob's live row looks old too, but his socket is still open here.
    await t.database.db
      .update(onlineUsers)
      .set({ lastActivity: new Date(Date.now() - 120_000) })
      .where(eq(onlineUsers.userId, bob.id));
    expect((await onlineIds(ada)).map((u) => u.id)).not.toContain(ghost.id);

    const removed = await t.deps.state.presence.sweep();
    expect(removed).toBeGreaterThanOrEqual(1);
    expect(await t.database.db.$count(onlineUsers, eq(onlineUsers.socketId, 'ghost-socket'))).toBe(0);
    expect((await onlineIds(ada)).map((u) => u.id)).toContain(bob.id);
    await live.close();
  });

  it('refreshes lastActivity on a client ping', async () => {
    const sock = await connectWs(baseUrl, bob.cookie);
    await eventually(async () =>
      expect(await t.database.db.$count(onlineUsers, eq(onlineUsers.userId, bob.id))).toBe(1),
    );
    const old = new Date(Date.now() - 50_000);
    await t.database.db.update(onlineUsers).set({ lastActivity: old }).where(eq(onlineUsers.userId, bob.id));
    // The throttle lets a ping through once 15 s have passed since the last refresh of this socket.
    const realNow = Date.now;
    Date.now = () => realNow() + 16_000;
    try {
      sock.send({ type: 'ping' });
      await eventually(async () => {
        const [row] = await t.database.db.select().from(onlineUsers).where(eq(onlineUsers.userId, bob.id));
        expect(row.lastActivity.getTime()).toBeGreaterThan(old.getTime() + 10_000);
      });
    } finally {
      Date.now = realNow;
    }
    await sock.close();
  });
});

describe('GET /api/users/:id', () => {
  it("shows another user's public fields only, 404s an unknown id and 401s visitors", async () => {
    const res = await http.get(`/api/users/${bob.id}`, { as: ada });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      id: bob.id,
      firstName: 'Bob',
      lastName: 'Marley',
      profileImageUrl: null,
      currentMood: null,
    });
    expect((await http.get('/api/users/nobody-here', { as: ada })).statusCode).toBe(404);
    expect((await http.get(`/api/users/${bob.id}`)).statusCode).toBe(401);
  });
});

describe('moods', () => {
  it.each(MOODS.map((m) => m.id))('sets the mood %s on oneself and records when', async (mood) => {
    const res = await http.patch(`/api/users/${ada.id}/mood`, { as: ada, body: { mood } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: ada.id, currentMood: mood });
    expect(Date.now() - Date.parse(res.json().moodUpdatedAt)).toBeLessThan(60_000);
  });

  it("clears with '' and shows the mood to others in the online list", async () => {
    await http.patch(`/api/users/${bob.id}/mood`, { as: bob, body: { mood: 'party' } });
    const sock = await connectWs(baseUrl, bob.cookie);
    await eventually(async () =>
      expect((await onlineIds(ada)).find((u) => u.id === bob.id)?.currentMood).toBe('party'),
    );
    const cleared = await http.patch(`/api/users/${bob.id}/mood`, { as: bob, body: { mood: '' } });
    expect(cleared.json().currentMood).toBeNull();
    expect((await onlineIds(ada)).find((u) => u.id === bob.id)?.currentMood).toBeNull();
    await sock.close();
  });

  it("refuses to set another user's mood with 403 and changes nothing", async () => {
    await http.patch(`/api/users/${bob.id}/mood`, { as: bob, body: { mood: 'chill' } });
    const res = await http.patch(`/api/users/${bob.id}/mood`, { as: ada, body: { mood: 'party' } });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('You can only change your own mood');
    const [row] = await t.database.db.select().from(users).where(eq(users.id, bob.id));
    expect(row.currentMood).toBe('chill');
  });

  it.each([
    [{ mood: 'angry' }],
    [{ mood: 'CHILL' }],
    [{ mood: null }],
    [{}],
    [{ mood: 'chill', userId: 'x' }],
    [{ mood: ['chill'] }],
  ])('refuses the bad body %j with 400', async (body) => {
    const res = await http.patch(`/api/users/${ada.id}/mood`, { as: ada, body });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/mood must be one of|Unknown field/);
  });

  it('refuses visitors with 401', async () => {
    expect((await http.patch(`/api/users/${ada.id}/mood`, { body: { mood: 'chill' } })).statusCode).toBe(401);
  });
});

/**
 * The app's database, and a view of it whose first `execute` (a socket's row write) waits until `release` is called:
 * what a busy pool may do to one connection's statement while another runs.
 */
function holdFirstStatement() {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  const db = t.database.db;
  let statements = 0;
  const slowDb = new Proxy(db, {
    get(target, key, receiver) {
      if (key !== 'execute') return Reflect.get(target, key, receiver);
      return async (query: Parameters<typeof db.execute>[0]) => {
        if (statements++ === 0) await held;
        return target.execute(query);
      };
    },
  });
  return { db, slowDb, release };
}

describe('a socket that closes before its row is written', () => {
  it('leaves no row behind (the removal waits for the write; on a pool the delete could land first)', async () => {
    const user = await registerUser(t.app, { firstName: 'Quick' });
    // The row's write is held back until the socket has closed, as a busy pool may do.
    const { db, slowDb, release } = holdFirstStatement();
    const presence = new Presence({ db: slowDb, hub: t.deps.hub, log: t.app.log });
    const client = { socketId: 'quick-socket', userId: user.id } as Client;
    const connecting = presence.connected(client);
    const disconnecting = presence.disconnected(client);
    release();
    await Promise.all([connecting, disconnecting]);
    presence.stop();
    expect(await db.$count(onlineUsers, eq(onlineUsers.socketId, 'quick-socket'))).toBe(0);
  });
});

describe("a presence message that arrives before the socket's row is written", () => {
  it('puts the user in the venue (the move waits for the write; on a pool it could land first and move nothing)', async () => {
    const user = await registerUser(t.app, { firstName: 'Early' });
    const venue = await createVenue(t.database.db, { name: 'Early Bird Bar' });
    // The row's write is held back until the presence message was handled.
    const { db, slowDb, release } = holdFirstStatement();
    const presence = new Presence({ db: slowDb, hub: t.deps.hub, log: t.app.log });
    const client = { socketId: 'early-socket', userId: user.id } as Client;
    const connecting = presence.connected(client);
    const entering = presence.enterVenue(client, venue.id);
    // Let the venue check and anything not waiting for the row run first, as a second pool connection would.
    await new Promise((r) => setTimeout(r, 50));
    release();
    await Promise.all([connecting, entering]);
    presence.stop();
    const [row] = await db.select().from(onlineUsers).where(eq(onlineUsers.socketId, 'early-socket'));
    expect(row?.venueId).toBe(venue.id);
    await presence.disconnected(client);
  });
});

describe("a socket's row and its user's online flag", () => {
  it('change together: after every statement, a user with a socket row is marked online and in its venue (a reader never sees one without the other)', async () => {
    const user = await registerUser(t.app, { firstName: 'Steady' });
    const venue = await createVenue(t.database.db);
    const db = t.database.db;
    const seen: {
      rows: number;
      stale?: boolean;
      isOnline: boolean;
      socketVenue: number | null;
      userVenue: number | null;
    }[] = [];
    const check = async () => {
      const all = await db.select().from(onlineUsers).where(eq(onlineUsers.userId, user.id));
      const sockets = all.filter((r) => r.lastActivity.getTime() > Date.now() - 60_000);
      const [row] = await db.select().from(users).where(eq(users.id, user.id));
      seen.push({
        rows: sockets.length,
        ...(all.length > sockets.length ? { stale: true } : {}),
        isOnline: row.isOnline,
        socketVenue: sockets[0]?.venueId ?? null,
        userVenue: row.currentVenueId,
      });
    };
    // Every statement the presence code runs is followed by a look at the two tables, as a concurrent reader may.
    const stepped = <T extends object>(target: T): T =>
      new Proxy(target, {
        get(obj, key) {
          const value = Reflect.get(obj, key, obj) as unknown;
          if (key === 'then' && typeof value === 'function') {
            return (ok: (v: unknown) => unknown, fail: (e: unknown) => unknown) =>
              (value as PromiseLike<unknown>['then'])
                .call(obj, async (v: unknown) => (await check(), v))
                .then(ok, fail);
          }
          if (typeof value !== 'function') return value;
          return (...args: unknown[]) => {
            const out = (value as (...a: unknown[]) => unknown).apply(obj, args);
            return out && typeof out === 'object' ? stepped(out) : out;
          };
        },
      });
    const presence = new Presence({ db: stepped(db), hub: t.deps.hub, log: t.app.log });
    const client = { socketId: 'steady-socket', userId: user.id } as Client;
    await presence.connected(client);
    await presence.enterVenue(client, venue.id);
    await presence.enterVenue(client, null);
    await presence.disconnected(client);
    // A row left behind by a crashed instance, swept once stale.
    await db.insert(onlineUsers).values({ socketId: 'steady-ghost', userId: user.id });
    await db.update(users).set({ isOnline: true }).where(eq(users.id, user.id));
    await db
      .update(onlineUsers)
      .set({ lastActivity: new Date(Date.now() - 120_000) })
      .where(eq(onlineUsers.socketId, 'steady-ghost'));
    expect(await presence.sweep()).toBe(1);
    presence.stop();
    expect(seen.length).toBeGreaterThan(0);
    // A stale row counts as gone: the list shows fresh rows only.
    expect(seen.filter((s) => s.rows > 0 && !s.isOnline && !s.stale)).toEqual([]);
    // Until the sweep, a crashed instance's stale row leaves its user marked online; once the row is gone, so is that.
    expect(seen.filter((s) => s.rows === 0 && !s.stale && s.isOnline)).toEqual([]);
    expect(seen.filter((s) => s.socketVenue !== s.userVenue)).toEqual([]);
    expect(seen.some((s) => s.userVenue === venue.id)).toBe(true);
    expect(seen.at(-1)).toEqual({ rows: 0, isOnline: false, socketVenue: null, userVenue: null });
  });
});
