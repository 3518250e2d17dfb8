/**
 * The built server's entry (src/server/entry.ts, ADR 042) as a real process: it writes V8's code cache after its
 * first start and starts from it after that; a cache V8 rejects, or one it cannot write, never stops a start; and
 * with source maps on, a stack trace names the sources, not the bundle.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, inject, it } from 'vitest';
import {
  killServers,
  preparedDataDir,
  removePreparedDataDirs,
  startServerProcess,
  type ServerProcess,
} from '../../test/helpers/server-process';
import { testDriver } from '../../test/helpers/test-db';

const procs: ServerProcess[] = [];
const dirs: string[] = [];
afterEach(async () => {
  await killServers(procs);
});
afterAll(async () => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
  await removePreparedDataDirs();
});

/** A copy of this run's build (entry, bundle, map, migrations) of its own, so that its cache starts empty. */
function copyOfTheBuild(): { entry: string; cache: string; serverDir: string } {
  const built = path.dirname(path.dirname(inject('serverBundle')));
  // Inside the project, as the build is: the bundle requires its external packages from node_modules.
  const dir = fs.mkdtempSync(path.join(path.dirname(built), 'entry-test-'));
  dirs.push(dir);
  fs.mkdirSync(path.join(dir, 'server'));
  for (const f of ['main.js', 'server.cjs', 'server.cjs.map'])
    fs.copyFileSync(path.join(built, 'server', f), path.join(dir, 'server', f));
  fs.cpSync(path.join(built, 'drizzle'), path.join(dir, 'drizzle'), { recursive: true });
  const serverDir = path.join(dir, 'server');
  return { entry: path.join(serverDir, 'main.js'), cache: path.join(serverDir, 'server.cjs.cache'), serverDir };
}

/** The `codeCache` field of the server's "CrowdMix is running" log line, once it is written. */
async function codeCacheOutcome(server: ServerProcess): Promise<string> {
  for (let i = 0; i < 200; i++) {
    const line = server
      .output()
      .split('\n')
      .find((l) => l.includes('CrowdMix is running'));
    if (line) return (JSON.parse(line) as { codeCache: string }).codeCache;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`no "CrowdMix is running" line:\n${server.output()}`);
}

async function waitForFile(file: string, differentFrom?: Buffer): Promise<Buffer> {
  for (let i = 0; i < 200; i++) {
    try {
      const bytes = fs.readFileSync(file);
      if (!differentFrom || !bytes.equals(differentFrom)) return bytes;
    } catch {
      // Not written yet.
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`${file} was not written`);
}

async function start(entry: string, env: Record<string, string> = {}) {
  const server = await startServerProcess(
    { DATA_DIR: await preparedDataDir(), LOG_LEVEL: 'info', ...env },
    { args: [entry] },
  );
  procs.push(server);
  return server;
}

/**
 * Reads, a sign-up (its password hashing loads argon2, a package outside the bundle, on first use) and the API
 * docs (loaded on first use too): code the start itself did not run, compiled with the cache's script.
 */
async function everythingAnswers(server: ServerProcess) {
  expect((await fetch(`${server.url}/api/mix/global`)).status).toBe(200);
  const signUp = await fetch(`${server.url}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      email: `cache-${Date.now()}@example.com`,
      password: 'correct horse battery',
      firstName: 'Ann',
      lastName: 'Lee',
    }),
  });
  expect(signUp.status, await signUp.clone().text()).toBe(201);
  expect((await fetch(`${server.url}/api/docs/json`)).status).toBe(200);
}

async function stop(server: ServerProcess) {
  server.child.kill('SIGTERM');
  expect((await server.exited).code).toBe(0);
}

// The cache is the same whatever the database: run with PGlite only.
describe.runIf(testDriver === 'pglite')('the built server and V8’s code cache', () => {
  it('writes the cache once its first start is done, and the next start compiles from it (the file left as it was)', async () => {
    const build = copyOfTheBuild();
    const first = await start(build.entry);
    await first.ready();
    expect(await codeCacheOutcome(first)).toBe('compiled');
    const written = await waitForFile(build.cache);
    expect(written.length).toBeGreaterThan(100_000);
    await stop(first);

    const second = await start(build.entry);
    await second.ready();
    expect(await codeCacheOutcome(second)).toBe('used');
    await everythingAnswers(second);
    await stop(second);
    expect(fs.readFileSync(build.cache).equals(written)).toBe(true);
    // Nothing but the build and its cache in the folder (no draft left behind).
    expect(fs.readdirSync(build.serverDir).sort()).toEqual([
      'main.js',
      'server.cjs',
      'server.cjs.cache',
      'server.cjs.map',
    ]);
  });

  it('a cache that does not match the bundle is rejected: the server starts from source and writes it again', async () => {
    const build = copyOfTheBuild();
    const garbage = Buffer.from('not a code cache, or the cache of another build'.repeat(100));
    fs.writeFileSync(build.cache, garbage);
    const server = await start(build.entry);
    await server.ready();
    expect(await codeCacheOutcome(server)).toBe('rejected');
    await everythingAnswers(server);
    const rewritten = await waitForFile(build.cache, garbage);
    expect(rewritten.length).toBeGreaterThan(100_000);
  });

  it('a cache it cannot write only means none: the server starts and serves, and leaves no draft behind', async () => {
    const build = copyOfTheBuild();
    // A directory where the cache file would go: it can be neither read as a cache nor replaced by one.
    fs.mkdirSync(build.cache);
    fs.writeFileSync(path.join(build.cache, 'keep'), '');
    const server = await start(build.entry);
    await server.ready();
    expect(await codeCacheOutcome(server)).toBe('compiled');
    expect((await fetch(`${server.url}/api/mix/global`)).status).toBe(200);
    await stop(server);
    expect(fs.statSync(build.cache).isDirectory()).toBe(true);
    expect(fs.readdirSync(build.serverDir).sort()).toEqual([
      'main.js',
      'server.cjs',
      'server.cjs.cache',
      'server.cjs.map',
    ]);
  });

  it('with source maps on (npm start), a stack trace names the source files, not the bundle', async () => {
    const build = copyOfTheBuild();
    // A data directory that is a file: opening it fails with an unexpected error, printed with its stack.
    const notADirectory = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'crowdmix-file-')), 'data');
    dirs.push(path.dirname(notADirectory));
    fs.writeFileSync(notADirectory, '');
    const server = await startServerProcess(
      { DATA_DIR: notADirectory, LOG_LEVEL: 'info' },
      { args: ['--enable-source-maps', build.entry] },
    );
    procs.push(server);
    expect((await server.exited).code).toBe(1);
    const out = server.output();
    // The very line and column of the call that failed (the bundle's wrapper line must not shift the mapping).
    const source = fs.readFileSync(path.resolve('src/server/db/client.ts'), 'utf8').split('\n');
    const line = source.findIndex((l) => l.includes('fs.mkdirSync(dataDir')) + 1;
    const column = source[line - 1]!.indexOf('mkdirSync') + 1;
    expect(line).toBeGreaterThan(0);
    expect(out).toContain(`at openPglite (${path.resolve('src/server/db/client.ts')}:${line}:${column})`);
    expect(out).not.toMatch(/server\.cjs:\d+/);
  });
});
