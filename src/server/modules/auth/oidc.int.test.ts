/**
 * OpenID Connect end to end: a real provider (`oidc-provider`) and the app both listen on loopback, and the
 * test plays the browser — following redirects by hand, carrying cookies and submitting the provider's
 * login and consent forms.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { oidcIdentities, sessions, users } from '../../db/schema';
import { SESSION_COOKIE } from '../../plugins/session';
import { createTestApp, registerUser, type TestApp } from '../../../../test/helpers/test-app';
import { CookieJar, send, startTestProvider, type TestProvider } from '../../../../test/helpers/oidc-provider';
import { freePort } from '../../../../test/helpers/server-process';

let provider: TestProvider;
let t: TestApp;
let appUrl: string;

beforeAll(async () => {
  const port = await freePort();
  appUrl = `http://127.0.0.1:${port}`;
  provider = await startTestProvider(`${appUrl}/api/callback`);
  t = await createTestApp({
    APP_URL: appUrl,
    OIDC_ISSUER_URL: provider.issuer,
    OIDC_CLIENT_ID: provider.clientId,
    OIDC_CLIENT_SECRET: provider.clientSecret,
  });
  await t.app.listen({ host: '127.0.0.1', port });
});
afterAll(async () => {
  await t?.close();
  await provider?.close();
});

interface Flow {
  jar: CookieJar;
  /** The provider URL /api/login redirected to. */
  authorizeUrl: URL;
  /** The provider's redirect back to the app, before the app has seen it. */
  callbackUrl: URL;
}

/** Starts at /api/login and walks the provider's login and consent pages as `sub`, up to the callback. */
async function walkToCallback(sub: string, jar = new CookieJar()): Promise<Flow> {
  const start = await send(jar, `${appUrl}/api/login`);
  expect(start.status).toBe(302);
  let url = start.headers.get('location')!;
  const authorizeUrl = new URL(url);
  for (let step = 0; step < 20; step++) {
    if (url.startsWith(`${appUrl}/api/callback`)) return { jar, authorizeUrl, callbackUrl: new URL(url) };
    const res = await send(jar, url);
    if (res.status >= 300 && res.status < 400) {
      url = new URL(res.headers.get('location')!, url).href;
      continue;
    }
    const html = await res.text();
    expect(res.status, html.slice(0, 500)).toBe(200);
    const prompt = /name="prompt" value="(\w+)"/.exec(html)?.[1];
    const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
    if (!prompt || !action) throw new Error(`unexpected provider page at ${url}: ${html.slice(0, 300)}`);
    const form: Record<string, string> =
      prompt === 'login' ? { prompt, login: sub, password: 'any password' } : { prompt };
    const submitted = await send(jar, new URL(action.replace(/&amp;/g, '&'), url).href, { form });
    expect(submitted.status).toBeGreaterThanOrEqual(300);
    expect(submitted.status).toBeLessThan(400);
    url = new URL(submitted.headers.get('location')!, url).href;
  }
  throw new Error('the provider never redirected back to the app');
}

/** Delivers the callback to the app and returns its response and the session cookie it set, if any. */
async function finish(flow: Flow, callbackUrl = flow.callbackUrl) {
  const res = await send(flow.jar, callbackUrl.href);
  return { res, sid: flow.jar.get(appUrl, SESSION_COOKIE) };
}

