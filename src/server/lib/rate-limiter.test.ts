import { describe, expect, it } from 'vitest';
import { AppError } from './http-errors';
import { RateLimiter, type RateRule } from './rate-limiter';

const rule: RateRule = { name: 'test', limit: 3, windowMs: 60_000, message: 'Slow down' };

describe('RateLimiter (sliding window, fake clock)', () => {
  it('allows `limit` hits per window, then answers 429 with the seconds until the oldest hit leaves', () => {
    let now = 1_000_000;
    const limiter = new RateLimiter(() => now);
    for (let i = 0; i < 3; i++) {
      limiter.hit(rule, 'k');
      now += 10_000;
    }
    // Hits at 0 s, 10 s, 20 s; now 30 s: the first leaves the window at 60 s.
    expect(limiter.check(rule, 'k')).toBe(30);
    try {
      limiter.hit(rule, 'k');
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(AppError);
      expect(err).toMatchObject({ statusCode: 429, message: 'Slow down', extra: { retryAfterSeconds: 30 } });
    }
    // A refused hit is not counted: the limit lifts exactly when the oldest hit expires.
    now += 29_999;
    expect(limiter.check(rule, 'k')).toBe(1);
    now += 1;
    expect(limiter.check(rule, 'k')).toBe(0);
    limiter.hit(rule, 'k');
    expect(limiter.check(rule, 'k')).toBe(10);
  });

  it('keeps keys and rules apart, and reset forgets a key', () => {
    const now = 0;
    const limiter = new RateLimiter(() => now);
    const other: RateRule = { ...rule, name: 'other' };
    for (let i = 0; i < 3; i++) limiter.record(rule, 'a');
    expect(limiter.check(rule, 'a')).toBeGreaterThan(0);
    expect(limiter.check(rule, 'b')).toBe(0);
    expect(limiter.check(other, 'a')).toBe(0);
    limiter.reset(rule, 'a');
    expect(limiter.check(rule, 'a')).toBe(0);
  });

  it('never answers a Retry-After below one second', () => {
    let now = 0;
    const limiter = new RateLimiter(() => now);
    for (let i = 0; i < 3; i++) limiter.record(rule, 'k');
    now = 59_999;
    expect(limiter.check(rule, 'k')).toBe(1);
  });
});
