/**
 * The OpenAPI document generated from the route schemas, at /api/docs (UI) and /api/docs/json (and /yaml).
 *
 * Built on the first request under /api/docs, not at boot: @fastify/swagger and @fastify/swagger-ui, with yaml,
 * @fastify/static and a file read of their own, cost 150–400 ms of the cold start on PGlite (`npm run bench --
 * --only=cold`), for a page few visitors open. At boot this plugin only records the routes (an onRoute hook).
 * The first docs request builds a small Fastify instance holding swagger, swagger-ui and every recorded route
 * (the same method, URL, schema and config, without handlers), so the document is the one swagger would have
 * generated on the app itself, and the docs requests are answered by that instance (through inject). The app's
 * own hooks still run for them (security headers, request id), its not-found handler answers unknown paths.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';

export const DOCS_PREFIX = '/api/docs';

/** Request headers the docs instance does not see (hop-by-hop, or a body it does not need: these are GETs). */
const DROPPED_REQUEST_HEADERS = new Set([
  'connection',
  'keep-alive',
  'transfer-encoding',
  'content-length',
  'accept-encoding',
  'upgrade',
]);
/** Response headers the app sets itself when it sends the body. */
const DROPPED_RESPONSE_HEADERS = new Set(['connection', 'keep-alive', 'transfer-encoding', 'content-length', 'date']);

export async function registerOpenApi(app: FastifyInstance) {
  const routes: RouteOptions[] = [];
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith(DOCS_PREFIX)) routes.push(route);
  });

  let docs: Promise<FastifyInstance> | undefined;
  const docsApp = () => {
    docs ??= buildDocsApp(routes, app.initialConfig).catch((err: unknown) => {
      docs = undefined; // the next request tries again
      throw err;
    });
    return docs;
  };
  app.addHook('onClose', async () => {
    if (docs) await (await docs.catch(() => undefined))?.close();
  });

  async function forward(request: FastifyRequest, reply: FastifyReply) {
    const headers: Record<string, string | string[]> = {};
    for (const [k, v] of Object.entries(request.headers))
      if (v !== undefined && !DROPPED_REQUEST_HEADERS.has(k)) headers[k] = v;
    // HEAD as GET: the docs instance has no HEAD routes (the app's own recorded ones would collide), and the app
    // leaves the body out of a HEAD answer itself.
    const res = await (await docsApp()).inject({ method: 'GET', url: request.url, headers });
    if (res.statusCode === 404) return reply.callNotFound();
    for (const [k, v] of Object.entries(res.headers))
      if (v !== undefined && !DROPPED_RESPONSE_HEADERS.has(k)) reply.header(k, v);
    // An empty body (a redirect, a 304) is sent as none, so that no content type is made up for it.
    return reply.code(res.statusCode).send(res.rawPayload.length ? res.rawPayload : undefined);
  }
  app.get(DOCS_PREFIX, { schema: { hide: true } }, forward);
  app.get(`${DOCS_PREFIX}/*`, { schema: { hide: true } }, forward);
}

/** A Fastify instance serving only the docs, with the recorded routes so that swagger documents them. */
async function buildDocsApp(
  routes: RouteOptions[],
  appConfig: FastifyInstance['initialConfig'],
): Promise<FastifyInstance> {
  const [{ default: Fastify }, { default: swagger }, { default: swaggerUi }, { jsonSchemaTransform }] =
    await Promise.all([
      import('fastify'),
      import('@fastify/swagger'),
      import('@fastify/swagger-ui'),
      import('fastify-type-provider-zod'),
    ]);
  // The recorded routes include the app's HEAD routes (swagger leaves them out of the document, as it did).
  const docs = Fastify({ logger: false, exposeHeadRoutes: false, routerOptions: appConfig.routerOptions });
  // The schemas are only documented here: the recorded routes never answer.
  docs.setValidatorCompiler(() => () => true);
  docs.setSerializerCompiler(() => (data) => JSON.stringify(data));
  await docs.register(swagger, {
    openapi: {
      info: { title: 'CrowdMix API', version: '1.0.0', description: 'CrowdMix — for the love of music.' },
      components: {
        securitySchemes: {
          session: {
            type: 'apiKey',
            in: 'cookie',
            name: 'crowdmix_sid',
            description: 'Named __Host-crowdmix_sid when the server is served over https (APP_URL=https://…).',
          },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  // The UI runs under the app's own CSP (set by the security hook): swagger-ui's staticCSP would replace it with
  // one that blocks the UI's inline styles, lets images load from validator.swagger.io and allows framing. Its
  // only script is a file; the validator badge (a third-party image) is turned off.
  await docs.register(swaggerUi, { routePrefix: DOCS_PREFIX, staticCSP: false, uiConfig: { validatorUrl: null } });
  for (const r of routes) {
    docs.route({
      method: r.method,
      url: r.url,
      schema: r.schema,
      config: r.config,
      constraints: r.constraints,
      handler: () => undefined,
    });
  }
  await docs.ready();
  return docs;
}
