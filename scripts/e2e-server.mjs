// Starts the built app for browser tests on fresh PGlite directories with the demo data, building first if needed.
// One server on PORT; or, with E2E_SERVERS=N, N servers at once on PORT, PORT+10, … (one per Playwright worker,
// e2e/fixtures/servers.ts) — started side by side rather than one after another (each spends seconds creating and
// seeding its database) — and a readiness port, PORT+9, that answers 200 once every one of them is ready.
import { spawnSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';

// BUILD_DIR lets several checkouts or agents build side by side without clobbering each other's dist/.
const dist = process.env.BUILD_DIR ?? 'dist';
if (
  !fs.existsSync(path.join(dist, 'server/main.js')) ||
  !fs.existsSync(path.join(dist, 'web/index.html')) ||
  process.env.E2E_BUILD !== 'false'
) {
  const r = spawnSync('npm', ['run', 'build'], { stdio: ['ignore', 'ignore', 'inherit'] });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

const basePort = Number(process.env.PORT ?? 5099);
const count = Math.max(1, Math.floor(Number(process.env.E2E_SERVERS ?? 1)) || 1);

/** One app server on `port`, its mail to `port + 1`, on a data directory of its own (removed when it exits). */
function startServer(port) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'crowdmix-e2e-'));
  const child = spawn(process.execPath, [path.join(dist, 'server/main.js')], {
    stdio: 'inherit',
    env: {
      ...process.env,
      PORT: String(port),
      NODE_ENV: 'production',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'true',
      E2E: 'true',
      SIGNUP_LIMIT_PER_HOUR: '10000',
      // Every browser test signs in from 127.0.0.1: the suite makes far more than a network's 25 sign-in attempts per
      // 5 minutes (ADR 014), and crossing it made whichever test came next fail with a 429. The throttle itself is
      // tested in test/abuse/sign-in-lockout.int.test.ts; the per-account failure limit stays at its default here.
      LOGIN_ATTEMPTS_PER_ADDRESS: '100000',
      // Password-reset mail goes to a loopback SMTP server that e2e/accounts.spec.ts runs on this port; the
      // administrator account of the moderation tests is named here.
      APP_URL: `http://localhost:${port}`,
      SMTP_URL: `smtp://127.0.0.1:${port + 1}`,
      MAIL_FROM: 'CrowdMix <mix@crowdmix.test>',
      ADMIN_EMAILS: 'moderator@crowdmix.test',
    },
  });
  const exited = new Promise((resolve) =>
    child.on('exit', (code) => {
      fs.rmSync(dataDir, { recursive: true, force: true });
      resolve(code ?? 0);
    }),
  );
  return { port, child, exited };
}

const servers = Array.from({ length: count }, (_, i) => startServer(basePort + 10 * i));
let stopping = false;
const stop = () => {
  stopping = true;
  for (const s of servers) s.child.kill('SIGTERM');
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
// One server ending ends them all (a worker without its server could only fail), with the first exit code.
Promise.race(servers.map((s) => s.exited)).then(async (code) => {
  if (!stopping) stop();
  await Promise.all(servers.map((s) => s.exited));
  process.exit(code);
});

if (count > 1) {
  const ready = async (port) => {
    try {
      return (await fetch(`http://127.0.0.1:${port}/readyz`)).ok;
    } catch {
      return false;
    }
  };
  let allReady = false;
  const poll = async () => {
    while (!stopping) {
      const states = await Promise.all(servers.map((s) => ready(s.port)));
      if (states.every(Boolean)) {
        allReady = true;
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  };
  void poll();
  // Playwright's webServer waits for this port (playwright.config.ts).
  http
    .createServer((_req, res) => {
      res.writeHead(allReady ? 200 : 503).end(allReady ? 'ready' : 'starting');
    })
    .listen(basePort + 9, '127.0.0.1')
    .unref();
}
