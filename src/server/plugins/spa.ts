/** Serves the built single-page app: hashed assets cached for a year, index.html for every other path. */
import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { ERROR_CODES } from '../../shared/errors';

export async function registerSpa(app: FastifyInstance, webDir: string | undefined) {
  const indexFile = webDir ? path.join(webDir, 'index.html') : undefined;
  const hasIndex = indexFile ? fs.existsSync(indexFile) : false;
  if (webDir && hasIndex) {
    await app.register(fastifyStatic, {
      root: webDir,
      wildcard: false,
      index: false,
      setHeaders(res, filePath) {
        if (filePath.includes(`${path.sep}assets${path.sep}`)) res.header('Cache-Control', 'public, max-age=31536000, immutable');
        else res.header('Cache-Control', 'no-cache');
      },
    });
  }
  const indexHtml = hasIndex ? fs.readFileSync(indexFile!, 'utf8') : fallbackHtml;
  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0];
    if (url.startsWith('/api/') || url === '/api' || request.method !== 'GET' && request.method !== 'HEAD') {
      return reply.status(404).send({ message: `Not found: ${request.method} ${url.slice(0, 200)}`, code: ERROR_CODES.NOT_FOUND });
    }
    if (/\.[a-z0-9]{1,8}$/i.test(url) && url.startsWith('/assets/')) {
      return reply.status(404).type('text/plain').send('Not found');
    }
    return reply.status(200).type('text/html; charset=utf-8').header('Cache-Control', 'no-cache').send(indexHtml);
  });
}

const fallbackHtml = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>CrowdMix</title></head>
<body><p>CrowdMix's web app is not built. Run <code>npm run build</code>.</p></body></html>`;
