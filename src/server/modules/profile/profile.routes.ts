/** GET /api/users/me/stats: the profile screen's figures, uploads and venues. */
import { ErrorBodySchema } from '../../../shared/schemas/common';
import { UserStatsSchema } from '../../../shared/schemas/user';
import type { AppModule } from '../../deps';
import { signedInUser } from '../../plugins/auth';
import * as service from './profile.service';

export const profileModule: AppModule = {
  name: 'profile',
  register(app, deps) {
    app.get(
      '/api/users/me/stats',
      {
        config: { auth: 'required' },
        schema: {
          tags: ['profile'],
          summary: "The caller's uploads, venues, votes, level progress and achievements",
          response: { 200: UserStatsSchema, 401: ErrorBodySchema },
        },
      },
      async (request) => service.stats(deps.db, signedInUser(request).id),
    );
  },
};
