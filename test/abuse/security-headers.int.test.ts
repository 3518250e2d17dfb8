/**
 * Finding 11 of issue 13, with header tests: private JSON is never stored by a cache, the page's CSP lets sockets
 * reach this host only, the session cookie is `__Host-` prefixed behind https, and export links never carry a
 * Host header that is not a host name.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSong, createVote } from '../helpers/factories';
import { api, createTestApp, registerUser, type TestApp, type TestUser } from '../helpers/test-app';

describe('plain http (no APP_URL)', () => {
  let t: TestApp;
  let http: ReturnType<typeof api>;
  let u: TestUser;
  beforeAll(async () => {
    t = await createTestApp();
    http = api(t.app);
    // A sheet-music song (its link is a path on this server) in the Top 100, before anything reads the mix.
    const sheet = await createSong(t.database.db, { title: 'Sheet', youtubeId: null, pdfUrl: '/api/files/7' });
    await createVote(t.database.db, { songId: sheet.id, voteType: 'up' });
    u = await registerUser(t.app);
  });
  afterAll(async () => t?.close());

  it.each([
    ['/api/auth/user'],
    ['/api/messages/conversations'],
    ['/api/messages/unread-count'],
    ['/api/ai/history'],
    ['/api/user/songs'],
    ['/api/account/sessions'],
  ])('answers %s with Cache-Control: no-store, signed in and not', async (url) => {
    const signedIn = await http.get(url, { as: u });
    expect(signedIn.statusCode, url).toBeLessThan(300);
    expect(signedIn.headers['cache-control'], url).toBe('private, no-store');
    const visitor = await http.get(url);
    expect(visitor.statusCode, url).toBe(401);
    expect(visitor.headers['cache-control'], url).toBe('private, no-store');
  });

  it('keeps caches off every JSON answer, errors and writes included', async () => {
    for (const res of [
      await http.get('/api/mix/global'),
      await http.get('/api/venues'),
      await http.get('/api/nothing-here'),
      await http.post('/api/auth/login', { body: { email: 'x@example.test', password: 'wrong password' } }),
    ])
      expect(res.headers['cache-control']).toBe('private, no-store');
  });

  it("lets the page's scripts connect to this host only (no websocket to anywhere)", async () => {
    const page = await http.get('/venues');
    const csp = String(page.headers['content-security-policy']);
    const connect = /connect-src ([^;]*)/.exec(csp)?.[1].trim().split(/\s+/);
    expect(connect).toEqual(["'self'"]);
  });

  it('names the session cookie crowdmix_sid over http, without the __Host- prefix', async () => {
    expect(u.cookie).toMatch(/^crowdmix_sid=/);
    expect((await http.get('/api/auth/user', { as: u })).statusCode).toBe(200);
  });

  it('never builds export links from a Host header that is not a host name', async () => {
    for (const host of ['=evil.example', 'evil.example/x', 'a b', '"><script>', 'evil.example:99999x']) {
      const res = await t.app.inject({ method: 'GET', url: '/api/mix/global/export?format=csv', headers: { host } });
      expect(res.statusCode, host).toBe(200);
      expect(res.body, host).not.toContain('evil');
      expect(res.body, host).not.toContain('script');
      expect(res.body, host).toContain(`"http://localhost:${t.config.port}/api/files/7"`);
    }
    // A proper host name (a development machine without APP_URL) is used as it is.
    const own = await t.app.inject({
      method: 'GET',
      url: '/api/mix/global/export?format=csv',
      headers: { host: 'crowdmix.local:5000' },
    });
    expect(own.body).toContain('"http://crowdmix.local:5000/api/files/7"');
  });
});

describe('behind https (APP_URL=https://crowdmix.example)', () => {
  let t: TestApp;
  let http: ReturnType<typeof api>;
  const origin = 'https://crowdmix.example';
  beforeAll(async () => {
    t = await createTestApp({ APP_URL: origin });
    http = api(t.app);
  });
  afterAll(async () => t?.close());

  it('sets a __Host- prefixed, Secure, host-only session cookie and reads it back', async () => {
    const res = await http.post('/api/auth/register', {
      body: { email: 'host@example.test', password: 'long enough', firstName: 'H', lastName: 'P' },
      headers: { origin },
    });
    expect(res.statusCode).toBe(201);
    const setCookie = String(res.headers['set-cookie']);
    expect(setCookie).toMatch(/^__Host-crowdmix_sid=[^;]+;/);
    expect(setCookie).toMatch(/; Path=\/(;|$)/);
    expect(setCookie).toMatch(/; Secure(;|$)/);
    expect(setCookie).not.toMatch(/Domain=/i);
    const pair = setCookie.split(';')[0];
    const token = pair.slice(pair.indexOf('=') + 1);
    expect((await http.get('/api/auth/user', { as: { cookie: pair } })).statusCode).toBe(200);
    // The unprefixed name can be planted by a sibling host or a plain-http page: it is not read behind https.
    expect((await http.get('/api/auth/user', { as: { cookie: `crowdmix_sid=${token}` } })).statusCode).toBe(401);

    const out = await http.post('/api/auth/logout', { as: { cookie: pair }, headers: { origin } });
    expect(out.statusCode).toBe(204);
    expect(String(out.headers['set-cookie'])).toMatch(/^__Host-crowdmix_sid=;.*Secure/);
    expect((await http.get('/api/auth/user', { as: { cookie: pair } })).statusCode).toBe(401);
  });

  it("lets the page's scripts connect to APP_URL's host only, websockets included", async () => {
    const csp = String((await http.get('/venues')).headers['content-security-policy']);
    const connect = /connect-src ([^;]*)/.exec(csp)?.[1].trim().split(/\s+/);
    expect(connect).toEqual(["'self'", 'wss://crowdmix.example']);
  });

  it('builds export links from APP_URL whatever the Host header says', async () => {
    const sheet = await createSong(t.database.db, { title: 'Sheet', youtubeId: null, pdfUrl: '/api/files/9' });
    await createVote(t.database.db, { songId: sheet.id, voteType: 'up' });
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/mix/global/export?format=csv',
      headers: { host: '=evil.example' },
    });
    expect(res.body).not.toContain('evil');
    expect(res.body).toContain('"https://crowdmix.example/api/files/9"');
  });
});
