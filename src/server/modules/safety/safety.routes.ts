/** Blocks, reports and notices: /api/blocks, /api/reports, /api/notifications. Also refuses suspended sign-ins. */
import { z } from 'zod';
import { ErrorBodySchema } from '../../../shared/schemas/common';
import {
  BlockSchema,
  CreateReportSchema,
  NotificationsSchema,
  ReportSchema,
  UserIdBodySchema,
  UserParamsSchema,
} from '../../../shared/schemas/safety';
import type { AppModule } from '../../deps';
import { signedInUser } from '../../plugins/auth';
import { refuseSuspended } from './roles';
import * as service from './safety.service';

const errors = {
  400: ErrorBodySchema,
  401: ErrorBodySchema,
  403: ErrorBodySchema,
  404: ErrorBodySchema,
  409: ErrorBodySchema,
  429: ErrorBodySchema,
};

export const safetyModule: AppModule = {
  name: 'safety',
  register(app, deps) {
    const tags = ['safety'];
    deps.sessions.onSignIn((userId) => refuseSuspended(deps.db, userId));

    app.get(
      '/api/blocks',
      {
        config: { auth: 'required' },
        schema: { tags, summary: 'The people you blocked', response: { 200: z.array(BlockSchema), ...errors } },
      },
      async (request) => service.listBlocks(deps.db, signedInUser(request).id),
    );

    app.post(
      '/api/blocks',
      {
        config: { auth: 'required' },
        schema: {
          tags,
          summary: 'Block a person: they cannot message you, and do not see your presence',
          body: UserIdBodySchema,
          response: { 201: BlockSchema, ...errors },
        },
      },
      async (request, reply) =>
        reply.status(201).send(await service.block(deps, signedInUser(request).id, request.body.userId)),
    );

    app.delete(
      '/api/blocks/:userId',
      {
        config: { auth: 'required' },
        schema: {
          tags,
          summary: 'Unblock a person',
          params: UserParamsSchema,
          response: { 204: z.null(), ...errors },
        },
      },
      async (request, reply) => {
        await service.unblock(deps, signedInUser(request).id, request.params.userId);
        return reply.status(204).send(null);
      },
    );

    app.post(
      '/api/reports',
      {
        config: { auth: 'required' },
        schema: {
          tags,
          summary: 'Report a song, message, playlist, venue or person to the moderators',
          body: CreateReportSchema,
          response: { 201: ReportSchema, ...errors },
        },
      },
      async (request, reply) =>
        reply.status(201).send(await service.createReport(deps, signedInUser(request).id, request.body)),
    );

    app.get(
      '/api/notifications',
      {
        config: { auth: 'required' },
        schema: {
          tags,
          summary: 'Your notices (reports handled, mutes, removals), newest first',
          response: { 200: NotificationsSchema, ...errors },
        },
      },
      async (request) => service.listNotifications(deps.db, signedInUser(request).id),
    );

    app.post(
      '/api/notifications/read',
      {
        config: { auth: 'required' },
        schema: {
          tags,
          summary: 'Mark your notices read',
          response: { 200: z.object({ updated: z.number().int() }), ...errors },
        },
      },
      async (request) => ({ updated: await service.markNotificationsRead(deps, signedInUser(request).id) }),
    );
  },
};
