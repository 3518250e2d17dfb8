/**
 * Scale-out, demonstrated: two app instances on one PostgreSQL database, as behind a load balancer. Sessions,
 * realtime events (through LISTEN/NOTIFY, and again through Redis pub/sub when TEST_REDIS_URL is set) and presence
 * are shared; nothing lives in one instance's memory
 * that the other needs. The vote case is in src/server/modules/votes/votes.int.test.ts; this covers the rest.
 * PGlite is one process by construction, so the suite only runs on the PostgreSQL project.
 */
import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp, type BuiltApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { seedDemoData } from '../../src/server/db/seed';
import { FORMER_MEMBER_ID } from '../../src/server/db/schema';
import type { SearchResponse } from '../../src/shared/schemas/search';
import { createSong, fakeYoutubeId } from '../helpers/factories';
import { multipartBody } from '../helpers/multipart';
import { cookieFrom, registerUser, type TestUser } from '../helpers/test-app';
import { createTestDatabase, testDriver, type TestDatabase } from '../helpers/test-db';
import { cutRedisSubscribers, describePerTransport } from '../helpers/hub-transports';
import { connectWs, settle, type WsTestClient } from '../helpers/ws-client';

interface Instance {
  built: BuiltApp;
  url: string;
}

describePerTransport('two app instances on one PostgreSQL database', testDriver === 'pg', (transport) => {
  let database: TestDatabase;
  let a: Instance;
  let b: Instance;
  const sockets: WsTestClient[] = [];

  async function startInstance(): Promise<Instance> {
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      SEED_DEMO: 'false',
      DATABASE_URL: database.url!,
      ...transport.env(database.url!),
    });
    const built = await buildApp(config, { skipMigrations: true, logger: false });
    expect(built.deps.hub.transport?.name).toBe(transport.name);
    await built.app.listen({ port: 0, host: '127.0.0.1' });
    await built.start();
    return { built, url: `http://127.0.0.1:${(built.app.server.address() as { port: number }).port}` };
  }

  async function socket(instance: Instance, user?: TestUser) {
    const ws = await connectWs(instance.url, user?.cookie);
    sockets.push(ws);
    return ws;
  }

  beforeAll(async () => {
    database = await createTestDatabase();
    a = await startInstance();
    b = await startInstance();
  });

  afterAll(async () => {
    await Promise.all(sockets.map((s) => s.close()));
    await a?.built.close();
    await b?.built.close();
    await database?.close();
  });

  it('accepts on one instance a session created on the other, and ends it everywhere on sign-out', async () => {
    const user = await registerUser(a.built.app);
    const me = await b.built.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie: user.cookie } });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ id: user.id, email: user.email });

    // Signed in on B, signed out on A: the session is gone for B too.
    const login = await b.built.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: user.email, password: 'correct horse battery' },
    });
    expect(login.statusCode).toBe(200);
    const cookie = cookieFrom(login);
    expect((await a.built.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie } })).statusCode).toBe(
      200,
    );
    // B has the session in its cache (it answered with it) and a socket open with it.
    expect((await b.built.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie } })).statusCode).toBe(
      200,
    );
    const onB = await socket(b, { ...user, cookie });
    expect(
      (await a.built.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie } })).statusCode,
    ).toBe(204);
    // A's `session_ended` signal reaches B through the transport: B closes the session's socket and forgets the session.
    const code = await Promise.race([
      onB.closed,
      new Promise<string>((r) => setTimeout(() => r('still open after 3 s'), 3000)),
    ]);
    expect(code).toBe(4401);
    expect((await b.built.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie } })).statusCode).toBe(
      401,
    );
  });

  it("delivers a global chat message sent through one instance to the other's sockets, and to its history", async () => {
    const sender = await registerUser(a.built.app);
    const listener = await registerUser(b.built.app);
    const ws = await socket(b, listener);
    ws.send({ type: 'subscribe', room: 'global' });
    await settle(ws);

    const res = await a.built.app.inject({
      method: 'POST',
      url: '/api/messages/global',
      headers: { cookie: sender.cookie },
      payload: { content: 'Hello from instance A' },
    });
    expect(res.statusCode).toBe(201);
    const sent = res.json();
    const event = await ws.waitFor((e) => e.type === 'chat_message' && e.message.id === sent.id, 5000);
    expect(event).toMatchObject({
      type: 'chat_message',
      room: 'global',
      message: { id: sent.id, content: 'Hello from instance A', senderId: sender.id },
    });
    // B's "nothing new" poll cache heard the message too: polling B for newer messages returns it.
    const poll = await b.built.app.inject({
      method: 'GET',
      url: `/api/messages/global?after=${sent.id - 1}`,
      headers: { cookie: listener.cookie },
    });
    expect(poll.json().map((m: { id: number }) => m.id)).toContain(sent.id);
  });

  it("delivers a playlist change made through one instance to the other's sockets watching that playlist", async () => {
    const owner = await registerUser(a.built.app);
    const watcher = await registerUser(b.built.app);
    const created = await a.built.app.inject({
      method: 'POST',
      url: '/api/community-playlists',
      headers: { cookie: owner.cookie },
      payload: { name: 'Across instances' },
    });
    expect(created.statusCode).toBe(201);
    const playlistId = created.json().id as number;
    const ws = await socket(b, watcher);
    ws.send({ type: 'subscribe', room: `playlist:${playlistId}` });
    await settle(ws);

    // Joining through A changes the playlist (its member count): B's watcher hears of it.
    const joined = await a.built.app.inject({
      method: 'POST',
      url: `/api/community-playlists/${playlistId}/join`,
      headers: { cookie: watcher.cookie },
    });
    expect(joined.statusCode).toBe(200);
    await ws.waitFor((e) => e.type === 'playlist_changed' && e.playlistId === playlistId, 5000);
    const members = await b.built.app.inject({
      method: 'GET',
      url: `/api/community-playlists/${playlistId}/members`,
      headers: { cookie: watcher.cookie },
    });
    expect(members.json().map((m: { userId: string }) => m.userId)).toEqual(
      expect.arrayContaining([owner.id, watcher.id]),
    );
  });

  it("keeps every instance's search answers current: a song added or voted on through one shows on the other", async () => {
    const uploader = await registerUser(a.built.app);
    const ws = await socket(b);
    await settle(ws);
    const searchOnB = async () =>
      (await b.built.app.inject({ method: 'GET', url: '/api/search?q=crossinstance' })).json() as SearchResponse;
    expect((await searchOnB()).songs).toEqual([]);
    expect(b.built.deps.state.searchCache.size).toBeGreaterThan(0); // B answers "crossinstance" from memory now

    const { payload, headers } = multipartBody({
      type: 'youtube',
      title: 'Crossinstance Anthem',
      artist: 'Two Hosts',
      youtubeUrl: `https://youtu.be/${fakeYoutubeId()}`,
    });
    const uploaded = await a.built.app.inject({
      method: 'POST',
      url: '/api/songs',
      payload,
      headers: { ...headers, cookie: uploader.cookie },
    });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    // B's cache listens to the same events its sockets get: once this socket has it, the cache has been emptied.
    await ws.waitFor((e) => e.type === 'songs_changed', 5000);
    const found = (await searchOnB()).songs;
    expect(found.map((s) => [s.title, s.upVotes])).toEqual([['Crossinstance Anthem', 0]]);

    const voted = await a.built.app.inject({
      method: 'POST',
      url: '/api/votes',
      headers: { cookie: uploader.cookie },
      payload: { songId: found[0].id, voteType: 'up' },
    });
    expect(voted.statusCode, voted.body).toBeLessThan(300);
    await ws.waitFor((e) => e.type === 'vote_update' && e.songId === found[0].id, 5000);
    expect((await searchOnB()).songs[0]).toMatchObject({ id: found[0].id, upVotes: 1, userVote: null });
  });

  it('makes its channel connection again after it is cut, re-reads what it may have missed, and hears events again', async () => {
    const voter = await registerUser(a.built.app);
    const song = await createSong(database.db, { title: 'Through the cut' });
    const songOn = async (i: Instance) =>
      (
        (await i.built.app.inject({ method: 'GET', url: '/api/mix/global' })).json().songs as {
          id: number;
          upVotes: number;
        }[]
      ).find((x) => x.id === song.id);
    expect(await songOn(b)).toMatchObject({ upVotes: 0 }); // B's mix cache holds the song now
    const ws = await socket(b);

    if (transport.name === 'redis') {
      // Cut both instances' Redis subscriber connections (they are made again within milliseconds).
      expect(await cutRedisSubscribers(database.url!)).toBe(2);
    } else {
      // Cut every LISTEN connection of this database (both instances') and wait until they are gone.
      const listeners = await database.db.execute(
        sql`select pid from pg_stat_activity where datname = current_database() and query ilike 'listen%'`,
      );
      const pids = (listeners as unknown as { rows: { pid: number }[] }).rows.map((r) => r.pid);
      expect(pids.length).toBeGreaterThanOrEqual(2);
      for (const pid of pids) await database.db.execute(sql`select pg_terminate_backend(${pid})`);
      for (let i = 0; i < 100; i++) {
        const left = await database.db.execute(
          sql`select count(*)::int as n from pg_stat_activity where pid = any(${`{${pids.join(',')}}`}::int[])`,
        );
        if ((left as unknown as { rows: { n: number }[] }).rows[0].n === 0) break;
        await new Promise((r) => setTimeout(r, 20));
      }
    }

    // A vote while B cannot hear: B learns of the gap when it reconnects, tells its sockets and re-reads.
    const res = await a.built.app.inject({
      method: 'POST',
      url: '/api/votes',
      headers: { cookie: voter.cookie },
      payload: { songId: song.id, voteType: 'up' },
    });
    expect(res.statusCode).toBe(200);
    await ws.waitFor((e) => e.type === 'resync', 10_000);
    expect(await songOn(b)).toMatchObject({ upVotes: 1 });

    // And the channel works again: the next vote through A reaches B's socket as an event.
    const other = await registerUser(a.built.app);
    await a.built.app.inject({
      method: 'POST',
      url: '/api/votes',
      headers: { cookie: other.cookie },
      payload: { songId: song.id, voteType: 'up' },
    });
    const update = await ws.waitFor(
      (e) => e.type === 'vote_update' && e.songId === song.id && e.voteCount.upVotes === 2,
      5000,
    );
    expect(update).toMatchObject({ voteCount: { upVotes: 2, downVotes: 0 } });
  });

  it('shows a user connected to one instance as online on the other, and offline once they leave', async () => {
    const visitor = await registerUser(a.built.app);
    const observer = await registerUser(b.built.app);
    const onlineOnB = async () => {
      const res = await b.built.app.inject({
        method: 'GET',
        url: '/api/users/online',
        headers: { cookie: observer.cookie },
      });
      expect(res.statusCode).toBe(200);
      return (res.json() as { id: string }[]).map((u) => u.id);
    };
    expect(await onlineOnB()).not.toContain(visitor.id);
    const watching = await socket(b, observer);
    // The observer's own arrival is announced first (by B); what comes after is news from A.
    await watching.waitFor((e) => e.type === 'presence_changed', 5000);
    const before = watching.events.length;
    const newsSince = (n: number) => () => watching.events.slice(n).some((e) => e.type === 'presence_changed');

    const ws = await socket(a, visitor);
    await watching.waitFor(newsSince(before), 5000);
    expect(await onlineOnB()).toContain(visitor.id);

    const seen = watching.events.length;
    await ws.close();
    await watching.waitFor(newsSince(seen), 5000);
    expect(await onlineOnB()).not.toContain(visitor.id);
  });

  it.runIf(transport.name === 'postgres')(
    'starts two instances at once on an empty database: one migrates and seeds, the other waits and finds it done',
    async () => {
      const base = process.env.TEST_DATABASE_URL!;
      const name = `crowdmix_t_empty_${crypto.randomBytes(4).toString('hex')}`;
      const admin = new pg.Client({ connectionString: base });
      await admin.connect();
      await admin.query(`create database ${name}`);
      const url = new URL(base);
      url.pathname = `/${name}`;
      const built: BuiltApp[] = [];
      try {
        const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', SEED_DEMO: 'true', DATABASE_URL: url.href });
        // As serve.ts does at every start, on two instances at the same moment.
        const starts = await Promise.allSettled(
          [0, 1].map(async () => {
            const app = await buildApp(config, { logger: false });
            built.push(app);
            return seedDemoData(app.deps.db);
          }),
        );
        expect(starts.map((s) => (s.status === 'rejected' ? String(s.reason) : 'started'))).toEqual([
          'started',
          'started',
        ]);
        expect(starts.map((s) => (s.status === 'fulfilled' ? s.value : null)).sort()).toEqual([false, true]);
        // The demo's people, seeded once (the "Former member" placeholder comes with the migrations, not the seed).
        const count = await built[0].deps.db.execute(
          sql`select count(*)::int n from users where id <> ${FORMER_MEMBER_ID}`,
        );
        expect((count as unknown as { rows: { n: number }[] }).rows[0].n).toBe(8);
      } finally {
        for (const app of built) await app.close();
        await admin.query(`drop database if exists ${name} with (force)`);
        await admin.end();
      }
    },
  );
});
