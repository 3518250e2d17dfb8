/** The real server (`src/server/serve.ts`, built as `npm start` runs it: `entry.ts` loading its bundle) as a child process, for start-up and shutdown tests. */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { openDatabase } from '../../src/server/db/client';
import { migrate } from '../../src/server/db/migrate';

const root = path.resolve(import.meta.dirname, '../..');

/** A free TCP port on 127.0.0.1 (for a URL that must be known before the server listens). */
export async function freePort(): Promise<number> {
  const s = net.createServer();
  await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve));
  const { port } = s.address() as AddressInfo;
  await new Promise<void>((resolve) => s.close(() => resolve()));
  return port;
}

export interface ServerProcess {
  child: ChildProcess;
  port: number;
  url: string;
  /** Everything the process wrote so far, stdout and stderr together. */
  output(): string;
  /** Resolves once /readyz answers 200; rejects if the process exits first or `timeoutMs` passes. */
  ready(timeoutMs?: number): Promise<void>;
  /** Resolves with the exit code and signal when the process ends. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/**
 * The server as `npm start` runs it: under vitest the bundle built from this run's sources (`test/setup/server-bundle.ts`),
 * elsewhere (`npm run chaos`) `main.ts` through tsx.
 */
async function serverEntry(): Promise<string[]> {
  if (process.env.VITEST) return ['--enable-source-maps', (await import('vitest')).inject('serverBundle')];
  return ['--import', 'tsx', 'src/server/main.ts'];
}

export interface StartOptions {
  /** Node's arguments instead of the default entry (`--enable-source-maps <bundle>/server/main.js`). */
  args?: string[];
}

/** Starts the server on a free port with `env` on top of a clean production-like environment. */
export async function startServerProcess(
  env: Record<string, string>,
  options: StartOptions = {},
): Promise<ServerProcess> {
  const port = await freePort();
  const base = { ...process.env };
  // Never inherit the test runner's database or mode.
  for (const k of ['DATABASE_URL', 'DATA_DIR', 'APP_URL', 'TEST_DB_DRIVER', 'VITEST', 'OIDC_ISSUER_URL'])
    delete base[k];
  const child = spawn(process.execPath, options.args ?? (await serverEntry()), {
    cwd: root,
    env: {
      ...base,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
      CROWDMIX_PRINT_URL: 'false',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  let gone = false;
  void exited.then(() => (gone = true));
  const url = `http://127.0.0.1:${port}`;
  return {
    child,
    port,
    url,
    output: () => out,
    exited,
    async ready(timeoutMs = 90_000) {
      const until = Date.now() + timeoutMs;
      while (Date.now() < until) {
        if (gone) throw new Error(`the server exited before it was ready:\n${out}`);
        const ok = await fetch(`${url}/readyz`).then(
          (r) => r.ok,
          () => false,
        );
        if (ok) return;
        await new Promise((r) => setTimeout(r, 200));
      }
      throw new Error(`the server was not ready within ${timeoutMs} ms:\n${out}`);
    },
  };
}

/** Kills (SIGKILL) every server in `procs` still running and empties the list (call in afterEach). */
export async function killServers(procs: ServerProcess[]): Promise<void> {
  for (const p of procs.splice(0)) {
    if (p.child.exitCode === null && p.child.signalCode === null) {
      p.child.kill('SIGKILL');
      await p.exited;
    }
  }
}

let template: Promise<string> | undefined;
const prepared: string[] = [];

/**
 * A new DATA_DIR holding a created and migrated PGlite database. PGlite's initdb and the migrations take seconds
 * (about 8 s of CPU here), so under vitest the directory is written from the run's migrated snapshot (as
 * `createTestDataDir`), and elsewhere (`npm run chaos`) they run once per process; each caller gets a copy.
 */
export async function preparedDataDir(): Promise<string> {
  template ??= (async () => {
    if (process.env.VITEST) return (await import('./test-db')).createTestDataDir();
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'crowdmix-tpl-'));
    const database = await openDatabase({ dataDir: dir });
    await migrate(database);
    await database.close();
    return dir;
  })();
  const source = await template;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'crowdmix-data-'));
  fs.cpSync(source, dir, { recursive: true });
  prepared.push(dir);
  return dir;
}

/** Removes the template and every directory preparedDataDir handed out (call in afterAll). */
export async function removePreparedDataDirs(): Promise<void> {
  const source = template ? await template.catch(() => undefined) : undefined;
  template = undefined;
  for (const d of [...prepared.splice(0), ...(source ? [source] : [])]) fs.rmSync(d, { recursive: true, force: true });
}
