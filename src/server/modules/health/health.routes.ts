/** Liveness and readiness probes for operators and load balancers. */
import { z } from 'zod';
import type { AppModule } from '../../deps';

export const healthState = { draining: false };

export const healthModule: AppModule = {
  name: 'health',
  register(app, { database }) {
    app.get('/livez', { schema: { tags: ['ops'], summary: 'Process is alive', response: { 200: z.object({ status: z.literal('ok') }) } } }, async () => ({
      status: 'ok' as const,
    }));
    app.get(
      '/readyz',
      { schema: { tags: ['ops'], summary: 'Ready to serve traffic', response: { 200: z.object({ status: z.string() }), 503: z.object({ status: z.string() }) } } },
      async (_request, reply) => {
        if (healthState.draining) return reply.status(503).send({ status: 'draining' });
        try {
          await database.ping();
          return { status: 'ready' };
        } catch {
          return reply.status(503).send({ status: 'database unreachable' });
        }
      },
    );
  },
};
