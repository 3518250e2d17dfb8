import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, cookieFrom, createTestApp, registerUser, type TestApp } from '../../../../test/helpers/test-app';

let t: TestApp;
let http: ReturnType<typeof api>;
beforeAll(async () => {
  t = await createTestApp();
  http = api(t.app);
});
afterAll(async () => t?.close());

describe('local accounts', () => {
  it('registers, signs in the new user and returns the profile without secrets', async () => {
    const res = await http.post('/api/auth/register', {
      body: { email: 'Ada@Example.test', password: 'a long password', firstName: 'Ada', lastName: 'Lovelace' },
    });
    expect(res.statusCode).toBe(201);
    const user = res.json();
    expect(user).toMatchObject({
      email: 'Ada@Example.test',
      firstName: 'Ada',
      lastName: 'Lovelace',
      currentMood: null,
    });
    expect(JSON.stringify(user)).not.toMatch(/hash|password/i);
    const me = await http.get('/api/auth/user', { as: { cookie: cookieFrom(res) } });
    expect(me.statusCode).toBe(200);
    expect(me.json().id).toBe(user.id);
  });

  it('refuses a duplicate email regardless of case with 409', async () => {
    await registerUser(t.app, { email: 'dup@example.test' });
    const res = await http.post('/api/auth/register', {
      body: { email: 'DUP@example.test', password: 'another password', firstName: 'D', lastName: 'U' },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: 'An account with this email already exists', code: 'CONFLICT' });
  });

  it.each([
    [
      { email: 'x@example.test', password: 'short', firstName: 'A', lastName: 'B' },
      'password',
      'Password must be at least 8 characters',
    ],
    [
      { email: 'x@example.test', password: 'p'.repeat(129), firstName: 'A', lastName: 'B' },
      'password',
      'Password must be at most 128 characters',
    ],
    [
      { email: 'not-an-email', password: 'long enough', firstName: 'A', lastName: 'B' },
      'email',
      'Enter a valid email address',
    ],
    [
      { email: 'x@example.test', password: 'long enough', firstName: '  ', lastName: 'B' },
      'firstName',
      'First name is required',
    ],
    [{ email: 'x@example.test', password: 'long enough', lastName: 'B' }, 'firstName', 'First name is required'],
  ])('validates registration input %#', async (body, field, message) => {
    const res = await http.post('/api/auth/register', { body });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message, field, code: 'VALIDATION' });
  });

  it('refuses extra fields instead of assigning them', async () => {
    const res = await http.post('/api/auth/register', {
      body: { email: 'extra@example.test', password: 'long enough', firstName: 'A', lastName: 'B', role: 'admin' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Unknown field: role');
  });

  it('answers a wrong password and an unknown email with the same 401', async () => {
    const u = await registerUser(t.app, { password: 'right password' });
    const wrong = await http.post('/api/auth/login', { body: { email: u.email, password: 'wrong password' } });
    const unknown = await http.post('/api/auth/login', {
      body: { email: 'nobody@example.test', password: 'wrong password' },
    });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
  });

  it('throttles an account from an address after 5 failures there, even for the right password', async () => {
    const u = await registerUser(t.app, { password: 'right password' });
    for (let i = 0; i < 5; i++) {
      const r = await http.post('/api/auth/login', {
        body: { email: u.email, password: `wrong ${i}` },
        headers: { 'x-forwarded-for': '10.0.0.1' },
      });
      expect(r.statusCode).toBe(401);
    }
    const blocked = await http.post('/api/auth/login', { body: { email: u.email, password: 'right password' } });
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('rotates the session id at sign-in and ends it at sign-out', async () => {
    const u = await registerUser(t.app, { password: 'right password' });
    const login = await http.post('/api/auth/login', { body: { email: u.email, password: 'right password' }, as: u });
    expect(login.statusCode).toBe(200);
    const fresh = cookieFrom(login);
    expect(fresh).not.toBe(u.cookie);
    expect((await http.get('/api/auth/user', { as: u })).statusCode).toBe(401);
    expect((await http.get('/api/auth/user', { as: { cookie: fresh } })).statusCode).toBe(200);
    const out = await http.post('/api/auth/logout', { as: { cookie: fresh } });
    expect(out.statusCode).toBe(204);
    const after = await http.get('/api/auth/user', { as: { cookie: fresh } });
    expect(after.statusCode).toBe(401);
    expect(after.json()).toMatchObject({ message: 'Unauthorized' });
  });

  it('sets the session cookie HttpOnly and SameSite=Lax', async () => {
    const res = await http.post('/api/auth/register', {
      body: { email: 'cookie@example.test', password: 'long enough', firstName: 'C', lastName: 'K' },
    });
    const header = String(res.headers['set-cookie']);
    expect(header).toMatch(/HttpOnly/);
    expect(header).toMatch(/SameSite=Lax/);
    expect(header).not.toMatch(/Secure/);
  });

  it('GET /api/logout ends the session and redirects home', async () => {
    const u = await registerUser(t.app);
    const res = await http.get('/api/logout', { as: u });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/');
    expect((await http.get('/api/auth/user', { as: u })).statusCode).toBe(401);
  });

  it('documents the browser-navigation routes as 302 redirects, not 200s', async () => {
    const doc = (await http.get('/api/docs/json')).json() as {
      paths: Record<string, { get: { responses: Record<string, unknown> } }>;
    };
    for (const path of ['/api/login', '/api/callback', '/api/logout'])
      expect(Object.keys(doc.paths[path].get.responses), path).toEqual(['302']);
  });

  it('GET /api/login goes to the sign-in page when no identity provider is configured', async () => {
    const res = await http.get('/api/login');
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/login');
  });
});

describe('sign-in throttling over time (a controllable clock)', () => {
  let clock = Date.parse('2030-01-01T12:00:00Z');
  let c: TestApp;
  beforeAll(async () => {
    c = await createTestApp({}, { now: () => clock });
  });
  afterAll(async () => c?.close());

  const attempt = (email: string, password: string, remoteAddress: string) =>
    c.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password }, remoteAddress });

  it('blocks an IP after 25 attempts in 5 minutes with Retry-After, then lifts by itself', async () => {
    const known = await registerUser(c.app, { password: 'right password' });
    const ip = '203.0.113.7';
    for (let i = 0; i < 25; i++) {
      // A different account each time, so the per-account limit never triggers first.
      const r = await attempt(`nobody-${i}@example.test`, 'wrong password', ip);
      expect(r.statusCode, `attempt ${i + 1}`).toBe(401);
      clock += 1_000;
    }
    const blocked = await attempt(known.email, 'right password', ip);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({
      message: 'Too many sign-in attempts from your network. Try again later.',
      code: 'RATE_LIMITED',
    });
    // The first attempt leaves the 5-minute window 300 s after it was made; 25 s have passed since.
    expect(Number(blocked.headers['retry-after'])).toBe(275);
    // Another network is not affected.
    expect((await attempt(known.email, 'right password', '198.51.100.9')).statusCode).toBe(200);
    clock += 274_000;
    expect((await attempt(known.email, 'right password', ip)).statusCode).toBe(429);
    clock += 1_000;
    expect((await attempt(known.email, 'right password', ip)).statusCode).toBe(200);
  });

  it("refuses an address after 5 failures on an account for 30 minutes, never the owner's other addresses", async () => {
    // Issue 13, finding 4: a stranger's failures used to lock the owner out wherever they signed in from.
    const u = await registerUser(c.app, { password: 'right password' });
    for (let i = 0; i < 5; i++) expect((await attempt(u.email, `wrong ${i}`, '192.0.2.1')).statusCode).toBe(401);
    const blocked = await attempt(u.email.toUpperCase(), 'right password', '192.0.2.1');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toBe('Too many failed sign-in attempts for this account. Try again later.');
    expect(Number(blocked.headers['retry-after'])).toBe(1_800);
    expect((await attempt(u.email, 'right password', '192.0.2.99')).statusCode).toBe(200);
    clock += 29 * 60_000;
    expect((await attempt(u.email, 'right password', '192.0.2.1')).statusCode).toBe(429);
    clock += 60_000;
    expect((await attempt(u.email, 'right password', '192.0.2.1')).statusCode).toBe(200);
  });
});

describe('sign-up limit', () => {
  it('allows SIGNUP_LIMIT_PER_HOUR accounts per IP, then 429 with Retry-After', async () => {
    const limited = await createTestApp({ SIGNUP_LIMIT_PER_HOUR: '2' });
    try {
      const h = api(limited.app);
      const body = (i: number) => ({
        email: `limit-${i}@example.test`,
        password: 'long enough',
        firstName: 'L',
        lastName: 'M',
      });
      expect((await h.post('/api/auth/register', { body: body(1) })).statusCode).toBe(201);
      expect((await h.post('/api/auth/register', { body: body(2) })).statusCode).toBe(201);
      const third = await h.post('/api/auth/register', { body: body(3) });
      expect(third.statusCode).toBe(429);
      expect(third.json().message).toBe('Too many accounts created from your network. Try again later.');
      expect(Number(third.headers['retry-after'])).toBeGreaterThan(0);
    } finally {
      await limited.close();
    }
  });
});
