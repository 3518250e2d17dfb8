/**
 * Every /api route that writes says who may call it (`config.auth`), so a new route cannot forget its sign-in
 * check; and the guard saw every route the app has (it is registered before them all). See plugins/auth.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mustDeclareAuth } from '../../src/server/plugins/auth';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { registeredRoutes } from './registered-routes';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('route auth declarations', () => {
  it('every /api route that writes declares auth, and the guard saw every route', () => {
    const routes = registeredRoutes(t.app);
    const writes = routes.filter((r) => mustDeclareAuth(r.method, r.path));
    expect(writes.length).toBeGreaterThan(40);
    // printRoutes shows a wildcard child without its slash (`/api/docs*` for `/api/docs/*`): matched loosely.
    const seen = (method: string, path: string) =>
      t.app.routeAuth.has(`${method} ${path}`) || t.app.routeAuth.has(`${method} ${path.replace(/\*$/, '/*')}`);
    const unseen = routes.filter((r) => !seen(r.method, r.path));
    expect(unseen).toEqual([]);
    const undeclared = writes.filter((r) => t.app.routeAuth.get(`${r.method} ${r.path}`) === undefined);
    expect(undeclared).toEqual([]);
  });

  it('only the sign-in, sign-out and password-reset writes are public', () => {
    const publicWrites = registeredRoutes(t.app)
      .filter((r) => mustDeclareAuth(r.method, r.path) && t.app.routeAuth.get(`${r.method} ${r.path}`) === 'public')
      .map((r) => `${r.method} ${r.path}`)
      .sort();
    expect(publicWrites).toEqual([
      'POST /api/auth/login',
      'POST /api/auth/logout',
      'POST /api/auth/password-reset',
      'POST /api/auth/password-reset/confirm',
      'POST /api/auth/register',
    ]);
  });
});
