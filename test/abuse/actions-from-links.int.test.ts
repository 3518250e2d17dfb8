/**
 * Finding 8 of issue 13, the server's half: a cross-site link to GET /api/logout does not sign anyone out; the
 * browser is sent to the "Sign out?" page, whose button POSTs /api/auth/logout (Origin-checked). Typed, bookmarked,
 * same-site and same-origin navigations work as the spec says. (The /ai?q= half is a browser test: e2e/assistant.)
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, createTestApp, registerUser, type TestApp } from '../helpers/test-app';

let t: TestApp;
let http: ReturnType<typeof api>;
beforeAll(async () => {
  t = await createTestApp();
  http = api(t.app);
});
afterAll(async () => t?.close());

describe('finding 8: GET /api/logout from a cross-site link', () => {
  it('keeps the session and redirects to the /logout confirmation page', async () => {
    const u = await registerUser(t.app);
    const res = await http.get('/api/logout', {
      as: u,
      headers: { 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'navigate' },
    });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/logout');
    expect(res.headers['set-cookie']).toBeUndefined();
    expect((await http.get('/api/auth/user', { as: u })).statusCode).toBe(200);
    // The confirmation's button: a same-origin POST ends the session.
    const out = await http.post('/api/auth/logout', { as: u, headers: { 'sec-fetch-site': 'same-origin' } });
    expect(out.statusCode).toBe(204);
    expect((await http.get('/api/auth/user', { as: u })).statusCode).toBe(401);
  });

  it.each([['same-origin'], ['same-site'], ['none'], [undefined]])(
    'signs out and goes home when Sec-Fetch-Site is %s',
    async (site) => {
      const u = await registerUser(t.app);
      const res = await http.get('/api/logout', { as: u, headers: site ? { 'sec-fetch-site': site } : {} });
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe('/');
      expect((await http.get('/api/auth/user', { as: u })).statusCode).toBe(401);
    },
  );
});
