import { describe, expect, it } from 'vitest';
import { AppError, internalError, tooManyRequests } from './http-errors';

describe('AppError', () => {
  it("captures no stack trace for a client's error, and keeps one for a server's", () => {
    const refused = tooManyRequests('Too many votes', 30);
    expect(refused).toBeInstanceOf(AppError);
    expect([refused.statusCode, refused.code, refused.extra.retryAfterSeconds]).toEqual([429, 'RATE_LIMITED', 30]);
    expect(refused.stack).toBe('AppError: Too many votes');
    const fault = internalError();
    expect(fault.statusCode).toBe(500);
    expect(fault.stack!.split('\n').length).toBeGreaterThan(1);
    // The limit is restored for every other error.
    expect(new Error('other').stack!.split('\n').length).toBeGreaterThan(1);
  });
});
