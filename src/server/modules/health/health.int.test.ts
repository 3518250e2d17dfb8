/** Probes: /livez always; /readyz 503 while draining, when the database is closed, and when it hangs. */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/helpers/test-app';
import { healthState, PING_TIMEOUT_MS } from './health.routes';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());
afterEach(() => {
  healthState.draining = false;
});

describe('health probes', () => {
  it('is live and ready on a working database', async () => {
    expect((await t.app.inject({ url: '/livez' })).json()).toEqual({ status: 'ok' });
    const ready = await t.app.inject({ url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready' });
  });

  it('answers 503 while the server drains, and stays live', async () => {
    healthState.draining = true;
    const res = await t.app.inject({ url: '/readyz' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ status: 'draining' });
    expect((await t.app.inject({ url: '/livez' })).statusCode).toBe(200);
    healthState.draining = false;
    expect((await t.app.inject({ url: '/readyz' })).statusCode).toBe(200);
  });

  it('answers 503 quickly when the database hangs', async () => {
    const ping = t.deps.database.ping;
    t.deps.database.ping = () => new Promise<void>(() => {});
    try {
      const started = Date.now();
      const res = await t.app.inject({ url: '/readyz' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ status: 'database unreachable' });
      expect(Date.now() - started).toBeLessThan(PING_TIMEOUT_MS + 1_500);
    } finally {
      t.deps.database.ping = ping;
    }
  });
});

describe('readiness with the database closed', () => {
  it('answers 503 once the database is gone', async () => {
    const other = await createTestApp();
    try {
      expect((await other.app.inject({ url: '/readyz' })).statusCode).toBe(200);
      await other.database.close();
      const res = await other.app.inject({ url: '/readyz' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ status: 'database unreachable' });
    } finally {
      await other.app.close();
    }
  });
});
