import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { registerAuthGuard, signedInUser } from './auth';
import { registerErrorHandling } from './error-handler';

/** A bare app with the guard and the error handler; the header `x-user` stands in for a session. */
function bareApp() {
  const app = Fastify({ logger: false }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  app.decorateRequest('user', null);
  app.addHook('onRequest', async (request) => {
    const id = request.headers['x-user'];
    if (typeof id === 'string') request.user = { id };
  });
  registerAuthGuard(app);
  return app;
}

let app: FastifyInstance | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

describe('the auth guard', () => {
  it("answers a visitor on an `auth: 'required'` route with the 401, before the body is validated", async () => {
    const a = bareApp();
    app = a;
    let ownHookRan = false;
    a.post(
      '/api/things',
      {
        config: { auth: 'required' },
        preValidation: async () => {
          ownHookRan = true;
        },
        schema: { body: z.strictObject({ name: z.string() }) },
      },
      async (request) => ({ by: signedInUser(request).id, name: request.body.name }),
    );
    const visitor = await a.inject({ method: 'POST', url: '/api/things', payload: { wrong: 1 } });
    expect(visitor.statusCode).toBe(401);
    expect(visitor.body).toBe('{"message":"Unauthorized","code":"UNAUTHORIZED"}');
    expect(ownHookRan).toBe(false);

    const invalid = await a.inject({ method: 'POST', url: '/api/things', headers: { 'x-user': 'u1' }, payload: {} });
    expect(invalid.statusCode).toBe(400);
    expect(ownHookRan).toBe(true);

    const ok = await a.inject({
      method: 'POST',
      url: '/api/things',
      headers: { 'x-user': 'u1' },
      payload: { name: 'x' },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ by: 'u1', name: 'x' });
  });

  it('guards the HEAD route Fastify adds for a required GET', async () => {
    const a = bareApp();
    app = a;
    a.get('/api/mine', { config: { auth: 'required' } }, async (request) => ({ id: signedInUser(request).id }));
    expect((await a.inject({ method: 'HEAD', url: '/api/mine' })).statusCode).toBe(401);
    expect((await a.inject({ method: 'GET', url: '/api/mine' })).statusCode).toBe(401);
    expect((await a.inject({ method: 'GET', url: '/api/mine', headers: { 'x-user': 'u2' } })).json()).toEqual({
      id: 'u2',
    });
  });

  it("lets anyone call an `auth: 'public'` route and a read that declares nothing", async () => {
    const a = bareApp();
    app = a;
    a.post('/api/open', { config: { auth: 'public' } }, async () => ({ ok: true }));
    a.get('/api/read', async () => ({ ok: true }));
    expect((await a.inject({ method: 'POST', url: '/api/open' })).statusCode).toBe(200);
    expect((await a.inject({ method: 'GET', url: '/api/read' })).statusCode).toBe(200);
    expect(a.routeAuth.get('POST /api/open')).toBe('public');
    expect(a.routeAuth.has('GET /api/read')).toBe(true);
    expect(a.routeAuth.get('GET /api/read')).toBeUndefined();
  });

  it.each(['POST', 'PUT', 'PATCH', 'DELETE'] as const)(
    'refuses to register an /api %s route that declares no auth',
    async (method) => {
      const a = bareApp();
      app = a;
      void a.register(async (scoped) => {
        scoped.route({ method, url: '/api/forgot/:id', handler: async () => ({}) });
      });
      await expect(a.ready()).rejects.toThrow(`${method} /api/forgot/:id writes but declares no config.auth`);
    },
  );

  it('does not ask routes outside /api to declare anything', async () => {
    const a = bareApp();
    app = a;
    a.post('/hooks/outside', async () => ({ ok: true }));
    await a.ready();
    expect((await a.inject({ method: 'POST', url: '/hooks/outside' })).statusCode).toBe(200);
  });

  it('fails loudly (500), not quietly, when a route reads the user without declaring auth', async () => {
    const a = bareApp();
    app = a;
    a.get('/api/forgot', async (request) => ({ id: signedInUser(request).id }));
    const res = await a.inject({ method: 'GET', url: '/api/forgot' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ message: 'Internal Server Error', code: 'INTERNAL' });
  });
});
