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

  it('holds at most maxKeys buckets, dropping the least recently hit, so memory does not grow with users', () => {
    const now = 0;
    const limiter = new RateLimiter(() => now, { maxKeys: 100 });
    for (let i = 0; i < 3; i++) limiter.record(rule, 'kept');
    for (let u = 0; u < 1_000; u++) {
      limiter.record(rule, `user-${u}`);
      if (u % 50 === 0) limiter.record(rule, 'kept'); // hit now and then: among the most recent
    }
    expect(limiter.size).toBeLessThanOrEqual(100);
    // The recently hit bucket is still there (and still full); one of the first users' buckets is gone.
    expect(limiter.count(rule, 'kept')).toBeGreaterThanOrEqual(3);
    expect(limiter.count(rule, 'user-0')).toBe(0);
    expect(limiter.count(rule, 'user-999')).toBe(1);
  });
});
