/**
 * The one authentication guard (ADR 018). A route says who may call it in its options —
 * `config: { auth: 'required' }` or `config: { auth: 'public' }` — and one `onRoute` hook, registered before any
 * module, puts the check in front of every route that requires a user: visitors get the 401 before their input is
 * even looked at (preValidation). An /api route that writes (POST, PUT, PATCH, DELETE) must say one or the other,
 * or the app refuses to start, so a new route cannot forget. Who may do what to which row (owners, playlist roles,
 * site administrators) stays a rule of the services.
 */
import type { FastifyInstance, FastifyRequest, HTTPMethods, RouteOptions } from 'fastify';
import { unauthorized } from '../lib/http-errors';
import type { SessionUser } from './session';

/** Who may call a route: a signed-in user only, or anyone. */
export type RouteAuth = 'required' | 'public';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call the route (see plugins/auth.ts); required on every /api route that writes. */
    auth?: RouteAuth;
  }
  interface FastifyInstance {
    /** Every route's declared `auth` by `METHOD url` (undefined: none declared), for the test that holds the rule. */
    routeAuth: ReadonlyMap<string, RouteAuth | undefined>;
  }
}

const WRITES: ReadonlySet<string> = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** True for a route that must declare its `auth`: under /api and writing. */
export function mustDeclareAuth(method: string, url: string): boolean {
  return url.startsWith('/api/') && WRITES.has(method);
}

/** Answers visitors with the 401 every signed-in route gives (`{message: 'Unauthorized', code: 'UNAUTHORIZED'}`). */
async function signedInOnly(request: FastifyRequest): Promise<void> {
  if (!request.user) throw unauthorized();
}

const methodsOf = (method: HTTPMethods | HTTPMethods[]): string[] => (Array.isArray(method) ? method : [method]);

/** Registers the guard; call it before any route is added (it sees only the routes registered after it). */
export function registerAuthGuard(app: FastifyInstance): void {
  const declared = new Map<string, RouteAuth | undefined>();
  app.decorate('routeAuth', declared);
  app.addHook('onRoute', (route: RouteOptions) => {
    const auth = route.config?.auth;
    for (const method of methodsOf(route.method)) {
      declared.set(`${method} ${route.url}`, auth);
      if (auth === undefined && mustDeclareAuth(method, route.url))
        throw new Error(`${method} ${route.url} writes but declares no config.auth ('required' or 'public')`);
    }
    if (auth !== 'required') return;
    const own = route.preValidation;
    route.preValidation = own === undefined ? [signedInOnly] : [signedInOnly, ...(Array.isArray(own) ? own : [own])];
  });
}

/**
 * The user of a route that declares `auth: 'required'`: the guard has answered visitors already, so this only
 * gives the type. Called from a route that forgot the declaration it fails loudly (500, logged), never quietly.
 */
export function signedInUser(request: FastifyRequest): SessionUser {
  const user = request.user;
  if (!user) throw new Error(`${request.method} ${request.routeOptions.url} needs config.auth 'required'`);
  return user;
}
