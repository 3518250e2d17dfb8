/** Errors that services throw; the error handler turns them into `{message, code}` responses. */
import { ERROR_CODES, type ErrorCode } from '../../shared/errors';

export class AppError extends Error {
  constructor(
    public readonly statusCode: number,
    message: string,
    public readonly code: ErrorCode,
    public readonly extra: { field?: string; retryAfterSeconds?: number; songId?: number } = {},
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const badRequest = (message: string, field?: string) =>
  new AppError(400, message, ERROR_CODES.VALIDATION, { field });
export const unauthorized = (message = 'Unauthorized') => new AppError(401, message, ERROR_CODES.UNAUTHORIZED);
export const forbidden = (message = 'Forbidden') => new AppError(403, message, ERROR_CODES.FORBIDDEN);
export const notFound = (message = 'Not found') => new AppError(404, message, ERROR_CODES.NOT_FOUND);
export const conflict = (message: string, extra: { songId?: number } = {}) =>
  new AppError(409, message, ERROR_CODES.CONFLICT, extra);
export const payloadTooLarge = (message: string) => new AppError(413, message, ERROR_CODES.PAYLOAD_TOO_LARGE);
export const unsupportedMediaType = (message: string) => new AppError(415, message, ERROR_CODES.UNSUPPORTED_MEDIA_TYPE);
export const tooManyRequests = (message: string, retryAfterSeconds: number) =>
  new AppError(429, message, ERROR_CODES.RATE_LIMITED, { retryAfterSeconds });

/** True when a database error is a unique-constraint violation (Postgres 23505). */
export function isUniqueViolation(err: unknown): boolean {
  return pgCode(err) === '23505';
}

/** The Postgres SQLSTATE of an error from either driver, looking through Drizzle's wrapper. */
export function pgCode(err: unknown): string | undefined {
  let e: unknown = err;
  for (let i = 0; i < 4 && e && typeof e === 'object'; i++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

/** 503: the instance is at a capacity bound for now; the client may retry after `retryAfterSeconds`. */
export const serviceUnavailable = (message: string, retryAfterSeconds: number) =>
  new AppError(503, message, ERROR_CODES.UNAVAILABLE, { retryAfterSeconds });
