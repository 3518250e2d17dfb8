/** Sessions live in the database: they survive a restart, expire, and are swept. */
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { sessions, users } from '../db/schema';
import { api, createTestApp, registerUser, type TestApp } from '../../../test/helpers/test-app';
import { createTestDataDir, createTestDatabase, testDriver } from '../../../test/helpers/test-db';
import { statementsDuring } from '../../../test/helpers/statements';
import { createUser } from '../../../test/helpers/factories';
import { CACHE_RECHECK_MS, hashToken, SESSION_COOKIE } from './session';

const tokenOf = (cookie: string) => cookie.slice(`${SESSION_COOKIE}=`.length);

describe(`a session survives a server restart (${testDriver})`, () => {
  const cleanup: Array<() => Promise<void> | void> = [];
  afterAll(async () => {
    for (const c of cleanup.reverse()) await c();
  });

  /** Configuration on storage that outlives one app: a PGlite directory on disk or a PostgreSQL database. */
  async function persistentEnv(): Promise<Record<string, string>> {
    if (testDriver === 'pg') {
      const database = await createTestDatabase();
      cleanup.push(() => database.close());
      return { DATABASE_URL: database.url! };
    }
    const dir = await createTestDataDir();
    cleanup.push(() => fs.rmSync(dir, { recursive: true, force: true }));
    return { DATA_DIR: dir };
  }

  it('keeps the user signed in across a restart, and the new server sweeps what expired meanwhile, shortly after its start', async () => {
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      SEED_DEMO: 'false',
      ...(await persistentEnv()),
    });
    const first = await buildApp(config, { logger: false });
    await first.app.ready();
    const user = await registerUser(first.app);
    const other = await registerUser(first.app);
    // This one expires while the server is down.
    await first.deps.db
      .update(sessions)
      .set({ expire: new Date(Date.now() - 1000) })
      .where(eq(sessions.sid, hashToken(tokenOf(other.cookie))));
    await first.close();

    const second = await buildApp(config, { logger: false, firstSessionSweepMs: 50 });
    cleanup.push(() => second.close());
    await second.app.ready();
    const me = await api(second.app).get('/api/auth/user', { as: user });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ id: user.id, email: user.email });
    expect((await api(second.app).get('/api/auth/user', { as: other })).statusCode).toBe(401);

    // The first sweep waits after the start (a minute; 50 ms here), so that the first requests have the database to
    // themselves.
    await second.start();
    const sids = async () => (await second.deps.db.select({ sid: sessions.sid }).from(sessions)).map((r) => r.sid);
    await vi.waitFor(async () => expect(await sids()).not.toContain(hashToken(tokenOf(other.cookie))), {
      timeout: 10_000,
    });
    expect(await sids()).toContain(hashToken(tokenOf(user.cookie)));
  });
});

describe('session expiry', () => {
  let t: TestApp;
  // The app's clock: moved forward to pass the session cache's recheck interval and the sessions' expiry.
  let offset = 0;
  beforeAll(async () => {
    t = await createTestApp({ SESSION_TTL_DAYS: '7' }, { now: () => Date.now() + offset });
  });
  afterAll(async () => t?.close());

  it('stores only a hash of the cookie token and expires the session after SESSION_TTL_DAYS', async () => {
    const before = Date.now();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { email: 'ttl@example.test', password: 'long enough', firstName: 'T', lastName: 'L' },
    });
    const setCookie = String(res.headers['set-cookie']);
    expect(setCookie).toMatch(new RegExp(`Max-Age=${7 * 86_400}(;|$)`));
    const token = /crowdmix_sid=([^;]+)/.exec(setCookie)![1];
    const rows = await t.deps.db
      .select()
      .from(sessions)
      .where(eq(sessions.sid, hashToken(token)));
    expect(rows).toHaveLength(1);
    const stored = await t.deps.db
      .select({ n: sql<number>`count(*)::int` })
      .from(sessions)
      .where(eq(sessions.sid, token));
    expect(stored[0].n).toBe(0);
    const ttl = rows[0].expire.getTime() - before;
    expect(ttl).toBeGreaterThan(7 * 86_400_000 - 60_000);
    expect(ttl).toBeLessThan(7 * 86_400_000 + 60_000);
  });

  it('answers an expired cookie with 401, and sweep() deletes expired sessions only', async () => {
    const expired = await registerUser(t.app);
    const live = await registerUser(t.app);
    const sid = hashToken(tokenOf(expired.cookie));
    expect((await api(t.app).get('/api/auth/user', { as: expired })).statusCode).toBe(200);
    await t.deps.db
      .update(sessions)
      .set({ expire: new Date(Date.now() - 1) })
      .where(eq(sessions.sid, sid));
    // The instance cached the session when it was live; it asks the table again once CACHE_RECHECK_MS has passed.
    offset = CACHE_RECHECK_MS;
    const res = await api(t.app).get('/api/auth/user', { as: expired });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ message: 'Unauthorized' });

    expect(await t.deps.sessions.sweep()).toBeGreaterThanOrEqual(1);
    expect(await t.deps.db.select().from(sessions).where(eq(sessions.sid, sid))).toHaveLength(0);
    expect((await api(t.app).get('/api/auth/user', { as: live })).statusCode).toBe(200);
    expect(await t.deps.sessions.sweep()).toBe(0);
    // The user is untouched; only the session went.
    expect(await t.deps.db.select().from(users).where(eq(users.id, expired.id))).toHaveLength(1);
  });

  it('ignores a cookie that is not one of ours instead of failing', async () => {
    for (const cookie of [`${SESSION_COOKIE}=`, `${SESSION_COOKIE}=${'x'.repeat(500)}`, `${SESSION_COOKIE}=%E0%A4%A`]) {
      const res = await api(t.app).get('/api/auth/user', { as: { cookie } });
      expect(res.statusCode).toBe(401);
    }
  });
});

