/** The (method, path) pairs an app has registered, read from Fastify's printRoutes tree. */
import type { FastifyInstance } from 'fastify';

/**
 * Parses `app.printRoutes({ commonPrefix: false })`, where a child line's text continues its parent's path:
 * `├── /api/songs (GET, HEAD, POST)` then `│   └── /:id (DELETE)`.
 */
export function registeredRoutes(app: FastifyInstance): Array<{ method: string; path: string }> {
  const routes: Array<{ method: string; path: string }> = [];
  const stack: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
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

/** Whether a concrete URL (query ignored) fits a Fastify path pattern such as `/api/songs/:id`. */
export function urlMatches(pattern: string, url: string): boolean {
  const re = new RegExp(`^${pattern.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:(\w+)/g, '[^/]+')}$`);
  return re.test(url.split('?')[0]);
}
