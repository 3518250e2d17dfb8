/** The OpenAPI document generated from the route schemas, at /api/docs (UI) and /api/docs/json. */
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

export async function registerOpenApi(app: FastifyInstance) {
  await app.register(swagger, {
    openapi: {
      info: { title: 'CrowdMix API', version: '1.0.0', description: 'CrowdMix — for the love of music.' },
      components: { securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'crowdmix_sid' } } },
    },
    transform: jsonSchemaTransform,
  });
  // The UI runs under the app's own CSP (set by helmet): swagger-ui's staticCSP would replace it with one that
  // blocks the UI's inline styles, lets images load from validator.swagger.io and allows framing. Its only
  // script is a file; the validator badge (a third-party image) is turned off.
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: false, uiConfig: { validatorUrl: null } });
}
