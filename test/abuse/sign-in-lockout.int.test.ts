/**
 * Finding 4 of issue 13: nobody can lock another person out of their account. Sign-ins come over real TCP from
 * different loopback addresses (127.0.0.2 is the attacker, 127.0.0.3 the account's owner), so `request.ip` is
 * the connection's own address, not a header anyone could write.
 */
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, listenOnLoopback, registerUser, type TestApp, type TestUser } from '../helpers/test-app';

const ATTACKER = '127.0.0.2';
const OWNER = '127.0.0.3';

let t: TestApp;
let base: string;
let clock = Date.parse('2030-01-01T12:00:00Z');
/** Every wait the sign-in delay asked for: recorded, not slept, so that no test depends on timing. */
const waits: number[] = [];

beforeAll(async () => {
  t = await createTestApp(
    {},
    {
      now: () => clock,
      sleep: async (ms) => {
        waits.push(ms);
      },
    },
  );
  base = await listenOnLoopback(t.app);
});
afterAll(async () => t?.close());

/** POST /api/auth/login over TCP from `localAddress`. */
function signIn(email: string, password: string, localAddress: string) {
  return new Promise<{ status: number; body: { message?: string }; retryAfter?: string }>((resolve, reject) => {
    const req = http.request(
      `${base}/api/auth/login`,
      { method: 'POST', localAddress, headers: { 'content-type': 'application/json' } },
      (res) => {
        let text = '';
        res.on('data', (d: Buffer) => (text += d));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            body: JSON.parse(text || '{}'),
            retryAfter: res.headers['retry-after'] as string | undefined,
          }),
        );
      },
    );
    req.on('error', reject);
    req.end(JSON.stringify({ email, password }));
  });
}

describe('finding 4: failed sign-ins from one address do not lock the owner out', () => {
  let victim: TestUser;
  beforeAll(async () => {
    victim = await registerUser(t.app, { password: 'right password' });
  });

  it("refuses the attacker's address after 5 failures but lets the owner in from another address", async () => {
    for (let i = 0; i < 5; i++) expect((await signIn(victim.email, `wrong ${i}`, ATTACKER)).status).toBe(401);

    const attacker = await signIn(victim.email, 'right password', ATTACKER);
    expect(attacker.status).toBe(429);
    expect(attacker.body.message).toBe('Too many failed sign-in attempts for this account. Try again later.');
    expect(Number(attacker.retryAfter)).toBe(1_800);

    // The owner, elsewhere, is never refused because of the stranger's failures (only slowed down).
    expect((await signIn(victim.email, 'right password', OWNER)).status).toBe(200);
    expect((await signIn(victim.email.toUpperCase(), 'right password', '127.0.0.1')).status).toBe(200);
    // The attacker's address stays refused for that account for the rest of the 30 minutes, even after the
    // owner's successful sign-ins, and is let go when they are over.
    clock += 29 * 60_000;
    expect((await signIn(victim.email, 'right password', ATTACKER)).status).toBe(429);
    clock += 60_000;
    expect((await signIn(victim.email, 'right password', ATTACKER)).status).toBe(200);
  });

  it('keeps refusing an attacker who spreads failures over many addresses to the account, never the owner', async () => {
    const other = await registerUser(t.app, { password: 'right password' });
    // 5 failures from each of 4 addresses: 20 failures against one account.
    for (const host of [2, 4, 5, 6])
      for (let i = 0; i < 5; i++) expect((await signIn(other.email, `wrong ${i}`, `127.0.0.${host}`)).status).toBe(401);
    for (const host of [2, 4, 5, 6])
      expect((await signIn(other.email, 'right password', `127.0.0.${host}`)).status).toBe(429);
    expect((await signIn(other.email, 'right password', OWNER)).status).toBe(200);
  });

  it('slows every attempt on an account after repeated failures, by a growing and capped delay', async () => {
    const u = await registerUser(t.app, { password: 'right password' });
    waits.length = 0;
    // Five failures from five addresses: no delay yet.
    for (let host = 10; host < 15; host++) expect((await signIn(u.email, 'wrong', `127.0.0.${host}`)).status).toBe(401);
    expect(waits).toEqual([]);
    for (let host = 15; host < 25; host++) expect((await signIn(u.email, 'wrong', `127.0.0.${host}`)).status).toBe(401);
    // From the sixth failure on: 1 s, 2 s, 4 s, 8 s, then the 10 s cap.
    expect(waits).toEqual([1_000, 2_000, 4_000, 8_000, 10_000, 10_000, 10_000, 10_000, 10_000, 10_000]);
    // The owner's right password is slowed too, but accepted; the success clears the account's delay.
    waits.length = 0;
    expect((await signIn(u.email, 'right password', OWNER)).status).toBe(200);
    expect(waits).toEqual([10_000]);
    expect((await signIn(u.email, 'right password', OWNER)).status).toBe(200);
    expect(waits).toEqual([10_000]);
  });

  it('still limits one address to 25 sign-in attempts in 5 minutes, whatever the accounts', async () => {
    const known = await registerUser(t.app, { password: 'right password' });
    const sprayer = '127.0.0.50';
    for (let i = 0; i < 25; i++) expect((await signIn(`nobody-${i}@example.test`, 'wrong', sprayer)).status).toBe(401);
    const blocked = await signIn(known.email, 'right password', sprayer);
    expect(blocked.status).toBe(429);
    expect(blocked.body.message).toBe('Too many sign-in attempts from your network. Try again later.');
    expect((await signIn(known.email, 'right password', '127.0.0.51')).status).toBe(200);
  });
});
