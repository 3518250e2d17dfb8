/** PGlite's data directory lock, in process (the real server processes are in dir-lock.int.test.ts). */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { acquireDirLock, DataDirInUseError } from './dir-lock';

const dirs: string[] = [];
const tempDir = () => {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), 'crowdmix-lock-'));
  dirs.push(d);
  return d;
};
afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

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
