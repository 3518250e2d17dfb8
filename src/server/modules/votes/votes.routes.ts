/** Routes: cast a vote, read a song's counts. */
import { z } from 'zod';
import { ErrorBodySchema, IdSchema } from '../../../shared/schemas/common';
import { CastVoteSchema, VoteCountSchema, VoteResultSchema } from '../../../shared/schemas/vote';
import type { AppModule } from '../../deps';
import { RATE_RULES } from '../../lib/rate-limiter';
import { signedInUser } from '../../plugins/auth';
import * as service from './votes.service';

const CountParamsSchema = z.object({ songId: IdSchema });
const CountQuerySchema = z.strictObject({
  venueId: z
    .union([z.literal('global'), z.literal(''), IdSchema], { message: "venueId must be a venue id or 'global'" })
    .optional()
    .transform((v) => (v === undefined || v === '' || v === 'global' ? null : v)),
});

export const votesModule: AppModule = {
  name: 'votes',
  register(app, deps) {
    const tags = ['votes'];

    app.post(
      '/api/votes',
      {
        config: { auth: 'required' },
        schema: {
          tags,
          summary: 'Vote a song up or down (again to remove, the other way to switch), globally or in a venue',
          body: CastVoteSchema,
          response: {
            200: VoteResultSchema,
            400: ErrorBodySchema,
            401: ErrorBodySchema,
            404: ErrorBodySchema,
            409: ErrorBodySchema,
            429: ErrorBodySchema,
          },
        },
      },
      async (request) => {
        const user = signedInUser(request);
        deps.limiter.hit(RATE_RULES.votes, user.id);
        const { songId, voteType, venueId } = request.body;
        return service.castVote(deps, user.id, { songId, voteType, venueId: venueId ?? null });
      },
    );

    app.get(
      '/api/votes/:songId',
      {
        schema: {
          tags,
          summary: "A song's up and down votes, globally or in a venue",
          params: CountParamsSchema,
          querystring: CountQuerySchema,
          response: { 200: VoteCountSchema, 404: ErrorBodySchema },
        },
      },
      async (request) =>
        service.getVoteCount(deps.db, request.user?.id ?? null, request.params.songId, request.query.venueId),
    );
  },
  start(deps) {
    deps.state.totalsFold.start();
  },
  async stop(deps) {
    await deps.state.totalsFold.stop();
  },
};
