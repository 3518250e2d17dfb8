// Starts and stops the real built server (and the bare baseline programs) as child processes on loopback.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { freePort, sleep } from './util.mjs';

/** Polls `url` until it answers 200, or throws after `timeoutMs`. Returns the time it took. */
export async function waitFor(url, timeoutMs = 60_000, child) {
  const t0 = performance.now();
  for (;;) {
    if (child && child.exitCode !== null)
      throw new Error(`process exited with ${child.exitCode} before ${url} answered`);
    try {
      const res = await fetch(url);
      if (res.ok) return performance.now() - t0;
    } catch {
      /* not listening yet */
    }
    if (performance.now() - t0 > timeoutMs) throw new Error(`${url} did not answer within ${timeoutMs} ms`);
    await sleep(5);
  }
}

/** Starts dist/server/main.js of `buildDir` against `db` ({databaseUrl} or {dataDir}); resolves once /readyz answers. */
export async function startApp({ buildDir, db, extraEnv = {}, timeoutMs = 120_000 }) {
  const port = await freePort();
  const env = {
    ...process.env,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    LOG_LEVEL: 'warn',
    SEED_DEMO: 'false',
    CROWDMIX_PRINT_URL: 'false',
    DATABASE_URL: db.databaseUrl ?? '',
    DATA_DIR: db.dataDir ?? '',
    ...extraEnv,
  };
  const t0 = performance.now();
  // BENCH_PROFILE_DIR: write a V8 CPU profile of every app process there (to find what a figure costs).
  const prof = process.env.BENCH_PROFILE_DIR
    ? [
        ...(process.env.BENCH_PROFILE_INTERVAL ? ['--cpu-prof-interval', process.env.BENCH_PROFILE_INTERVAL] : []),
        '--cpu-prof',
        `--cpu-prof-dir=${process.env.BENCH_PROFILE_DIR}`,
      ]
    : [];
  const child = spawn(process.execPath, [...prof, path.join(buildDir, 'server/main.js')], {
    env,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  await waitFor(`${url}/readyz`, timeoutMs, child);
  return { url, port, child, readyMs: performance.now() - t0, stop: () => stopChild(child) };
}

/** Runs a baseline script from bench/baselines with a PORT; resolves once `readyPath` answers. */
export async function startBaseline(script, { readyPath = '/', env = {} } = {}) {
  const port = await freePort();
  const child = spawn(process.execPath, [path.resolve('bench/baselines', script)], {
    env: { ...process.env, PORT: String(port), ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  await waitFor(url + readyPath, 30_000, child);
  return { url, port, child, stop: () => stopChild(child) };
}

/** SIGTERM, then SIGKILL after 10 s; resolves when the process is gone. */
export function stopChild(child) {
  if (child.exitCode !== null || child.signalCode) return Promise.resolve();
  return new Promise((resolve) => {
    const kill = setTimeout(() => child.kill('SIGKILL'), 10_000);
    child.once('exit', () => {
      clearTimeout(kill);
      resolve();
    });
    child.kill('SIGTERM');
  });
}
