/** Turns every error into `{message, code}` with the right status; 5xx details are logged, never sent. */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { ERROR_CODES } from '../../shared/errors';
import {
  AppError,
  badRequest,
  conflict,
  internalError,
  notFound,
  payloadTooLarge,
  pgCode,
  sendError,
  unsupportedMediaType,
} from '../lib/http-errors';

const GENERIC_ZOD =
  /^(Invalid input|Invalid option|Too small|Too big|Unrecognized key|Invalid string|Invalid number|Invalid)/;

function fieldMessage(field: string | undefined, message: string): string {
  if (!field) return message;
  if (GENERIC_ZOD.test(message)) return `${field}: ${message}`;
  return message;
}

export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((thrown: FastifyError, request, reply) => {
    // Code may throw anything (a string, null); the checks below expect an object.
    const error = (
      thrown instanceof Error ? thrown : Object.assign(new Error(String(thrown)), { thrown: thrown as unknown })
    ) as FastifyError;
    try {
      return handle(error, request, reply);
    } catch (failure) {
      request.log.error({ err: error, failure }, 'the error handler failed');
      return sendError(reply, internalError());
    }
  });
}

function handle(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof AppError) return sendError(reply, error);
  if (hasZodFastifySchemaValidationErrors(error)) {
    const issue = error.validation[0];
    const path = (issue?.instancePath ?? '').replace(/^\//, '').replace(/\//g, '.');
    const keys = (issue?.params as { keys?: string[] } | undefined)?.keys;
    const unknownKeys = issue?.keyword === 'unrecognized_keys';
    const where = (error as { validationContext?: string }).validationContext;
    const field = unknownKeys ? keys?.join(', ') : path || (where && where !== 'body' ? where : undefined);
    const raw = issue?.message ?? 'Invalid request';
    const message = unknownKeys
      ? `Unknown field${keys && keys.length > 1 ? 's' : ''}: ${keys?.join(', ')}`
      : fieldMessage(field, raw);
    return sendError(reply, badRequest(message, field));
  }
  if (isResponseSerializationError(error)) {
    request.log.error({ err: error, cause: error.cause }, 'response did not match its schema');
    return sendError(reply, internalError());
  }
  const status = error.statusCode ?? 500;
  if (status === 413 || error.code === 'FST_REQ_FILE_TOO_LARGE' || error.code === 'FST_FILES_LIMIT') {
    return sendError(reply, payloadTooLarge('The request is too large'));
  }
  if (status === 415 || error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
    return sendError(reply, unsupportedMediaType('Unsupported content type; send JSON'));
  }
  if (status >= 400 && status < 500) {
    const message =
      error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' ||
      error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' ||
      error instanceof SyntaxError
        ? 'The request body is not valid JSON'
        : status === 404
          ? 'Not found'
          : (error.message?.slice(0, 200) ?? 'Bad request');
    return sendError(
      reply,
      new AppError(status, message, status === 404 ? ERROR_CODES.NOT_FOUND : ERROR_CODES.VALIDATION),
    );
  }
  // Database constraint violations that slipped past validation are the client's fault, not ours.
  const code = pgCode(error);
  if (code === '23505') return sendError(reply, conflict('That already exists'));
  if (code === '23503') return sendError(reply, notFound('A referenced item does not exist'));
  if (code === '23514' || code === '22P02' || code === '22001' || code === '22021' || code === '22003')
    return sendError(reply, badRequest('The request contains a value that is not allowed'));
  request.log.error({ err: error }, 'unhandled error');
  // The status of a deliberate 5xx (502, 503…) is kept; its message, which may name hosts or paths, is not.
  return sendError(reply, internalError(status >= 500 && status <= 599 ? status : 500));
}
