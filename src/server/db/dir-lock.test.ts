/**
 * PGlite's data directory lock: in process, and with real server processes (src/server/main.ts) started on
 * one temporary DATA_DIR — a second one is refused at once; a lock left by a killed one is taken over.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import {
  preparedDataDir,
  removePreparedDataDirs,
  startServerProcess,
  type ServerProcess,
} from '../../../test/helpers/server-process';
import { acquireDirLock, DataDirInUseError } from './dir-lock';

const dirs: string[] = [];
const procs: ServerProcess[] = [];
const tempDir = () => {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), 'crowdmix-lock-'));
  dirs.push(d);
  return d;
};
afterEach(async () => {
  for (const p of procs.splice(0)) {
    if (p.child.exitCode === null && p.child.signalCode === null) {
      p.child.kill('SIGKILL');
      await p.exited;
    }
  }
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});
afterAll(removePreparedDataDirs);

/** The pid of a process that has certainly ended. */
function deadPid(): number {
  const r = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']);
  return Number(r.stdout.toString());
}

describe('data directory lock (in process)', () => {
  it('refuses a directory this process already holds, and frees it on release', () => {
    const dir = tempDir();
    const lock = acquireDirLock(dir);
    expect(fs.readFileSync(path.join(dir, 'crowdmix.lock'), 'utf8')).toBe(String(process.pid));
    expect(() => acquireDirLock(dir)).toThrow(DataDirInUseError);
    expect(() => acquireDirLock(dir)).toThrow(/is in use by another CrowdMix process/);
    lock.release();
    expect(fs.existsSync(path.join(dir, 'crowdmix.lock'))).toBe(false);
    acquireDirLock(dir).release();
  });

  it('refuses a directory a live process holds', () => {
    const dir = tempDir();
    // pid 1 is always alive.
    fs.writeFileSync(path.join(dir, 'crowdmix.lock'), '1');
    expect(() => acquireDirLock(dir)).toThrow(
      `The data directory ${dir} is in use by another CrowdMix process (pid 1)`,
    );
  });

  it('takes over a lock left by a dead process, or by an earlier run that had our pid (container restart)', () => {
    const dir = tempDir();
    fs.writeFileSync(path.join(dir, 'crowdmix.lock'), String(deadPid()));
    const a = acquireDirLock(dir);
    expect(fs.readFileSync(path.join(dir, 'crowdmix.lock'), 'utf8')).toBe(String(process.pid));
    a.release();
    fs.writeFileSync(path.join(dir, 'crowdmix.lock'), String(process.pid));
    const b = acquireDirLock(dir);
    b.release();
    fs.writeFileSync(path.join(dir, 'crowdmix.lock'), 'garbage');
    acquireDirLock(dir).release();
    // No draft files are left behind.
    expect(fs.readdirSync(dir)).toEqual([]);
  });
});

describe('data directory lock (real server processes)', () => {
  it('refuses a second server on a held directory at once, and the first keeps serving', async () => {
    const dataDir = await preparedDataDir();
    const first = await startServerProcess({ DATA_DIR: dataDir });
    procs.push(first);
    await first.ready();
    const started = Date.now();
    const second = await startServerProcess({ DATA_DIR: dataDir });
    procs.push(second);
    const { code } = await second.exited;
    expect(code).not.toBe(0);
    expect(Date.now() - started).toBeLessThan(20_000);
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
    const dataDir = await preparedDataDir();
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
