/** The OpenAPI document lists every registered route (and nothing else); the UI is served under /api/docs. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  // The document is built on the first docs request: several at once must share one build and one answer.
  const first = await Promise.all([1, 2, 3].map(() => t.app.inject({ url: '/api/docs/json' })));
  firstBodies = first.map((r) => `${r.statusCode} ${r.body}`);
});
afterAll(async () => t?.close());
let firstBodies: string[] = [];

/**
 * Every (method, path) Fastify routes, read from printRoutes' tree, where a child line's text continues its
 * parent's path: `├── /api/songs (GET, HEAD, POST)` then `│   └── /:id (DELETE)`.
 */
function registeredRoutes(tree: string): Array<{ method: string; path: string }> {
  const routes: Array<{ method: string; path: string }> = [];
  const stack: string[] = [];
  for (const line of tree.split('\n')) {
    const m = /^([│ ]*)[├└]── (.*?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!m) continue;
    const depth = m[1].length / 4;
    stack.length = depth;
    const full = (stack[depth - 1] ?? '') + m[2];
    stack[depth] = full;
    for (const method of m[3]?.split(', ') ?? []) routes.push({ method, path: full });
  }
  return routes;
}

const toOpenApiPath = (p: string) => p.replace(/:(\w+)/g, '{$1}');
const undocumented = (path: string) => path === '/ws' || path.startsWith('/api/docs') || path.includes('*');

describe('OpenAPI', () => {
  it('documents exactly the registered routes', async () => {
    const res = await t.app.inject({ url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json() as { openapi: string; paths: Record<string, Record<string, { responses?: object }>> };
    expect(doc.openapi).toMatch(/^3\./);

    const routes = registeredRoutes(t.app.printRoutes({ commonPrefix: false })).filter(
      (r) => r.method !== 'HEAD' && r.method !== 'OPTIONS' && !undocumented(r.path),
    );
    // The parser must have seen the tree; a format change would otherwise pass vacuously.
    expect(routes).toContainEqual({ method: 'POST', path: '/api/auth/register' });
    expect(routes.length).toBeGreaterThan(10);

    const missing = routes
      .filter((r) => !doc.paths[toOpenApiPath(r.path)]?.[r.method.toLowerCase()])
      .map((r) => `${r.method} ${r.path}`);
    expect(missing, 'routes missing from /api/docs/json').toEqual([]);

    const registered = new Set(routes.map((r) => `${r.method.toLowerCase()} ${toOpenApiPath(r.path)}`));
    const stale = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.keys(ops)
        .filter((m) => ['get', 'post', 'put', 'patch', 'delete'].includes(m) && !registered.has(`${m} ${path}`))
        .map((m) => `${m.toUpperCase()} ${path}`),
    );
    expect(stale, 'documented operations with no route').toEqual([]);
    for (const [path, ops] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(ops))
        expect(op.responses, `${method} ${path} has responses`).toBeDefined();
    }
    expect(doc.paths['/ws']).toBeUndefined();
  });

  it('serves the UI under /api/docs with its own scripts only', async () => {
    const entry = await t.app.inject({ url: '/api/docs' });
    let page = entry;
    if (entry.statusCode >= 300 && entry.statusCode < 400)
      page = await t.app.inject({ url: new URL(String(entry.headers.location), 'http://x/api/docs/').pathname });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.body).toContain('swagger-ui');
    // The app's own CSP (no framing, no third party but YouTube), not a looser one of swagger-ui's.
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toBe(String((await t.app.inject({ url: '/' })).headers['content-security-policy']));
    expect(csp).toContain("frame-ancestors 'none'");
    const init = await t.app.inject({ url: '/api/docs/static/swagger-initializer.js' });
    expect(init.statusCode).toBe(200);
    expect(init.body).toMatch(/"validatorUrl":\s*null/);
  });
});

describe('OpenAPI, built on the first docs request', () => {
  it('answers the first requests, made together, with one and the same complete document', async () => {
    expect(firstBodies).toHaveLength(3);
    expect(new Set(firstBodies).size).toBe(1);
    expect(firstBodies[0]).toMatch(/^200 /);
    const doc = JSON.parse(firstBodies[0].slice(4)) as { paths: Record<string, unknown> };
    expect(doc.paths['/api/mix/global']).toBeDefined();
    expect((await t.app.inject({ url: '/api/docs/json' })).body).toBe(firstBodies[0].slice(4));
    const yaml = await t.app.inject({ url: '/api/docs/yaml' });
    expect(yaml.statusCode).toBe(200);
    expect(yaml.body).toContain('/api/mix/global:');
  });

  it('answers the docs paths as the app does: its 404, redirects without a body, HEAD, conditional GETs', async () => {
    const missing = await t.app.inject({ url: '/api/docs/static/no-such-file.js' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ code: 'NOT_FOUND' });

    const redirect = await t.app.inject({ url: '/api/docs/static/index.html' });
    expect(redirect.statusCode).toBe(302);
    expect(redirect.headers.location).toBe('/api/docs/');
    expect(redirect.headers['content-type']).toBeUndefined();
    expect(redirect.body).toBe('');

    const css = await t.app.inject({ url: '/api/docs/static/swagger-ui.css' });
    expect(css.statusCode).toBe(200);
    expect(css.headers['content-type']).toMatch(/text\/css/);
    expect(css.headers['x-request-id']).toBeTruthy();
    const etag = String(css.headers.etag);
    expect(
      (await t.app.inject({ url: '/api/docs/static/swagger-ui.css', headers: { 'if-none-match': etag } })).statusCode,
    ).toBe(304);
    const head = await t.app.inject({ method: 'HEAD', url: '/api/docs/json' });
    expect(head.statusCode).toBe(200);
    expect(head.body).toBe('');
  });
});
