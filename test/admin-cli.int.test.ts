/**
 * The operator command (`npm run admin -- …`, scripts/admin.ts) run as a real process: it grants the administrator
 * role and prints a working reset link; on PGlite it refuses, clearly, while the server holds the data directory.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type BuiltApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { api, registerUser } from './helpers/test-app';
import { createTestDataDir, createTestDatabase, testDriver, type TestDatabase } from './helpers/test-db';

const run = promisify(execFile);
const TSX = path.resolve('node_modules/.bin/tsx');
let env: Record<string, string>;
let cleanup: () => Promise<void> | void = () => {};

beforeAll(async () => {
  if (testDriver === 'pg') {
    const database: TestDatabase = await createTestDatabase();
    env = { DATABASE_URL: database.url! };
    cleanup = () => database.close();
  } else {
    const dir = await createTestDataDir();
    env = { DATA_DIR: dir };
    cleanup = () => fs.rmSync(dir, { recursive: true, force: true });
  }
});
afterAll(async () => cleanup());

const admin = (...args: string[]) =>
  run(TSX, ['scripts/admin.ts', ...args], {
    env: { ...process.env, ...env, APP_URL: 'https://mix.example', LOG_LEVEL: 'silent', SEED_DEMO: 'false' },
  }).then(
    (r) => ({ code: 0, stdout: r.stdout, stderr: r.stderr }),
    (e: { code: number; stdout: string; stderr: string }) => ({ code: e.code, stdout: e.stdout, stderr: e.stderr }),
  );

async function openApp(): Promise<BuiltApp> {
  const built = await buildApp(loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', SEED_DEMO: 'false', ...env }), {
    logger: false,
  });
  await built.app.ready();
  return built;
}

describe(`npm run admin (${testDriver})`, () => {
  it('grants the role, prints a reset link that works once, and explains what it cannot do', async () => {
    let app = await openApp();
    const u = await registerUser(app.app, { password: 'the old password' });
    expect((await api(app.app).get('/api/account', { as: u })).json().isAdmin).toBe(false);
    if (testDriver === 'pglite') {
      // The server holds PGlite's directory: the command says to stop it first, and changes nothing.
      const busy = await admin('grant', u.email);
      expect(busy.code).toBe(1);
      expect(busy.stderr).toMatch(/in use by another CrowdMix process/);
      expect(busy.stderr).toMatch(/stop the CrowdMix server, run this command, then start the server again/);
      await app.close();
    }

    const grant = await admin('grant', u.email.toUpperCase());
    expect(grant.stdout).toContain(`${u.email} is now an administrator`);
    const link = await admin('reset-link', u.email);
    expect(link.code).toBe(0);
    const token = decodeURIComponent(/https:\/\/mix\.example\/reset-password\?token=(\S+)/.exec(link.stdout)![1]);
    const missing = await admin('reset-link', 'nobody@nowhere.test');
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('No account with a password has the address nobody@nowhere.test.');
    expect((await admin('frobnicate', 'x')).code).toBe(2);

    if (testDriver === 'pglite') app = await openApp();
    try {
      const h = api(app.app);
      const login = await h.post('/api/auth/login', { body: { email: u.email, password: 'the old password' } });
      expect(login.statusCode).toBe(200);
      const cookie = { cookie: String(login.headers['set-cookie']).split(';')[0] };
      expect((await h.get('/api/account', { as: cookie })).json().isAdmin).toBe(true);
      expect((await h.get('/api/admin/reports', { as: cookie })).statusCode).toBe(200);
      expect(
        (await h.post('/api/auth/password-reset/confirm', { body: { token, password: 'set by the operator' } }))
          .statusCode,
      ).toBe(204);
      expect((await h.get('/api/account', { as: cookie })).statusCode).toBe(401);
      expect(
        (await h.post('/api/auth/login', { body: { email: u.email, password: 'set by the operator' } })).statusCode,
      ).toBe(200);
      expect(
        (await h.post('/api/auth/password-reset/confirm', { body: { token, password: 'a second time' } })).statusCode,
      ).toBe(400);
    } finally {
      await app.close();
    }
  }, 400_000);
});