describe('the session cache is bounded (SESSION_CACHE_MAX)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ SESSION_CACHE_MAX: '5' });
  });
  afterAll(async () => t?.close());

  it('holds at most SESSION_CACHE_MAX sessions, last-seen times and recent sign-outs, however many sign in', async () => {
    const user = await registerUser(t.app);
    const store = t.deps.sessions;
    const tokens = await Promise.all(Array.from({ length: 20 }, () => store.create(user.id)));
    for (const token of tokens) {
      const found = await store.userFor(token);
      expect(found?.user.id).toBe(user.id);
      store.touch(found!.sid);
    }
    for (const token of tokens.slice(0, 12)) await store.destroyBySid(hashToken(token));
    expect(store.held).toEqual({ sessions: expect.any(Number), touched: 5, ended: 5 });
    expect(store.held.sessions).toBeLessThanOrEqual(5);
    // An evicted session is read from the table again: the last one is still valid, the first ended.
    expect((await store.userFor(tokens[19]))?.user.id).toBe(user.id);
    expect(await store.userFor(tokens[0])).toBeNull();
  });
});

describe('sessions not cached yet (ADR 048)', () => {
  it('are looked up together when their requests come at once, each request signed in as its own user', async () => {
    const t = await createTestApp();
    try {
      const http = api(t.app);
      const people = await Promise.all(Array.from({ length: 20 }, () => createUser(t.deps.db)));
      // Sessions this instance has never looked up.
      const tokens = await Promise.all(people.map((p) => t.deps.sessions.create(p.id)));
      let answers: { statusCode: number; json: () => { id: string } }[] = [];
      const texts = await statementsDuring(t.database, async () => {
        answers = await Promise.all(
          tokens.map((token) => http.get('/api/auth/user', { as: { cookie: `${SESSION_COOKIE}=${token}` } })),
        );
      });
      expect(answers.map((a) => a.statusCode)).toEqual(people.map(() => 200));
      expect(answers.map((a) => a.json().id)).toEqual(people.map((p) => p.id));
      const lookups = texts.filter((text) => /from "sessions" inner join "users"/.test(text));
      expect(lookups.length).toBeGreaterThan(0);
      expect(lookups.length).toBeLessThanOrEqual(5);
    } finally {
      await t.close();
    }
  });
});

describe('last-seen times (ADR 048)', () => {
  const longAgo = new Date('2026-01-01T00:00:00Z');

  /** Sessions of one new user whose last-seen time is long ago; returns their cookies. */
  async function staleSessions(t: { app: TestApp['app']; deps: TestApp['deps'] }, n: number) {
    const user = await registerUser(t.app);
    const tokens = await Promise.all(Array.from({ length: n }, () => t.deps.sessions.create(user.id)));
    const sids = tokens.map(hashToken);
    await t.deps.db.update(sessions).set({ lastSeenAt: longAgo }).where(inArray(sessions.sid, sids));
    const seenSince = async () =>
      t.deps.db.$count(sessions, and(inArray(sessions.sid, sids), gt(sessions.lastSeenAt, longAgo)));
    return { cookies: tokens.map((token) => `${SESSION_COOKIE}=${token}`), seenSince };
  }

  it('writes the sessions seen within a second together, in one statement, off the requests', async () => {
    const t = await createTestApp();
    try {
      const http = api(t.app);
      const { cookies, seenSince } = await staleSessions(t, 20);
      const texts = await statementsDuring(t.database, async () => {
        for (const cookie of cookies)
          expect((await http.get('/api/auth/user', { as: { cookie } })).statusCode).toBe(200);
        expect(await seenSince()).toBe(0);
        await vi.waitFor(async () => expect(await seenSince()).toBe(20), { timeout: 5_000, interval: 100 });
      });
      expect(texts.filter((text) => /^update "sessions"/.test(text))).toHaveLength(1);
    } finally {
      await t.close();
    }
  });

  it('writes the last-seen times still waiting when the app closes', async () => {
    const database = await createTestDatabase();
    try {
      const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', SEED_DEMO: 'false' });
      const built = await buildApp(config, { database, skipMigrations: true, logger: false });
      await built.app.ready();
      const { cookies, seenSince } = await staleSessions(built, 3);
      for (const cookie of cookies) await api(built.app).get('/api/auth/user', { as: { cookie } });
      await built.close();
      expect(await seenSince()).toBe(3);
    } finally {
      await database.close();
    }
  });
});
