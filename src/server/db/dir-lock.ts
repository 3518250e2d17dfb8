/**
 * PGlite does not lock its data directory, and two processes writing one directory corrupt it.
 * This lock file makes a second process fail at once with a clear message instead.
 */
import fs from 'node:fs';
import path from 'node:path';

export interface DirLock {
  release(): void;
}

export class DataDirInUseError extends Error {
  constructor(dir: string, pid: number) {
    super(
      `The data directory ${dir} is in use by another CrowdMix process (pid ${pid}). ` +
        'Stop that process, or point DATA_DIR at another directory.',
    );
    this.name = 'DataDirInUseError';
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Lock files this process holds, so that a lock naming our own pid can be told held from stale. */
const heldHere = new Set<string>();

/**
 * Takes the directory's lock file, replacing a stale one left by a process that died. A lock naming this
 * very pid is stale unless this process took it: in a container the restarted server often gets the pid
 * (1) of the one that was killed.
 */
export function acquireDirLock(dir: string): DirLock {
  const file = path.join(path.resolve(dir), 'crowdmix.lock');
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      // Written aside and linked into place, so that nobody ever reads a lock file without its pid.
      const draft = `${file}.${process.pid}.${Date.now()}`;
      fs.writeFileSync(draft, String(process.pid));
      try {
        fs.linkSync(draft, file);
      } finally {
        fs.rmSync(draft, { force: true });
      }
      heldHere.add(file);
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        heldHere.delete(file);
        process.off('exit', release);
        try {
          if (fs.readFileSync(file, 'utf8').trim() === String(process.pid)) fs.unlinkSync(file);
        } catch {
          /* already gone */
        }
      };
      process.once('exit', release);
      return { release };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const pid = Number.parseInt(fs.readFileSync(file, 'utf8').trim(), 10);
      if (pid === process.pid ? heldHere.has(file) : Number.isFinite(pid) && isAlive(pid))
        throw new DataDirInUseError(dir, pid);
      fs.rmSync(file, { force: true });
    }
  }
  throw new Error(`Could not take the lock on ${dir}`);
}
