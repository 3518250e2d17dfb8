/**
 * The real server process (src/server/serve.ts, as the build runs it): graceful shutdown on SIGTERM and SIGINT, with a websocket client and
 * a connection that never sent a request open, on PGlite (the data directory's lock is released) and on PostgreSQL.
 */
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import {
  killServers,
  preparedDataDir,
  removePreparedDataDirs,
  startServerProcess,
  type ServerProcess,
} from '../../test/helpers/server-process';
import { createTestDatabase, testDriver, type TestDatabase } from '../../test/helpers/test-db';

const procs: ServerProcess[] = [];
const databases: TestDatabase[] = [];
afterEach(async () => {
  await killServers(procs);
  for (const d of databases.splice(0)) await d.close();
});
afterAll(removePreparedDataDirs);

/** Environment for a server on this run's driver: a PGlite data directory, or a fresh PostgreSQL database. */
async function databaseEnv(): Promise<{ env: Record<string, string>; dataDir?: string }> {
  if (testDriver === 'pg') {
    const database = await createTestDatabase();
    databases.push(database);
    // The server opens its own pool; ours is only needed to drop the database afterwards.
    return { env: { DATABASE_URL: database.url! } };
  }
  const dataDir = await preparedDataDir();
  return { env: { DATA_DIR: dataDir }, dataDir };
}

describe(`graceful shutdown of the real server (${testDriver})`, () => {
  it.each(['SIGTERM', 'SIGINT'] as const)(
    '%s closes sockets and exits 0, releasing a PGlite data directory',
    async (signal) => {
      const { env, dataDir } = await databaseEnv();
      const server = await startServerProcess({ ...env, LOG_LEVEL: 'info' });
      procs.push(server);
      await server.ready();
      if (dataDir) expect(fs.existsSync(path.join(dataDir, 'crowdmix.lock'))).toBe(true);

      const ws = new WebSocket(`${server.url.replace('http', 'ws')}/ws`);
      await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
      const wsClosed = new Promise<number>((resolve) => ws.once('close', (code) => resolve(code)));
      // A browser opens connections before it has a request for them (preconnect): one that never sends a request
      // must not hold the shutdown (Node counts it as busy until its headers time out, ~70 s).
      const preconnect = net.connect(Number(new URL(server.url).port), '127.0.0.1');
      await new Promise((resolve, reject) => preconnect.once('connect', resolve).once('error', reject));
      const preconnectClosed = new Promise((resolve) => preconnect.once('close', resolve));

      const sentAt = Date.now();
      server.child.kill(signal);
      const { code, signal: killedBy } = await server.exited;
      expect({ code, killedBy }).toEqual({ code: 0, killedBy: null });
      // Well inside the 10 s after which serve.ts gives up and exits 1.
      expect(Date.now() - sentAt).toBeLessThan(9_000);
      await wsClosed;
      await preconnectClosed;
      expect(server.output()).toContain('"msg":"shutting down"');
      expect(server.output()).toContain(`"signal":"${signal}"`);
      if (dataDir) expect(fs.existsSync(path.join(dataDir, 'crowdmix.lock'))).toBe(false);
      // The port is free again.
      await expect(fetch(`${server.url}/livez`)).rejects.toThrow();
    },
    150_000,
  );
});
