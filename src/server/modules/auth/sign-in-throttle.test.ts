import { describe, expect, it } from 'vitest';
import { AppError } from '../../lib/http-errors';
import { RATE_RULES, RateLimiter } from '../../lib/rate-limiter';
import { SignInThrottle } from './sign-in-throttle';

const limits = { failuresPerAccountAddress: 5, attemptsPerAddress: 25, delayAfterFailures: 5, delayMaxMs: 10_000 };

function setup(overrides: Partial<typeof limits> = {}) {
  const clock = { now: 1_000_000 };
  const limiter = new RateLimiter(() => clock.now);
  const throttle = new SignInThrottle(limiter, { ...limits, ...overrides });
  return { clock, limiter, throttle };
}

describe('SignInThrottle (a controllable clock)', () => {
  it('grows the account-wide delay from 1 s, doubling, up to the cap; failures from any address count', () => {
    const { throttle } = setup();
    const delays: number[] = [];
    for (let i = 0; i < 12; i++) {
      delays.push(throttle.admit('a@x.test', `10.0.0.${i}`));
      throttle.failed('a@x.test', `10.0.0.${i}`);
    }
    expect(delays).toEqual([0, 0, 0, 0, 0, 1_000, 2_000, 4_000, 8_000, 10_000, 10_000, 10_000]);
    // Other accounts are not slowed.
    expect(throttle.delayMs('b@x.test')).toBe(0);
  });

  it('lets the delay fade as failures leave the 30-minute window, and clears it on a success', () => {
    const { clock, throttle } = setup();
    for (let i = 0; i < 8; i++) throttle.failed('a@x.test', `10.0.0.${i}`);
    expect(throttle.delayMs('a@x.test')).toBe(8_000);
    clock.now += 30 * 60_000;
    expect(throttle.delayMs('a@x.test')).toBe(0);
    for (let i = 0; i < 8; i++) throttle.failed('a@x.test', `10.0.0.${i}`);
    throttle.succeeded('a@x.test', '10.9.9.9');
    expect(throttle.delayMs('a@x.test')).toBe(0);
  });

  it('keeps the cap however long an attack goes on, and keeps a bounded number of failures', () => {
    const { limiter, throttle } = setup({ delayMaxMs: 3_000 });
    for (let i = 0; i < 1_000; i++) throttle.failed('a@x.test', `10.${i >> 8}.${i & 255}.1`);
    expect(throttle.delayMs('a@x.test')).toBe(3_000);
    expect(limiter.count(RATE_RULES.loginAccountFailures, 'a@x.test')).toBe(RATE_RULES.loginAccountFailures.keep);
  });

  it('turns the delay off with a cap of 0', () => {
    const { throttle } = setup({ delayMaxMs: 0 });
    for (let i = 0; i < 20; i++) throttle.failed('a@x.test', `10.0.0.${i}`);
    expect(throttle.delayMs('a@x.test')).toBe(0);
  });

  it('refuses an address after its failures on one account, with Retry-After, but not other addresses', () => {
    const { clock, throttle } = setup();
    for (let i = 0; i < 5; i++) {
      throttle.admit('a@x.test', '10.0.0.1');
      throttle.failed('a@x.test', '10.0.0.1');
      clock.now += 60_000;
    }
    try {
      throttle.admit('a@x.test', '10.0.0.1');
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(AppError);
      expect(err).toMatchObject({ statusCode: 429, extra: { retryAfterSeconds: 1_500 } });
    }
    expect(() => throttle.admit('a@x.test', '10.0.0.2')).not.toThrow();
    expect(() => throttle.admit('other@x.test', '10.0.0.1')).not.toThrow();
  });
});
