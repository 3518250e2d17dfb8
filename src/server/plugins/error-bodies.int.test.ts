/**
 * Every kind of error answer, byte for byte: status, body and the headers that go with it. The bodies are a
 * contract (the web app and other clients compare messages); `sendError` in lib/http-errors.ts writes them all.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { badRequest, conflict, tooManyRequests } from '../lib/http-errors';
import { createTestApp, registerUser, type TestApp, type TestUser } from '../../../test/helpers/test-app';

let t: TestApp;
let user: TestUser;

beforeAll(async () => {
  t = await createTestApp(
    {},
    {
      beforeReady({ app }) {
        app.get('/api/test/throw', async () => {
          throw new Error('boom');
        });
        app.get('/api/test/unique', async () => {
          throw Object.assign(new Error('duplicate key'), { code: '23505' });
        });
        app.get('/api/test/foreign-key', async () => {
          throw Object.assign(new Error('fk'), { code: '23503' });
        });
        app.get('/api/test/check', async () => {
          throw Object.assign(new Error('check'), { code: '23514' });
        });
        app.get('/api/test/upstream', async () => {
          throw Object.assign(new Error('bad gateway'), { statusCode: 502 });
        });
        app.get('/api/test/teapot', async () => {
          throw Object.assign(new Error("I'm a teapot"), { statusCode: 418 });
        });
        app.get('/api/test/limited', async () => {
          throw tooManyRequests('Slow down', 7);
        });
        app.get('/api/test/field', async () => {
          throw badRequest('Bad thing', 'thing');
        });
        app.get('/api/test/duplicate', async () => {
          throw conflict('Already here', { songId: 42 });
        });
      },
    },
  );
  user = await registerUser(t.app);
});
afterAll(async () => t?.close());

const cases: Array<[string, () => InjectOptions, number, string, Record<string, string>?]> = [
  [
    'a visitor on a signed-in route',
    () => ({ method: 'POST', url: '/api/votes', payload: { songId: 1, voteType: 'up' } }),
    401,
    '{"message":"Unauthorized","code":"UNAUTHORIZED"}',
  ],
  [
    'a body that fails its schema',
    () => ({ method: 'POST', url: '/api/votes', headers: { cookie: user.cookie }, payload: { songId: 1 } }),
    400,
    `{"message":"voteType must be 'up' or 'down'","code":"VALIDATION","field":"voteType"}`,
  ],
  [
    'an unknown field',
    () => ({
      method: 'POST',
      url: '/api/votes',
      headers: { cookie: user.cookie },
      payload: { songId: 1, voteType: 'up', extra: 1 },
    }),
    400,
    '{"message":"Unknown field: extra","code":"VALIDATION","field":"extra"}',
  ],
  [
    'a body that is not JSON',
    () => ({
      method: 'POST',
      url: '/api/votes',
      headers: { cookie: user.cookie, 'content-type': 'application/json' },
      payload: '{nope',
    }),
    400,
    '{"message":"The request body is not valid JSON","code":"VALIDATION"}',
  ],
  [
    'a body that is not JSON at all',
    () => ({
      method: 'POST',
      url: '/api/votes',
      headers: { cookie: user.cookie, 'content-type': 'text/plain' },
      payload: 'hello',
    }),
    415,
    '{"message":"Unsupported content type; send JSON","code":"UNSUPPORTED_MEDIA_TYPE"}',
  ],
  [
    'a body past the limit',
    () => ({
      method: 'POST',
      url: '/api/votes',
      headers: { cookie: user.cookie, 'content-type': 'application/json' },
      payload: JSON.stringify({ pad: 'x'.repeat(1024 * 1024 + 10) }),
    }),
    413,
    '{"message":"The request is too large","code":"PAYLOAD_TOO_LARGE"}',
  ],
  [
    'an unknown /api path',
    () => ({ method: 'GET', url: '/api/nope?x=1' }),
    404,
    '{"message":"Not found: GET /api/nope","code":"NOT_FOUND"}',
  ],
  [
    'a service error with a field',
    () => ({ method: 'GET', url: '/api/test/field' }),
    400,
    '{"message":"Bad thing","code":"VALIDATION","field":"thing"}',
  ],
  [
    'a conflict naming a song',
    () => ({ method: 'GET', url: '/api/test/duplicate' }),
    409,
    '{"message":"Already here","code":"CONFLICT","songId":42}',
  ],
  [
    'a rate limit',
    () => ({ method: 'GET', url: '/api/test/limited' }),
    429,
    '{"message":"Slow down","code":"RATE_LIMITED"}',
    { 'retry-after': '7' },
  ],
  [
    'a unique violation',
    () => ({ method: 'GET', url: '/api/test/unique' }),
    409,
    '{"message":"That already exists","code":"CONFLICT"}',
  ],
  [
    'a foreign-key violation',
    () => ({ method: 'GET', url: '/api/test/foreign-key' }),
    404,
    '{"message":"A referenced item does not exist","code":"NOT_FOUND"}',
  ],
  [
    'a check violation',
    () => ({ method: 'GET', url: '/api/test/check' }),
    400,
    '{"message":"The request contains a value that is not allowed","code":"VALIDATION"}',
  ],
  [
    'another 4xx',
    () => ({ method: 'GET', url: '/api/test/teapot' }),
    418,
    '{"message":"I\'m a teapot","code":"VALIDATION"}',
  ],
  [
    'a crash',
    () => ({ method: 'GET', url: '/api/test/throw' }),
    500,
    '{"message":"Internal Server Error","code":"INTERNAL"}',
  ],
  [
    'a deliberate 5xx',
    () => ({ method: 'GET', url: '/api/test/upstream' }),
    502,
    '{"message":"Internal Server Error","code":"INTERNAL"}',
  ],
  [
    'a cross-site websocket',
    () => ({ method: 'GET', url: '/ws', headers: { origin: 'https://evil.example' } }),
    403,
    '{"message":"Cross-site websocket refused","code":"FORBIDDEN"}',
  ],
  [
    'a websocket with a dead session cookie',
    () => ({ method: 'GET', url: '/ws', headers: { cookie: 'crowdmix_sid=not-a-session' } }),
    401,
    '{"message":"Unauthorized","code":"UNAUTHORIZED"}',
  ],
];

describe('error answers', () => {
  it.each(cases)('%s', async (_name, request, status, body, headers = {}) => {
    const res = await t.app.inject(request());
    expect(res.statusCode).toBe(status);
    expect(res.body).toBe(body);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    for (const [name, value] of Object.entries(headers)) expect(res.headers[name]).toBe(value);
  });
});
