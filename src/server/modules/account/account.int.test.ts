/** The person's own account: password and email changes, sessions, reset links by real mail, export. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { passwordResets, sessions } from '../../db/schema';
import { createSong, createUser } from '../../../../test/helpers/factories';
import { startSmtp, type TestSmtp } from '../../../../test/helpers/smtp-server';
import {
  api,
  cookieFrom,
  createTestApp,
  listenOnLoopback,
  registerUser,
  type TestApp,
  type TestUser,
} from '../../../../test/helpers/test-app';
import { connectWs } from '../../../../test/helpers/ws-client';
import { RESET_ANSWER } from './password-reset';

const PASSWORD = 'correct horse battery';
const CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36';
const FIREFOX = 'Mozilla/5.0 (X11; Ubuntu; Linux x86_64; rv:125.0) Gecko/20100101 Firefox/125.0';

let smtp: TestSmtp;
let t: TestApp;
let http: ReturnType<typeof api>;
let baseUrl: string;

beforeAll(async () => {
  smtp = await startSmtp();
  t = await createTestApp({
    SMTP_URL: smtp.url,
    MAIL_FROM: 'CrowdMix <mix@crowdmix.test>',
    APP_URL: 'https://crowdmix.test',
    ADMIN_EMAILS: 'boss@crowdmix.test',
    SIGNUP_LIMIT_PER_HOUR: '1000',
  });
  http = api(t.app);
  baseUrl = await listenOnLoopback(t.app);
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

/** Signs in as `user` again from another "device" (browser identification and address). */
async function signInAgain(user: TestUser, ua = FIREFOX, ip = '198.51.100.20', password = PASSWORD) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: user.email, password },
    headers: { 'user-agent': ua },
    remoteAddress: ip,
  });
  expect(res.statusCode, res.body).toBe(200);
  return { cookie: cookieFrom(res) };
}

describe('sessions', () => {
  it('lists each session with browser, system, address, times and "this device"; ends one, then all others', async () => {
    const u = await registerUser(t.app);
    const laptop = await signInAgain(u, CHROME, '203.0.113.5');
    const phone = await signInAgain(u, FIREFOX, '198.51.100.7');
    const list = (await http.get('/api/account/sessions', { as: laptop })).json();
    expect(list).toHaveLength(3);
    expect(list[0]).toMatchObject({ current: true, browser: 'Chrome 124', os: 'Windows', ip: '203.0.113.5' });
    expect(list.filter((s: { current: boolean }) => s.current)).toHaveLength(1);
    expect(list.find((s: { ip: string }) => s.ip === '198.51.100.7')).toMatchObject({
      browser: 'Firefox 125',
      os: 'Linux',
    });
    for (const s of list) {
      expect(s.id).toMatch(/^[a-f0-9]{24}$/);
      expect(Date.parse(s.createdAt)).toBeGreaterThan(0);
      expect(Date.parse(s.lastSeenAt)).toBeGreaterThan(0);
    }
    // The hashed session id never leaves the server.
    const sids = (await t.deps.db.select({ sid: sessions.sid }).from(sessions).where(eq(sessions.userId, u.id))).map(
      (r) => r.sid,
    );
    for (const sid of sids) expect(JSON.stringify(list)).not.toContain(sid);

    // End the phone's session: its cookie is dead at once, its socket closes.
    const phoneSocket = await connectWs(baseUrl, phone.cookie);
    const phoneId = list.find((s: { ip: string }) => s.ip === '198.51.100.7').id;
    expect((await http.delete(`/api/account/sessions/${phoneId}`, { as: laptop })).statusCode).toBe(204);
    expect(await phoneSocket.closed).toBe(4401);
    expect((await http.get('/api/auth/user', { as: phone })).statusCode).toBe(401);
    expect((await http.delete(`/api/account/sessions/${phoneId}`, { as: laptop })).statusCode).toBe(404);

    // Someone else's session is "not found" for me.
    const other = await registerUser(t.app);
    const otherId = (await http.get('/api/account/sessions', { as: other })).json()[0].id;
    expect((await http.delete(`/api/account/sessions/${otherId}`, { as: laptop })).statusCode).toBe(404);
    expect((await http.get('/api/auth/user', { as: other })).statusCode).toBe(200);

    const ended = await http.post('/api/account/sessions/end-others', { as: laptop });
    expect(ended.json()).toEqual({ ended: 1 });
    expect((await http.get('/api/auth/user', { as: u })).statusCode).toBe(401);
    expect((await http.get('/api/auth/user', { as: laptop })).statusCode).toBe(200);
    expect((await http.get('/api/account/sessions', { as: laptop })).json()).toHaveLength(1);
  });
});