async function currentUser(sid: string) {
  const res = await fetch(`${appUrl}/api/auth/user`, { headers: { cookie: `${SESSION_COOKIE}=${sid}` } });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

describe('OpenID Connect sign-in against a real provider', () => {
  it('sends the browser to the provider with PKCE (S256), state and nonce', async () => {
    const jar = new CookieJar();
    const res = await send(jar, `${appUrl}/api/login`);
    expect(res.status).toBe(302);
    const url = new URL(res.headers.get('location')!);
    expect(url.origin).toBe(provider.issuer);
    const p = url.searchParams;
    expect(p.get('client_id')).toBe(provider.clientId);
    expect(p.get('response_type')).toBe('code');
    expect(p.get('redirect_uri')).toBe(`${appUrl}/api/callback`);
    expect(p.get('scope')).toBe('openid email profile');
    expect(p.get('code_challenge_method')).toBe('S256');
    expect(p.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(p.get('state')!.length).toBeGreaterThanOrEqual(32);
    expect(p.get('nonce')!.length).toBeGreaterThanOrEqual(32);
    // Two logins never share state, nonce or challenge.
    const again = new URL((await send(new CookieJar(), `${appUrl}/api/login`)).headers.get('location')!).searchParams;
    for (const k of ['state', 'nonce', 'code_challenge']) expect(again.get(k)).not.toBe(p.get(k));
    // The login state lives behind an HttpOnly cookie scoped to the callback.
    const setCookie = res.headers.getSetCookie().find((c) => c.startsWith('crowdmix_oidc='))!;
    expect(setCookie).toMatch(/Path=\/api\/callback/);
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Lax/);
  });

  it('creates the user from the claims and finds the same user by (issuer, subject) next time', async () => {
    provider.accounts.set('ada-1', {
      sub: 'ada-1',
      given_name: 'Ada',
      family_name: 'Lovelace',
      email: 'ada@analytical.test',
      email_verified: true,
      picture: 'https://images.example/ada.png',
    });
    const flow = await walkToCallback('ada-1');
    expect(flow.callbackUrl.searchParams.get('code')).toBeTruthy();
    const { res, sid } = await finish(flow);
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/');
    expect(sid).toBeTruthy();
    // The one-time login state is cleared.
    expect(flow.jar.get(appUrl, 'crowdmix_oidc')).toBeUndefined();
    const me = await currentUser(sid!);
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({
      email: 'ada@analytical.test',
      firstName: 'Ada',
      lastName: 'Lovelace',
      profileImageUrl: 'https://images.example/ada.png',
    });
    const [identity] = await t.deps.db.select().from(oidcIdentities).where(eq(oidcIdentities.subject, 'ada-1'));
    expect(identity).toMatchObject({ issuer: provider.issuer, userId: me.body.id });

    // Second login (fresh browser): same user, a new session id, profile refreshed from the claims.
    provider.accounts.set('ada-1', {
      ...provider.accounts.get('ada-1')!,
      family_name: 'King',
      picture: 'https://images.example/ada-2.png',
    });
    const second = await finish(await walkToCallback('ada-1'));
    expect(second.res.headers.get('location')).toBe('/');
    expect(second.sid).toBeTruthy();
    expect(second.sid).not.toBe(sid);
    const again = await currentUser(second.sid!);
    expect(again.body).toMatchObject({
      id: me.body.id,
      lastName: 'King',
      profileImageUrl: 'https://images.example/ada-2.png',
    });
    expect(
      await t.deps.db
        .select()
        .from(oidcIdentities)
        .where(eq(oidcIdentities.userId, String(me.body.id))),
    ).toHaveLength(1);
  });

  it('never merges accounts by email: another subject with the same email is another user', async () => {
    const local = await registerUser(t.app, { email: 'shared@mail.test' });
    provider.accounts.set('first-sub', {
      sub: 'first-sub',
      given_name: 'First',
      family_name: 'Person',
      email: 'shared@mail.test',
      email_verified: true,
    });
    provider.accounts.set('second-sub', {
      sub: 'second-sub',
      given_name: 'Second',
      family_name: 'Person',
      email: 'shared@mail.test',
      email_verified: true,
    });
    const a = await finish(await walkToCallback('first-sub'));
    const b = await finish(await walkToCallback('second-sub'));
    const userA = (await currentUser(a.sid!)).body;
    const userB = (await currentUser(b.sid!)).body;
    expect(userA.firstName).toBe('First');
    expect(userB.firstName).toBe('Second');
    expect(new Set([local.id, userA.id, userB.id]).size).toBe(3);
    // The email stays with the account that already had it; the newcomers do not take it over.
    expect(userA.email).toBeNull();
    expect(userB.email).toBeNull();
    const owners = await t.deps.db.select({ id: users.id }).from(users).where(eq(users.email, 'shared@mail.test'));
    expect(owners).toEqual([{ id: local.id }]);
  });

  it('keeps an email the provider marks unverified out of the account', async () => {
    provider.accounts.set('unverified', {
      sub: 'unverified',
      name: 'Grace Hopper',
      email: 'grace@navy.test',
      email_verified: false,
    });
    const { sid } = await finish(await walkToCallback('unverified'));
    const me = (await currentUser(sid!)).body;
    expect(me).toMatchObject({ firstName: 'Grace', email: null, profileImageUrl: null });
  });

  it('refuses a tampered state: back to the sign-in page with an error, and no session', async () => {
    provider.accounts.set('mallory', {
      sub: 'mallory',
      given_name: 'Mallory',
      email: 'mallory@evil.test',
      email_verified: true,
    });
    const before = await t.deps.db.select({ id: users.id }).from(users);
    const flow = await walkToCallback('mallory');
    const tampered = new URL(flow.callbackUrl);
    tampered.searchParams.set('state', `${tampered.searchParams.get('state')}x`);
    const { res, sid } = await finish(flow, tampered);
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/login?error=oidc');
    expect(sid).toBeUndefined();
    expect(res.headers.getSetCookie().some((c) => c.startsWith(`${SESSION_COOKIE}=`))).toBe(false);
    expect(await t.deps.db.select({ id: users.id }).from(users)).toHaveLength(before.length);
    // The login state was single use: replaying the genuine callback afterwards is refused too.
    const replay = await finish(flow);
    expect(replay.res.headers.get('location')).toBe('/login?error=oidc');
    expect(replay.sid).toBeUndefined();
  });

  it('refuses a callback without the login-state cookie (another browser) and a code with no login at all', async () => {
    provider.accounts.set('eve', { sub: 'eve', given_name: 'Eve' });
    const flow = await walkToCallback('eve');
    const stranger = await send(new CookieJar(), flow.callbackUrl.href);
    expect(stranger.status).toBe(302);
    expect(stranger.headers.get('location')).toBe('/login?error=oidc');
    const forged = await send(new CookieJar(), `${appUrl}/api/callback?code=made-up&state=made-up`);
    expect(forged.headers.get('location')).toBe('/login?error=oidc');
    // Unused login states are not sessions: they never sign anyone in and expire within minutes.
    const rows = await t.deps.db.select({ sess: sessions.sess, expire: sessions.expire }).from(sessions);
    for (const r of rows.filter((r) => r.sess.oidc)) {
      expect(r.sess.userId).toBe('');
      expect(r.expire.getTime() - Date.now()).toBeLessThanOrEqual(10 * 60_000);
    }
  });
});
