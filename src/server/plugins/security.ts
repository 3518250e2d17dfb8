/**
 * Security headers and the Origin check. Pages (the SPA, the API docs, assets) get helmet's full set with a CSP
 * allowing only the YouTube IFrame API and thumbnails; data responses (JSON under /api, the probes) get the short
 * set OWASP recommends for APIs: they are never rendered as documents, and the full set is 900 bytes on every
 * response (`npm run bench`: a bare node:http server sending it runs at 0.75x of itself). ADR 009.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import { forbidden } from '../lib/http-errors';

/**
 * The pages' CSP. Scripts may connect only to this host: `'self'` (which CSP Level 3 extends to ws:/wss: on the
 * same host), plus APP_URL's websocket origin spelled out for browsers that predate that rule (ADR 014).
 */
export function cspDirectives(appUrl?: string) {
  const socketOrigin = appUrl ? new URL(appUrl).origin.replace(/^http/, 'ws') : undefined;
  return { ...CSP_DIRECTIVES, connectSrc: ["'self'", ...(socketOrigin ? [socketOrigin] : [])] };
}

const CSP_DIRECTIVES = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'", 'https://www.youtube.com'],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:', 'https://i.ytimg.com'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'"],
  frameSrc: ['https://www.youtube.com', 'https://www.youtube-nocookie.com', "'self'"],
  mediaSrc: ["'self'", 'blob:'],
  workerSrc: ["'self'", 'blob:'],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
  upgradeInsecureRequests: null,
};

/**
 * The headers helmet sets for `options`, computed once. (@fastify/helmet rebuilt helmet, CSP parsing included,
 * on every request: the largest single cost of a cheap request in `npm run bench`.)
 */
export function securityHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const res = {
    setHeader: (name: string, value: string | number) => void (headers[name.toLowerCase()] = String(value)),
    removeHeader: (name: string) => void delete headers[name.toLowerCase()],
  };
  helmet(options)({} as IncomingMessage, res as unknown as ServerResponse, () => {});
  return headers;
}

export async function registerSecurity(app: FastifyInstance, opts: { appUrl?: string }) {
  const headers = securityHeaders({
    contentSecurityPolicy: { useDefaults: false, directives: cspDirectives(opts.appUrl) },
    // YouTube refuses embeds without a referrer (error 153); helmet's default no-referrer breaks playback.
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: { policy: 'same-origin' },
    hsts: opts.appUrl?.startsWith('https://') ? { maxAge: 15_552_000 } : false,
  });
  // One synchronous hook for every request (a hook's cost shows in `npm run bench`, framework overhead): the
  // precomputed security headers, the request id, and the Origin check of state-changing requests.
  // JSON answers are per-user or change with every vote: no cache keeps them (a route may set its own policy).
  const dataHeaders: Record<string, string> = {
    'cache-control': 'private, no-store',
    'content-security-policy': DATA_CSP,
    'x-content-type-options': 'nosniff',
    'cross-origin-resource-policy': 'same-origin',
    ...(headers['strict-transport-security']
      ? { 'strict-transport-security': headers['strict-transport-security'] }
      : {}),
  };
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(isDataPath(request.url) ? dataHeaders : headers);
    reply.header('x-request-id', request.id);
    if (STATE_CHANGING.has(request.method)) {
      const origin = request.headers.origin;
      if (origin && !isOwnOrigin(origin, request.headers.host, request.protocol, opts.appUrl))
        return done(forbidden('Cross-site request refused'));
    }
    done();
  });
}

/** Nothing may load, run or frame a data response (a route that serves a document sets its own CSP). */
export const DATA_CSP = "default-src 'none'; frame-ancestors 'none'";

/** JSON API routes and the probes; not /api/docs (a page). */
export function isDataPath(url: string): boolean {
  if (url.startsWith('/api/')) return !url.startsWith('/api/docs');
  return url === '/livez' || url === '/readyz' || url.startsWith('/livez?') || url.startsWith('/readyz?');
}

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** True when `origin` is this app: APP_URL when set, otherwise the request's own host. */
export function isOwnOrigin(origin: string, host: string | undefined, protocol: string, appUrl?: string): boolean {
  if (origin === 'null') return false;
  if (appUrl) return origin === new URL(appUrl).origin;
  if (!host) return false;
  try {
    const o = new URL(origin);
    const own = new URL(`${protocol}://${host}`);
    // Behind a TLS-terminating proxy without TRUST_PROXY the scheme may differ; the host must not.
    return o.host === own.host;
  } catch {
    return false;
  }
}