describe('changing the password', () => {
  it('needs the current password; every other session ends at once and its websocket closes', async () => {
    const u = await registerUser(t.app);
    const other = await signInAgain(u);
    const otherSocket = await connectWs(baseUrl, other.cookie);
    const wrong = await http.post('/api/account/password', {
      as: u,
      body: { currentPassword: 'not it at all', newPassword: 'a brand new password' },
    });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json()).toEqual({ message: 'Your current password is not right', code: 'FORBIDDEN' });
    expect((await http.get('/api/auth/user', { as: other })).statusCode).toBe(200);

    const short = await http.post('/api/account/password', {
      as: u,
      body: { currentPassword: PASSWORD, newPassword: 'short' },
    });
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toBe('Password must be at least 8 characters');

    const ok = await http.post('/api/account/password', {
      as: u,
      body: { currentPassword: PASSWORD, newPassword: 'a brand new password' },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ ended: 1 });
    expect(await otherSocket.closed).toBe(4401);
    expect((await http.get('/api/auth/user', { as: other })).statusCode).toBe(401);
    expect((await http.get('/api/auth/user', { as: u })).statusCode).toBe(200);
    const old = await http.post('/api/auth/login', { body: { email: u.email, password: PASSWORD } });
    expect(old.statusCode).toBe(401);
    await signInAgain(u, FIREFOX, '198.51.100.30', 'a brand new password');
  });

  it('stops guessing: five wrong current passwords, then 429 even for the right one', async () => {
    const u = await registerUser(t.app);
    for (let i = 0; i < 5; i++) {
      const r = await http.post('/api/account/password', {
        as: u,
        body: { currentPassword: `wrong ${i}`, newPassword: 'another new password' },
      });
      expect(r.statusCode).toBe(403);
    }
    const r = await http.post('/api/account/password', {
      as: u,
      body: { currentPassword: PASSWORD, newPassword: 'another new password' },
    });
    expect(r.statusCode).toBe(429);
    expect(Number(r.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('changing the email', () => {
  it('needs the password, refuses a taken or reserved address, and signs in with the new one', async () => {
    const u = await registerUser(t.app);
    const taken = await registerUser(t.app);
    const noPw = await http.patch('/api/account/email', {
      as: u,
      body: { email: 'new@crowdmix.test', password: 'wrong one' },
    });
    expect(noPw.statusCode).toBe(403);
    const dup = await http.patch('/api/account/email', {
      as: u,
      body: { email: taken.email.toUpperCase(), password: PASSWORD },
    });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().message).toBe('An account with this email already exists');
    // An address in ADMIN_EMAILS would make the account an administrator: not to be claimed this way.
    const reserved = await http.patch('/api/account/email', {
      as: u,
      body: { email: 'Boss@crowdmix.test', password: PASSWORD },
    });
    expect(reserved.statusCode).toBe(409);
    const fresh = `moved-${Date.now()}@crowdmix.test`;
    const ok = await http.patch('/api/account/email', { as: u, body: { email: fresh, password: PASSWORD } });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ email: fresh, hasPassword: true, isAdmin: false });
    expect((await http.post('/api/auth/login', { body: { email: fresh, password: PASSWORD } })).statusCode).toBe(200);
    expect((await http.post('/api/auth/login', { body: { email: u.email, password: PASSWORD } })).statusCode).toBe(401);
  });
});

describe('an account that signs in through OpenID Connect (no password)', () => {
  it('shows no password, cannot change one, and deletes with the typed confirmation alone', async () => {
    const row = await createUser(t.database.db, { email: null });
    const cookie = `${t.deps.sessions.cookieName}=${await t.deps.sessions.create(row.id)}`;
    const me = (await http.get('/api/account', { as: { cookie } })).json();
    expect(me).toMatchObject({ id: row.id, hasPassword: false, isAdmin: false });
    const change = await http.post('/api/account/password', {
      as: { cookie },
      body: { currentPassword: 'anything', newPassword: 'something new here' },
    });
    expect(change.statusCode).toBe(400);
    const badConfirm = await http.post('/api/account/delete', {
      as: { cookie },
      body: { confirmation: 'yes', publicContent: 'keep' },
    });
    expect(badConfirm.statusCode).toBe(400);
    expect(badConfirm.json().message).toBe('Type "delete my account" to confirm');
    const del = await http.post('/api/account/delete', {
      as: { cookie },
      body: { confirmation: 'Delete my account', publicContent: 'keep' },
    });
    expect(del.statusCode).toBe(204);
    expect((await http.get('/api/auth/user', { as: { cookie } })).statusCode).toBe(401);
  });
});

describe('password reset by email (a real SMTP server on loopback)', () => {
  const linkIn = (text: string) => /https:\/\/crowdmix\.test\/reset-password\?token=([A-Za-z0-9_%-]+)/.exec(text);

  it('mails a single-use link; using it sets the password and ends every session', async () => {
    const u = await registerUser(t.app);
    const socket = await connectWs(baseUrl, u.cookie);
    expect((await http.get('/api/auth/password-reset')).json()).toEqual({ email: true });
    const res = await http.post('/api/auth/password-reset', { body: { email: u.email.toUpperCase() } });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ message: RESET_ANSWER });
    const mail = await smtp.next(u.email);
    expect(mail.subject).toBe('Reset your CrowdMix password');
    expect(mail.from?.text).toContain('mix@crowdmix.test');
    const match = linkIn(mail.text ?? '');
    expect(match, mail.text).not.toBeNull();
    const token = decodeURIComponent(match![1]);
    // Only a hash is stored.
    const stored = await t.deps.db.select().from(passwordResets).where(eq(passwordResets.userId, u.id));
    expect(stored).toHaveLength(1);
    expect(stored[0].tokenHash).not.toContain(token);
    expect(stored[0].expiresAt.getTime() - Date.now()).toBeGreaterThan(29 * 60_000);
    expect(stored[0].expiresAt.getTime() - Date.now()).toBeLessThanOrEqual(30 * 60_000);

    const done = await http.post('/api/auth/password-reset/confirm', {
      body: { token, password: 'reset to this one' },
    });
    expect(done.statusCode).toBe(204);
    expect(await socket.closed).toBe(4401);
    expect((await http.get('/api/auth/user', { as: u })).statusCode).toBe(401);
    expect((await http.post('/api/auth/login', { body: { email: u.email, password: PASSWORD } })).statusCode).toBe(401);
    expect(
      (await http.post('/api/auth/login', { body: { email: u.email, password: 'reset to this one' } })).statusCode,
    ).toBe(200);
    const again = await http.post('/api/auth/password-reset/confirm', { body: { token, password: 'and once more' } });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe('This reset link is not valid any more. Ask for a new one.');
  });

  it('answers an unknown address exactly like a known one, and mails nobody', async () => {
    const before = smtp.mails.length;
    const tokensBefore = await t.deps.db.$count(passwordResets);
    const res = await http.post('/api/auth/password-reset', { body: { email: 'nobody-here@crowdmix.test' } });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ message: RESET_ANSWER });
    await t.deps.state.mailer.idle();
    expect(smtp.mails.length).toBe(before);
    expect(await t.deps.db.$count(passwordResets)).toBe(tokensBefore);
  });

  it('refuses an expired link', async () => {
    const u = await registerUser(t.app);
    await http.post('/api/auth/password-reset', { body: { email: u.email } });
    const token = decodeURIComponent(linkIn((await smtp.next(u.email)).text ?? '')![1]);
    await t.deps.db
      .update(passwordResets)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordResets.userId, u.id));
    const res = await http.post('/api/auth/password-reset/confirm', { body: { token, password: 'too late for this' } });
    expect(res.statusCode).toBe(400);
    expect((await http.get('/api/auth/user', { as: u })).statusCode).toBe(200);
  });

  it('limits requests per address, whether or not it has an account', async () => {
    for (const email of ['limit-ghost@crowdmix.test', (await registerUser(t.app)).email]) {
      // Each from another network: the per-address limit is the one under test.
      const ask = (n: number) =>
        t.app.inject({
          method: 'POST',
          url: '/api/auth/password-reset',
          payload: { email },
          remoteAddress: `192.0.2.${n}`,
        });
      for (let i = 0; i < 3; i++) expect((await ask(i + 1)).statusCode).toBe(202);
      const r = await ask(9);
      expect(r.statusCode).toBe(429);
      expect(r.json().message).toBe('Too many password reset requests for this address. Try again later.');
    }
    await t.deps.state.mailer.idle();
  });
});

