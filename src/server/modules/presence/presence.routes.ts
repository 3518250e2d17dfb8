/** Presence and moods: GET /api/users/online, GET /api/venues/{id}/users, PATCH /api/users/{id}/mood, and the /ws hooks. */
import { z } from 'zod';
import { CurrentUserSchema, PublicUserSchema } from '../../../shared/schemas/auth';
import { ErrorBodySchema, IdParamsSchema } from '../../../shared/schemas/common';
import { OnlineUserSchema, UpdateMoodSchema, UserIdParamsSchema } from '../../../shared/schemas/user';
import type { AppModule } from '../../deps';
import { signedInUser } from '../../plugins/auth';
import * as service from './presence.service';
import { withoutBlockers } from '../safety/safety.service';

const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 403: ErrorBodySchema, 404: ErrorBodySchema };

export const presenceModule: AppModule = {
  name: 'presence',
  register(app, deps) {
    const tags = ['presence'];
    const presence = deps.state.presence;
    deps.hub.onConnect((client) => presence.connected(client));
    deps.hub.onDisconnect((client) => presence.disconnected(client));
    deps.hub.onMessage('ping', (client) => presence.heartbeat(client));
    deps.hub.onMessage('presence', (client, message) =>
      message.type === 'presence' ? presence.enterVenue(client, message.venueId) : undefined,
    );

    app.get(
      '/api/users/online',
      {
        config: { auth: 'required' },
        schema: {
          tags,
          summary: 'Users online now, one entry each, with mood and venue',
          response: { 200: z.array(OnlineUserSchema), ...errors },
        },
      },
      // People who blocked the viewer do not show in their list.
      async (request) => withoutBlockers(deps.db, signedInUser(request).id, await service.online(deps)),
    );

    app.get(
      '/api/venues/:id/users',
      {
        config: { auth: 'required' },
        schema: {
          tags,
          summary: 'Users in a venue now',
          params: IdParamsSchema,
          response: { 200: z.array(OnlineUserSchema), ...errors },
        },
      },
      async (request) =>
        withoutBlockers(deps.db, signedInUser(request).id, await service.online(deps, request.params.id)),
    );

    app.get(
      '/api/users/:id',
      {
        config: { auth: 'required' },
        schema: {
          tags,
          summary: 'A user as others see them (no email)',
          params: UserIdParamsSchema,
          response: { 200: PublicUserSchema, ...errors },
        },
      },
      async (request) => service.publicProfile(deps, request.params.id),
    );

    app.patch(
      '/api/users/:id/mood',
      {
        config: { auth: 'required' },
        schema: {
          tags,
          summary: "Set one's own music mood ('' clears it)",
          params: UserIdParamsSchema,
          body: UpdateMoodSchema,
          response: { 200: CurrentUserSchema, ...errors },
        },
      },
      async (request) =>
        service.setMood(deps, presence, signedInUser(request).id, request.params.id, request.body.mood),
    );
  },
  start(deps) {
    deps.state.presence.start();
  },
  stop(deps) {
    deps.state.presence.stop();
  },
};
