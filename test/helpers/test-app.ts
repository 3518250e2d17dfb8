/** The real app on a fresh test database, driven through app.inject (no port). */
import crypto from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { LightMyRequestResponse } from 'fastify';
import { buildApp, type BuildOptions, type BuiltApp } from '../../src/server/app';
import { loadConfig, type Config } from '../../src/server/config';
import { createTestDatabase, type TestDatabase } from './test-db';

export interface TestApp extends BuiltApp {
  database: TestDatabase;
  config: Config;
}

export interface TestAppOptions extends Pick<BuildOptions, 'logStream' | 'now' | 'sleep'> {
  /** Runs after buildApp and before ready: the last moment to add test-only routes. */
  beforeReady?: (built: BuiltApp) => Promise<void> | void;
  /** Changes the parsed configuration before the app is built (values the environment may not set, e.g. a tiny cache). */
  configure?: (config: Config) => void;
}

/** Builds the app on a fresh database; `env` overrides configuration variables. */
export async function createTestApp(env: Record<string, string> = {}, options: TestAppOptions = {}): Promise<TestApp> {
  const database = await createTestDatabase();
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', SEED_DEMO: 'false', ...env });
  const { beforeReady, configure, ...buildOptions } = options;
  configure?.(config);
  const built = await buildApp(config, {
    database,
    skipMigrations: true,
    logger: options.logStream ? undefined : false,
    ...buildOptions,
  });
  await beforeReady?.(built);
  await built.app.ready();
  const close = built.close;
  return Object.assign(built, {
    database,
    config,
    async close() {
      await close();
      await database.close();
    },
  });
}

export interface TestUser {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  cookie: string;
}

/** Registers a new account through the API and returns it with its session cookie. */
export async function registerUser(
  app: BuiltApp['app'],
  overrides: Partial<{ email: string; password: string; firstName: string; lastName: string }> = {},
): Promise<TestUser> {
  const body = {
    email: overrides.email ?? `user-${crypto.randomBytes(5).toString('hex')}@example.test`,
    password: overrides.password ?? 'correct horse battery',
    firstName: overrides.firstName ?? 'Test',
    lastName: overrides.lastName ?? 'User',
  };
  const res = await app.inject({ method: 'POST', url: '/api/auth/register', payload: body });
  if (res.statusCode !== 201) throw new Error(`register failed: ${res.statusCode} ${res.body}`);
  return { ...res.json(), cookie: cookieFrom(res) };
}

/** The `name=value` of the session cookie a response set. */
export function cookieFrom(res: LightMyRequestResponse): string {
  const header = res.headers['set-cookie'];
  const list = Array.isArray(header) ? header : header ? [header] : [];
  const c = list.find((h) => /^(__Host-)?crowdmix_sid=/.test(h));
  if (!c) throw new Error('no session cookie set');
  return c.split(';')[0];
}

/** JSON request helper: `as` signs the request in as that user. */
export function api(app: BuiltApp['app']) {
  const call =
    (method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE') =>
    (url: string, opts: { as?: { cookie: string } | null; body?: unknown; headers?: Record<string, string> } = {}) =>
      app.inject({
        method,
        url,
        headers: { ...(opts.as ? { cookie: opts.as.cookie } : {}), ...opts.headers },
        ...(opts.body !== undefined ? { payload: opts.body as object } : {}),
      });
  return { get: call('GET'), post: call('POST'), patch: call('PATCH'), put: call('PUT'), delete: call('DELETE') };
}

/** Makes the app listen on a free loopback port (for websockets and real HTTP clients); returns its base URL. */
export async function listenOnLoopback(app: BuiltApp['app'], host = '127.0.0.1'): Promise<string> {
  await app.listen({ port: 0, host });
  return `http://${host}:${(app.server.address() as AddressInfo).port}`;
}

/**
 * Retries `fn` until it stops throwing (the server handles socket events asynchronously), up to `timeoutMs`. The limit
 * is patience, not a figure under test: a check that passes returns at once, and a loaded CI machine may take
 * seconds to handle a socket's close, so only a check that would fail waits the whole time.
 */
export async function eventually<T>(fn: () => Promise<T>, timeoutMs = 10_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await fn();
    } catch (err) {
      if (Date.now() > end) throw err;
      await new Promise((r) => setTimeout(r, 50));
    }
  }
}
