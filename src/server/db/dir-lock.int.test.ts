/**
 * PGlite's data directory lock with real server processes (src/server/serve.ts) started on one temporary DATA_DIR:
 * a second one is refused at once; a lock left by a killed one is taken over. PGlite only (PostgreSQL has no
 * data directory of ours), so the PostgreSQL project skips it.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { killServers, startServerProcess, type ServerProcess } from '../../../test/helpers/server-process';
import { createTestDataDir, testDriver } from '../../../test/helpers/test-db';

const dirs: string[] = [];
const procs: ServerProcess[] = [];
/** A data directory holding the migrated snapshot (removed after each test). */
const dataDirWithSchema = async () => {
  const d = await createTestDataDir();
  dirs.push(d);
  return d;
};
afterEach(async () => {
  await killServers(procs);
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

describe.skipIf(testDriver === 'pg')('data directory lock (real server processes)', () => {
  it('refuses a second server on a held directory at once, and the first keeps serving', async () => {
    const dataDir = await dataDirWithSchema();
    const first = await startServerProcess({ DATA_DIR: dataDir });
    procs.push(first);
    await first.ready();
    const second = await startServerProcess({ DATA_DIR: dataDir });
    procs.push(second);
    const { code } = await second.exited;
    expect(code).not.toBe(0);
    // At once: it stopped before serving anything (no wait for the lock, no URL printed).
    expect(second.output()).not.toContain('CrowdMix →');
    expect(second.output()).toContain(
      `The data directory ${dataDir} is in use by another CrowdMix process (pid ${first.child.pid})`,
    );
    expect(second.output()).toContain('point DATA_DIR at another directory');
    // A clear message, not a stack trace.
    expect(second.output()).not.toMatch(/\n\s+at /);
    expect((await fetch(`${first.url}/readyz`)).status).toBe(200);
    expect(fs.readFileSync(path.join(dataDir, 'crowdmix.lock'), 'utf8')).toBe(String(first.child.pid));
  }, 150_000);

  it('takes over the lock of a server that was killed with SIGKILL', async () => {
    const dataDir = await dataDirWithSchema();
    const first = await startServerProcess({ DATA_DIR: dataDir });
    procs.push(first);
    await first.ready();
    first.child.kill('SIGKILL');
    expect((await first.exited).signal).toBe('SIGKILL');
    // The dead process's lock is still there…
    expect(fs.readFileSync(path.join(dataDir, 'crowdmix.lock'), 'utf8')).toBe(String(first.child.pid));
    // …and the next server replaces it and serves from the same data.
    const next = await startServerProcess({ DATA_DIR: dataDir });
    procs.push(next);
    await next.ready();
    expect(fs.readFileSync(path.join(dataDir, 'crowdmix.lock'), 'utf8')).toBe(String(next.child.pid));
  }, 150_000);
});
