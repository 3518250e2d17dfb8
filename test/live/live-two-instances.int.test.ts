/**
 * Venue Live across two app instances on one PostgreSQL database (as behind a load balancer): a TV connected to
 * one instance sees every change made through the other, in version order, and either instance's sweep notices a
 * host device that went quiet. PostgreSQL only (PGlite is one process by construction); once over LISTEN/NOTIFY and
 * once over Redis pub/sub when TEST_REDIS_URL is set.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp, type BuiltApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import type { ServerEvent } from '../../src/shared/realtime';
import { LIVE_TIMING } from '../../src/shared/schemas/live';
import { createSong, createUser } from '../helpers/factories';
import { api, registerUser, type TestUser } from '../helpers/test-app';
import { createTestDatabase, testDriver, type TestDatabase } from '../helpers/test-db';
import { describePerTransport } from '../helpers/hub-transports';
import { connectWs, settle, type WsTestClient } from '../helpers/ws-client';

interface Instance {
  built: BuiltApp;
  url: string;
  http: ReturnType<typeof api>;
}

describePerTransport('Venue Live on two instances', testDriver === 'pg', (transport) => {
  let database: TestDatabase;
  let a: Instance;
  let b: Instance;
  let offset = 0;
  const sockets: WsTestClient[] = [];

  async function startInstance(): Promise<Instance> {
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      SEED_DEMO: 'false',
      DATABASE_URL: database.url!,
      ...transport.env(database.url!),
    });
    const built = await buildApp(config, { skipMigrations: true, logger: false, now: () => Date.now() + offset });
    await built.app.listen({ port: 0, host: '127.0.0.1' });
    await built.start();
    return {
      built,
      url: `http://127.0.0.1:${(built.app.server.address() as { port: number }).port}`,
      http: api(built.app),
    };
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

  async function patron(): Promise<TestUser> {
    const user = await createUser(database.db, { firstName: 'Remy', lastName: 'Ote' });
    const token = await a.built.deps.sessions.create(user.id);
    return { id: user.id, email: user.email!, firstName: 'Remy', lastName: 'Ote', cookie: `crowdmix_sid=${token}` };
  }

  it('shows the TV on instance B every change made through instance A', async () => {
    const owner = await registerUser(a.built.app);
    const venueId = (
      await a.http.post('/api/venues', { as: owner, body: { name: 'Two Rooms', location: 'Oslo', type: 'bar' } })
    ).json().id as number;
    const tv = await connectWs(b.url);
    sockets.push(tv);
    tv.send({ type: 'subscribe', room: `live:${venueId}` });
    await settle(tv);

    const deviceId = 'device-instance-a';
    expect(
      (await a.http.post(`/api/venues/${venueId}/live/session`, { as: owner, body: { deviceId } })).statusCode,
    ).toBe(200);
    await tv.waitFor((e) => e.type === 'live_state' && e.state.status === 'live');

    const code = (await a.http.get(`/api/venues/${venueId}/live/code`, { as: owner })).json().code as string;
    const [p, q] = [await patron(), await patron()];
    // Joining through either instance works: the code lives in the database.
    expect((await a.http.post('/api/live/join', { as: p, body: { code } })).statusCode).toBe(200);
    expect((await b.http.post('/api/live/join', { as: q, body: { code } })).statusCode).toBe(200);
    await tv.waitFor((e) => e.type === 'live_state' && e.state.presentCount === 2);

    const s1 = await createSong(database.db, { title: 'Across' });
    const s2 = await createSong(database.db, { title: 'The Bridge' });
    await a.http.post(`/api/venues/${venueId}/live/requests`, { as: p, body: { songId: s1.id } });
    const r = await a.http.post(`/api/venues/${venueId}/live/requests`, { as: p, body: { songId: s2.id } });
    expect(r.statusCode).toBe(201);
    await tv.waitFor((e) => e.type === 'live_request' && e.title === 'The Bridge');
    await a.http.post(`/api/live/entries/${r.json().entry.id}/vote`, { as: q, body: { value: 1 } });
    await tv.waitFor(
      (e) => e.type === 'live_state' && e.state.queue.some((x) => x.song.title === 'The Bridge' && x.netVotes === 1),
    );
    await a.http.post(`/api/venues/${venueId}/live/reactions`, { as: q, body: { emoji: '🙌' } });
    await tv.waitFor((e) => e.type === 'live_reaction' && e.emoji === '🙌');
    await b.http.post(`/api/venues/${venueId}/live/session`, {
      as: owner,
      body: { deviceId: 'device-instance-b', takeover: true },
    });
    await tv.waitFor((e) => e.type === 'live_host_takeover' && e.deviceId === 'device-instance-b');

    // The newest snapshot B's TV has equals what either instance answers now; versions only went up.
    await b.built.deps.state.live.idle();
    await new Promise((resolve) => setTimeout(resolve, 100));
    const states = tv.events.flatMap((e: ServerEvent) => (e.type === 'live_state' ? [e.state] : []));
    const versions = states.map((s) => s.version);
    expect([...versions].sort((x, y) => x - y)).toEqual(versions);
    const now = (await a.http.get(`/api/venues/${venueId}/live`)).json().state;
    expect(states.at(-1)!.version).toBe(now.version);
    expect(states.at(-1)!.queue).toEqual(now.queue.map((x: object) => ({ ...x, startsInSeconds: expect.any(Number) })));

    // The host device (on B) goes quiet: A's sweep notices, B's TV says so.
    offset += LIVE_TIMING.hostOfflineMs + 1000;
    expect((await a.built.deps.state.live.sweep()).offline).toBe(1);
    await tv.waitFor((e) => e.type === 'live_state' && e.state.status === 'offline');
  });
});
