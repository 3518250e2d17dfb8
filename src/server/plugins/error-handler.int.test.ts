/**
 * Logs and failures: pino JSON lines carry a request id per request and never a cookie or credential; a 5xx
 * answer never carries a stack, SQL or a file path (they go to the log instead).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, registerUser, type TestApp } from '../../../test/helpers/test-app';

type LogLine = Record<string, unknown> & { msg?: string; reqId?: string; level: number };

let t: TestApp;
const lines: LogLine[] = [];
const raw: string[] = [];

beforeAll(async () => {
  t = await createTestApp(
    { LOG_LEVEL: 'info' },
    {
      logStream: {
        write(chunk: string) {
          raw.push(chunk);
          lines.push(JSON.parse(chunk) as LogLine);
        },
      },
      beforeReady({ app, deps }) {
        // Test-only routes that fail the ways real code can.
        app.get('/api/test/throw', async () => {
          throw new Error(`boom in ${import.meta.filename}`);
        });
        app.get('/api/test/sql', async () => {
          await deps.db.execute(sql`select secret_column from no_such_table where id = ${'x'}`);
          return { ok: true };
        });
        app.get('/api/test/upstream', async () => {
          throw Object.assign(
            new Error('connect ECONNREFUSED 10.1.2.3:5432 at /srv/crowdmix/dist/server/main.js:12:3'),
            { statusCode: 502 },
          );
        });
        app.get('/api/test/reject-string', async () => {
          throw 'a bare string with /etc/passwd';
        });
        app.get('/api/test/log-headers', async (request) => {
          request.log.info({ headers: request.headers }, 'headers seen');
          return { ok: true };
        });
      },
    },
  );
});
afterAll(async () => t?.close());

const linesFor = (reqId: string) => lines.filter((l) => l.reqId === reqId);

describe('request logs', () => {
  it('writes JSON lines with one request id per request, echoed in x-request-id', async () => {
    const a = await t.app.inject({ method: 'GET', url: '/livez' });
    const b = await t.app.inject({ method: 'GET', url: '/livez', headers: { 'x-request-id': 'chosen-by-client' } });
    const idA = String(a.headers['x-request-id']);
    const idB = String(b.headers['x-request-id']);
    expect(idA).toMatch(/^[0-9a-f-]{36}$/);
    expect(idB).toMatch(/^[0-9a-f-]{36}$/);
    expect(idA).not.toBe(idB);
    for (const id of [idA, idB]) {
      const mine = linesFor(id);
      expect(mine.map((l) => l.msg)).toEqual(['incoming request', 'request completed']);
      expect(mine[1]).toMatchObject({ res: { statusCode: 200 } });
      expect(typeof mine[1].responseTime).toBe('number');
    }
    expect(raw.every((r) => r.endsWith('\n'))).toBe(true);
  });

  it('never writes a session cookie, an authorization header or a password', async () => {
    const user = await registerUser(t.app, { password: 'super secret password' });
    const token = user.cookie.split('=')[1];
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/test/log-headers',
      headers: { cookie: user.cookie, authorization: 'Bearer very-secret-bearer' },
    });
    expect(res.statusCode).toBe(200);
    const seen = linesFor(String(res.headers['x-request-id'])).find((l) => l.msg === 'headers seen')!;
    expect(seen.headers).toMatchObject({ cookie: '[redacted]', authorization: '[redacted]' });
    // A failed sign-in logs nothing secret either.
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: user.email, password: 'wrong secret password' },
    });
    const all = raw.join('');
    for (const secret of [token, 'very-secret-bearer', 'super secret password', 'wrong secret password'])
      expect(all).not.toContain(secret);
  });
});

describe('5xx answers', () => {
  it.each([
    ['/api/test/throw', 500],
    ['/api/test/sql', 500],
    ['/api/test/upstream', 502],
    ['/api/test/reject-string', 500],
  ])('%s answers a bare message, and the details go to the log', async (url, status) => {
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(status);
    expect(res.json()).toEqual({ message: 'Internal Server Error', code: 'INTERNAL' });
    expect(res.body).not.toMatch(
      /\bat\s|\/work|\/srv|\/etc|\.ts\b|\.js\b|select|no_such_table|secret_column|ECONNREFUSED|10\.1\.2\.3|boom/i,
    );
    const logged = linesFor(String(res.headers['x-request-id'])).find((l) => l.level >= 50);
    expect(logged, 'the failure is logged with its request id').toBeDefined();
    expect(JSON.stringify(logged)).toMatch(/boom|no_such_table|ECONNREFUSED|bare string/);
  });
});
