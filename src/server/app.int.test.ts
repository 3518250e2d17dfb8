import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, createTestApp, type TestApp } from '../../test/helpers/test-app';
import { ConfigError, loadConfig } from './config';

let t: TestApp;
let http: ReturnType<typeof api>;
beforeAll(async () => {
  t = await createTestApp();
  http = api(t.app);
});
afterAll(async () => t?.close());

describe('server foundation', () => {
  it('sends the security headers the architecture asks for on pages', async () => {
    const res = await http.get('/');
    expect(res.statusCode).toBe(200);
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toMatch(/frame-src[^;]*https:\/\/www\.youtube-nocookie\.com/);
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-request-id']).toBeTruthy();
  });

  it('sends the short API set on data responses: nothing may load, run or frame them', async () => {
    for (const url of ['/livez', '/readyz', '/api/mix/global', '/api/does-not-exist', '/api/auth/user']) {
      const res = await http.get(url);
      expect(res.headers['content-security-policy'], url).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['cross-origin-resource-policy'], url).toBe('same-origin');
      expect(res.headers['x-request-id'], url).toBeTruthy();
      expect(res.headers['x-frame-options'], url).toBeUndefined();
    }
    // Not /api/docs, a page; nor a client route that merely starts like a probe.
    for (const url of ['/api/docs/static/index.html', '/livezzz']) {
      expect(String((await http.get(url)).headers['content-security-policy']), url).toContain("script-src 'self'");
    }
  });

  it('answers unknown API paths with 404 JSON and other paths with the SPA', async () => {
    const api404 = await http.get('/api/does-not-exist');
    expect(api404.statusCode).toBe(404);
    expect(api404.json()).toMatchObject({ code: 'NOT_FOUND' });
    const page = await http.get('/some/client/route');
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
  });

  it('refuses a state-changing request from a foreign Origin', async () => {
    const res = await http.post('/api/auth/login', {
      body: { email: 'a@b.test', password: 'whatever1' },
      headers: { origin: 'https://evil.example' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ message: 'Cross-site request refused' });
    const same = await http.post('/api/auth/login', {
      body: { email: 'a@b.test', password: 'whatever1' },
      headers: { origin: 'http://localhost:80', host: 'localhost:80' },
    });
    expect(same.statusCode).toBe(401);
  });

  it('answers malformed JSON and wrong content types with a clear 4xx', async () => {
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ message: 'The request body is not valid JSON' });
    const text = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'text/plain' },
      payload: 'hi',
    });
    expect(text.statusCode).toBe(415);
  });

  it('reports readiness and serves the OpenAPI document', async () => {
    expect((await http.get('/readyz')).json()).toEqual({ status: 'ready' });
    const doc = await http.get('/api/docs/json');
    expect(doc.statusCode).toBe(200);
    expect(doc.json().paths['/api/auth/register']).toBeDefined();
  });
});

describe('configuration', () => {
  it('names every bad variable', () => {
    try {
      loadConfig({ PORT: 'abc', DATABASE_URL: 'mysql://x', OIDC_ISSUER_URL: 'https://id.example' });
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(ConfigError);
      const msg = (err as Error).message;
      expect(msg).toContain('PORT');
      expect(msg).toContain('DATABASE_URL');
      expect(msg).toContain('OIDC_CLIENT_ID');
      expect(msg).toContain('APP_URL');
    }
  });
});
