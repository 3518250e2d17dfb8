/** Routes: the global Top 100 mix, venue mixes and trending uploads. */
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { TRENDING_COUNT, TRENDING_LIMIT_MAX } from '../../../shared/constants';
import { ErrorBodySchema, IdParamsSchema } from '../../../shared/schemas/common';
import { SongSchema } from '../../../shared/schemas/song';
import { MixResponseSchema } from '../../../shared/schemas/venue';
import type { AppModule } from '../../deps';
import * as service from './mixes.service';
import { startCharts, stopCharts } from './charts.service';
import { BodyPool } from '../../lib/body-pool';
import { acceptsGzip, type MixBody } from './mix-body';

const TrendingQuerySchema = z.strictObject({
  limit: z.coerce
    .number({ message: 'limit must be a number' })
    .int({ message: 'limit must be a whole number' })
    .min(1, { message: `limit must be between 1 and ${TRENDING_LIMIT_MAX}` })
    .max(TRENDING_LIMIT_MAX, { message: `limit must be between 1 and ${TRENDING_LIMIT_MAX}` })
    .default(TRENDING_COUNT),
});

const JSON_TYPE = 'application/json; charset=utf-8';

/**
 * Sends a pre-encoded mix: fastify passes a Buffer through untouched, bypassing the response serialiser. A body in
 * parts (a signed-in caller's) is joined in a buffer lent by the pool until the response closes (ADR 050).
 */
function sendMix(reply: FastifyReply, mix: MixBody, pool: BodyPool) {
  reply.type(JSON_TYPE).header('vary', 'Accept-Encoding, Cookie');
  if (mix.encoding) reply.header('content-encoding', mix.encoding);
  const body = mix.parts.length === 1 ? mix.parts[0] : pool.join(mix.parts, mix.byteLength, reply.raw);
  return reply.send(body as never);
}

export const mixesModule: AppModule = {
  name: 'mixes',
  register(app, deps) {
    const tags = ['mixes'];
    const bodies = new BodyPool();

    app.get(
      '/api/mix/global',
      {
        schema: { tags, summary: 'The global Top 100 mix (ranked by net votes)', response: { 200: MixResponseSchema } },
      },
      async (request, reply) =>
        sendMix(
          reply,
          await service.getMixBody(
            deps.state,
            request.user?.id ?? null,
            null,
            acceptsGzip(request.headers['accept-encoding']),
          ),
          bodies,
        ),
    );

    app.get(
      '/api/mix/venue/:id',
      {
        schema: {
          tags,
          summary: "A venue's mix, ranked by the votes cast in that venue",
          params: IdParamsSchema,
          response: { 200: MixResponseSchema, 404: ErrorBodySchema },
        },
      },
      async (request, reply) =>
        sendMix(
          reply,
          await service.getMixBody(
            deps.state,
            request.user?.id ?? null,
            request.params.id,
            acceptsGzip(request.headers['accept-encoding']),
          ),
          bodies,
        ),
    );

    app.get(
      '/api/songs/trending',
      {
        schema: {
          tags,
          summary: 'Trending uploads (time-decayed hot score)',
          querystring: TrendingQuerySchema,
          response: { 200: z.array(SongSchema) },
        },
      },
      async (request) => service.getTrending(deps.state, request.user?.id ?? null, request.query.limit),
    );
  },
  start(deps) {
    startCharts(deps, deps.state.mixes);
  },
  async stop(deps) {
    stopCharts(deps.state.mixes);
    await deps.state.mixes.stop();
  },
};
