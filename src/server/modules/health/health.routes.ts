/** Liveness and readiness probes for operators and load balancers. */
import { z } from 'zod';
import type { AppModule } from '../../deps';

/** Set by serve.ts when shutdown starts, so load balancers stop sending traffic before the server closes. */
export const healthState = { draining: false };

const LIVE_BODY = Buffer.from(JSON.stringify({ status: 'ok' }));

/** A probe must answer quickly even when the database hangs (an unreachable host, a full pool). */
export const PING_TIMEOUT_MS = 2_000;

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

export const healthModule: AppModule = {
  name: 'health',
  register(app, { database }) {
    // The answer never changes: sent as ready bytes, past the response serialiser (a probe should cost nothing).
    app.get(
      '/livez',
      {
        schema: {
          tags: ['ops'],
          summary: 'Process is alive',
          response: { 200: z.object({ status: z.literal('ok') }) },
        },
      },
      (_request, reply) => {
        reply.type('application/json; charset=utf-8').send(LIVE_BODY as never);
      },
    );
    app.get(
      '/readyz',
      {
        schema: {
          tags: ['ops'],
          summary: 'Ready to serve traffic',
          response: { 200: z.object({ status: z.string() }), 503: z.object({ status: z.string() }) },
        },
      },
      async (_request, reply) => {
        if (healthState.draining) return reply.status(503).send({ status: 'draining' });
        try {
          await withTimeout(database.ping(), PING_TIMEOUT_MS);
          return { status: 'ready' };
        } catch {
          return reply.status(503).send({ status: 'database unreachable' });
        }
      },
    );
  },
};
