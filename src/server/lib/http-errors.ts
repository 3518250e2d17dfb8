/**
 * Errors that services and routes throw; the error handler turns them into `{message, code}` responses with
 * `sendError`, the one place that writes an error body (also for the few hooks that must answer themselves).
 */
import type { FastifyReply } from 'fastify';
import { ERROR_CODES, type ApiErrorBody, type ErrorCode } from '../../shared/errors';

export class AppError extends Error {
  constructor(
    public readonly statusCode: number,
    message: string,
    public readonly code: ErrorCode,
    public readonly extra: { field?: string; retryAfterSeconds?: number; songId?: number } = {},
  ) {
    // A client's error (4xx) is an answer, not a fault: it captures no stack trace. Capturing one cost ~12 µs per
    // refused request, a sixth of the server's time while a script hammered the vote limit (`npm run bench`).
    const limit = Error.stackTraceLimit;
    if (statusCode < 500) Error.stackTraceLimit = 0;
    super(message); // (Error's constructor does not throw)
    Error.stackTraceLimit = limit;
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
export const rangeNotSatisfiable = (message: string) => new AppError(416, message, ERROR_CODES.VALIDATION);
export const tooManyRequests = (message: string, retryAfterSeconds: number) =>
  new AppError(429, message, ERROR_CODES.RATE_LIMITED, { retryAfterSeconds });
/** A 5xx (500 unless a deliberate 502, 503…) whose cause stays in the log: the body never says more than this. */
export const internalError = (status = 500) => new AppError(status, 'Internal Server Error', ERROR_CODES.INTERNAL);

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

/** The response body of an error: `{message, code}`, then `field` and `songId` when the error carries them. */
export function errorBody(error: AppError): ApiErrorBody {
  const body: ApiErrorBody = { message: error.message, code: error.code };
  if (error.extra.field) body.field = error.extra.field;
  if (error.extra.songId !== undefined) body.songId = error.extra.songId;
  return body;
}

/** Answers with `error`: its status, its body, and Retry-After when it names one. */
export function sendError(reply: FastifyReply, error: AppError): FastifyReply {
  if (error.extra.retryAfterSeconds) reply.header('Retry-After', String(error.extra.retryAfterSeconds));
  return reply.status(error.statusCode).send(errorBody(error));
}