describe('without SMTP', () => {
  it('says so, and the reset request points to the operator', async () => {
    const plain = await createTestApp();
    try {
      const h = api(plain.app);
      expect((await h.get('/api/auth/password-reset')).json()).toEqual({ email: false });
      const res = await h.post('/api/auth/password-reset', { body: { email: 'a@b.test' } });
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(
        'Password reset by email is not set up on this server. Ask its operator for a reset link.',
      );
    } finally {
      await plain.close();
    }
  });
});

describe('export my data', () => {
  it('is a JSON download of what is stored about the person, and nothing private of anyone else', async () => {
    const u = await registerUser(t.app, { firstName: 'Exporter' });
    const friend = await registerUser(t.app);
    const song = await createSong(t.database.db, { uploaderId: u.id, title: 'My Exported Song', isPrivate: true });
    const theirs = await createSong(t.database.db, { uploaderId: friend.id, title: 'Their Secret', isPrivate: true });
    await http.post('/api/votes', { as: u, body: { songId: (await createSong(t.database.db)).id, voteType: 'up' } });
    await http.post('/api/messages', { as: u, body: { receiverId: friend.id, content: 'sent by me' } });
    await http.post('/api/messages', { as: friend, body: { receiverId: u.id, content: 'received by me' } });
    await http.post('/api/ai/chat', { as: u, body: { message: 'chill songs please' } });
    const res = await http.get('/api/account/export', { as: u });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="crowdmix-data-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    const data = res.json();
    expect(data.profile).toMatchObject({ id: u.id, email: u.email, firstName: 'Exporter' });
    expect(data.signIn.password).not.toBeNull();
    expect(data.songs.map((s: { id: number }) => s.id)).toEqual([song.id]);
    expect(data.votes).toHaveLength(1);
    expect(data.messages.map((m: { direction: string; content: string }) => `${m.direction}:${m.content}`)).toEqual([
      'sent:sent by me',
      'received:received by me',
    ]);
    expect(data.assistantHistory).toHaveLength(1);
    expect(data.sessions.length).toBeGreaterThan(0);
    expect(res.body).not.toContain(theirs.title);
    expect(res.body).not.toMatch(/"sid"|hash/i);
  });
});
