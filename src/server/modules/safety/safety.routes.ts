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
import { requireUser } from '../../plugins/session';
import { refuseSuspended } from './roles';
import * as service from './safety.service';

const signedIn = async (request: Parameters<typeof requireUser>[0]) => void requireUser(request);
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
        preValidation: signedIn,
        schema: { tags, summary: 'The people you blocked', response: { 200: z.array(BlockSchema), ...errors } },
      },
      async (request) => service.listBlocks(deps.db, requireUser(request).id),
    );

    app.post(
      '/api/blocks',
      {
        preValidation: signedIn,
        schema: {
          tags,
          summary: 'Block a person: they cannot message you, and do not see your presence',
          body: UserIdBodySchema,
          response: { 201: BlockSchema, ...errors },
        },
      },
      async (request, reply) =>
        reply.status(201).send(await service.block(deps, requireUser(request).id, request.body.userId)),
    );

    app.delete(
      '/api/blocks/:userId',
      {
        preValidation: signedIn,
        schema: {
          tags,
          summary: 'Unblock a person',
          params: UserParamsSchema,
          response: { 204: z.null(), ...errors },
        },
      },
      async (request, reply) => {
        await service.unblock(deps, requireUser(request).id, request.params.userId);
        return reply.status(204).send(null);
      },
    );

    app.post(
      '/api/reports',
      {
        preValidation: signedIn,
        schema: {
          tags,
          summary: 'Report a song, message, playlist, venue or person to the moderators',
          body: CreateReportSchema,
          response: { 201: ReportSchema, ...errors },
        },
      },
      async (request, reply) =>
        reply.status(201).send(await service.createReport(deps, requireUser(request).id, request.body)),
    );

    app.get(
      '/api/notifications',
      {
        preValidation: signedIn,
        schema: {
          tags,
          summary: 'Your notices (reports handled, mutes, removals), newest first',
          response: { 200: NotificationsSchema, ...errors },
        },
      },
      async (request) => service.listNotifications(deps.db, requireUser(request).id),
    );

    app.post(
      '/api/notifications/read',
      {
        preValidation: signedIn,
        schema: {
          tags,
          summary: 'Mark your notices read',
          response: { 200: z.object({ updated: z.number().int() }), ...errors },
        },
      },
      async (request) => ({ updated: await service.markNotificationsRead(deps, requireUser(request).id) }),
    );
  },
};
