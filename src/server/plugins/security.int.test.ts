/**
 * Security around sessions: Secure cookies and HSTS behind https, the Origin check on HTTP and on the
 * websocket upgrade (a real `ws` client against a listening app), and signed-out cookies refused on both.
 */
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { api, cookieFrom, createTestApp, registerUser, type TestApp } from '../../../test/helpers/test-app';

/** Opens a websocket and reports either `open` or the HTTP status the upgrade was refused with. */
function connect(
  url: string,
  headers: Record<string, string>,
): Promise<{ opened: true; ws: WebSocket } | { opened: false; status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, { headers });
    ws.once('open', () => resolve({ opened: true, ws }));
    ws.once('unexpected-response', (_req, res) => {
      let body = '';
      res.on('data', (d: Buffer) => (body += d));
      res.on('end', () => resolve({ opened: false, status: res.statusCode ?? 0, body }));
    });
    ws.once('error', (err) => {
      if (!/Unexpected server response/.test(err.message)) reject(err);
    });
  });
}

describe('behind https (APP_URL=https://…)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ APP_URL: 'https://crowdmix.example' });
  });
  afterAll(async () => t?.close());

  it('marks the session cookie Secure and sends HSTS', async () => {
    const res = await api(t.app).post('/api/auth/register', {
      body: { email: 'secure@example.test', password: 'long enough', firstName: 'S', lastName: 'C' },
      headers: { origin: 'https://crowdmix.example' },
    });
    expect(res.statusCode).toBe(201);
    const cookie = String(res.headers['set-cookie']);
    expect(cookie).toMatch(/crowdmix_sid=[^;]+;.*Secure/);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(res.headers['strict-transport-security']).toMatch(/max-age=\d{7,}/);
    expect((await api(t.app).get('/livez')).headers['strict-transport-security']).toMatch(/max-age=/);
  });

  it('accepts only APP_URL as the Origin of a state-changing request', async () => {
    const body = { email: 'nobody@example.test', password: 'whatever1' };
    for (const origin of [
      'http://crowdmix.example',
      'https://evil.example',
      'https://crowdmix.example.evil.example',
      'null',
    ]) {
      const res = await api(t.app).post('/api/auth/login', { body, headers: { origin } });
      expect(res.statusCode, origin).toBe(403);
      expect(res.json()).toEqual({ message: 'Cross-site request refused', code: 'FORBIDDEN' });
    }
    expect(
      (await api(t.app).post('/api/auth/login', { body, headers: { origin: 'https://crowdmix.example' } })).statusCode,
    ).toBe(401);
    // Reads are not state-changing and are left to CORS (no CORS headers are ever sent).
    const read = await api(t.app).get('/api/auth/providers', { headers: { origin: 'https://evil.example' } });
    expect(read.statusCode).toBe(200);
    expect(read.headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe('plain http (no APP_URL)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());

  it('sends no HSTS and no Secure cookie', async () => {
    const u = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { email: 'plain@example.test', password: 'long enough', firstName: 'P', lastName: 'L' },
    });
    expect(String(u.headers['set-cookie'])).not.toMatch(/Secure/);
    expect(u.headers['strict-transport-security']).toBeUndefined();
  });
});

describe('the websocket upgrade on a listening app', () => {
  let t: TestApp;
  let wsUrl: string;
  let origin: string;
  beforeAll(async () => {
    t = await createTestApp();
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = t.app.server.address() as { port: number };
    wsUrl = `ws://127.0.0.1:${port}/ws`;
    origin = `http://127.0.0.1:${port}`;
  });
  afterAll(async () => t?.close());

  it('refuses a foreign Origin with 403 and accepts its own', async () => {
    const evil = await connect(wsUrl, { origin: 'https://evil.example' });
    expect(evil).toMatchObject({ opened: false, status: 403 });
    if (!evil.opened) expect(JSON.parse(evil.body)).toMatchObject({ message: 'Cross-site websocket refused' });
    const own = await connect(wsUrl, { origin });
    expect(own.opened).toBe(true);
    if (own.opened) own.ws.close();
  });

  it('an upgrade anywhere but /ws is refused with 404 and its connection closed', async () => {
    const { port } = t.app.server.address() as { port: number };
    for (const path of ['/livez', '/api/mix/global', '/api/no-such-route', '/ws/extra', '/']) {
      const answer = await rawUpgrade(port, path, origin);
      expect({ path, status: answer.head.split('\r\n')[0] }).toEqual({ path, status: 'HTTP/1.1 404 Not Found' });
      // The server hung up by itself: a refused upgrade does not leave a socket open.
      expect(answer.closedBy).toBe('server');
    }
    // /ws with a query string is still the websocket.
    const own = await connect(`${wsUrl}?v=1`, { origin });
    expect(own.opened).toBe(true);
    if (own.opened) own.ws.close();
  });

  it('plain HTTP routes carry none of the websocket plugin hooks (they run for /ws alone)', () => {
    const routes = t.app.printRoutes({ commonPrefix: false, includeHooks: true });
    const livez = routes.slice(routes.indexOf('/livez (GET)'), routes.indexOf('/livez (HEAD)'));
    expect(livez).toContain('(onRequest)');
    expect(livez).not.toContain('(onResponse)');
  });

  it('after sign-out the old cookie gets 401 on HTTP and on the websocket upgrade', async () => {
    const u = await registerUser(t.app);
    const before = await connect(wsUrl, { origin, cookie: u.cookie });
    expect(before.opened).toBe(true);
    if (before.opened) before.ws.close();

    const out = await api(t.app).post('/api/auth/logout', { as: u });
    expect(out.statusCode).toBe(204);
    expect(String(out.headers['set-cookie'])).toMatch(/crowdmix_sid=;.*(Max-Age=0|Expires=Thu, 01 Jan 1970)/);

    const http = await api(t.app).get('/api/auth/user', { as: u });
    expect(http.statusCode).toBe(401);
    expect(http.json()).toMatchObject({ message: 'Unauthorized' });
    const ws = await connect(wsUrl, { origin, cookie: u.cookie });
    expect(ws).toMatchObject({ opened: false, status: 401 });
  });

  it('a fresh sign-in after sign-out gets a new cookie that works on both', async () => {
    const u = await registerUser(t.app, { password: 'right password' });
    await api(t.app).post('/api/auth/logout', { as: u });
    const login = await api(t.app).post('/api/auth/login', { body: { email: u.email, password: 'right password' } });
    const cookie = cookieFrom(login);
    expect(cookie).not.toBe(u.cookie);
    expect((await api(t.app).get('/api/auth/user', { as: { cookie } })).statusCode).toBe(200);
    const ws = await connect(wsUrl, { origin, cookie });
    expect(ws.opened).toBe(true);
    if (ws.opened) ws.ws.close();
  });
});

/** Sends a websocket upgrade request for `path` on a raw TCP socket; resolves with the answer's head and who closed. */
function rawUpgrade(port: number, path: string, origin: string): Promise<{ head: string; closedBy: 'server' }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    let data = '';
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`${path}: the connection was still open after 5 s (answer so far: ${JSON.stringify(data)})`));
    }, 5_000);
    socket.on('data', (d) => (data += d));
    socket.on('error', reject);
    socket.on('close', () => {
      clearTimeout(timer);
      resolve({ head: data, closedBy: 'server' });
    });
    socket.write(
      `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nOrigin: ${origin}\r\nConnection: Upgrade\r\n` +
        `Upgrade: websocket\r\nSec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n`,
    );
  });
}
