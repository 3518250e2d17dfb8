// Starts the built app for browser tests on a fresh PGlite directory with the demo data, building first if needed.
import { spawnSync, spawn } from 'node:child_process';
import fs from 'node:fs';
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
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'crowdmix-e2e-'));
const child = spawn(process.execPath, [path.join(dist, 'server/main.js')], {
  stdio: 'inherit',
  env: {
    ...process.env,
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
    APP_URL: `http://localhost:${process.env.PORT ?? 5099}`,
    SMTP_URL: `smtp://127.0.0.1:${Number(process.env.PORT ?? 5099) + 1}`,
    MAIL_FROM: 'CrowdMix <mix@crowdmix.test>',
    ADMIN_EMAILS: 'moderator@crowdmix.test',
  },
});
const stop = () => child.kill('SIGTERM');
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
child.on('exit', (code) => {
  fs.rmSync(dataDir, { recursive: true, force: true });
  process.exit(code ?? 0);
});
