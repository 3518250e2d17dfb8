import fs from 'node:fs';
import { defineConfig, devices } from '@playwright/test';

import { WORKERS, readinessUrl, serverPort, serverUrl } from './e2e/fixtures/servers';

/** Browser tests in Debian's Chromium against the built app on a throwaway PGlite directory. */
export default defineConfig({
  testDir: 'e2e',
  // Both scaled for slower machines: the test limit by e2e/fixtures (TIMEOUT_SCALE), the expect limit here.
  timeout: 45_000,
  expect: { timeout: 10_000 * Number(process.env.E2E_TIMEOUT_SCALE ?? 2) },
  // Files are shared out among the workers; the tests of one file run in order, in one worker, on its own server.
  fullyParallel: false,
  workers: WORKERS,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.PW_REPORTER ? [[process.env.PW_REPORTER]] : [['list']],
  use: {
    baseURL: serverUrl(0),
    // A trace (DOM snapshots and a screencast of every action) is recorded on the retry of a failed test (CI retries
    // once), not for every test: recording it for all and keeping the failures' cost a third of the suite's CPU
    // (design + songs specs, one worker: 134 → 90 CPU seconds; ADR 027). Locally: `npx playwright test --trace on`.
    trace: 'on-first-retry',
    launchOptions: {
      // Debian's build of Chromium's headless shell (package chromium-headless-shell, the same source and version as
      // its chromium), as Playwright itself runs headless tests: no browser UI behind the page. The same specs took
      // 37 % less CPU than in the full browser's headless mode (ADR 036); the visual baselines are taken in it.
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        // Chromium's shared memory goes to /tmp only where /dev/shm is too small for it (containers' 64 MB): on a
        // disk /tmp it costs system time (the kernel took a third of the browser phase's CPU; two specs, one run
        // each: 368 → 337 CPU s).
        ...(devShmBytes() < 1024 ** 3 ? ['--disable-dev-shm-usage'] : []),
      ],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  // One server per worker (e2e/fixtures/servers.ts), all started at once by one command (each spends seconds creating
  // and seeding its database): Playwright waits for the launcher's readiness port, which answers once all are ready.
  webServer: {
    command: `node scripts/e2e-server.mjs`,
    url: readinessUrl,
    timeout: 180_000,
    reuseExistingServer: false,
    // SIGTERM first, so that the servers remove their throwaway data directories.
    gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
    env: { PORT: String(serverPort(0)), E2E_SERVERS: String(WORKERS) },
    stdout: 'ignore' as const,
    stderr: 'pipe' as const,
  },
});

/** The size of /dev/shm (0 where there is none). */
function devShmBytes(): number {
  try {
    const st = fs.statfsSync('/dev/shm');
    return st.blocks * st.bsize;
  } catch {
    return 0;
  }
}
