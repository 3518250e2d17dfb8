/** Administrators' moderation (/api/admin/*) and venue owners' chat moderation (/api/venues/{id}/…). */
import { z } from 'zod';
import { ErrorBodySchema, IdParamsSchema } from '../../../shared/schemas/common';
import {
  AdminReportSchema,
  AuditEntrySchema,
  MuteInfoSchema,
  MuteSchema,
  MyMuteSchema,
  ReportQuerySchema,
  ResolveReportSchema,
  RestoreSchema,
  SuspendSchema,
  UserParamsSchema,
  VenueMessageParamsSchema,
  VenueUserParamsSchema,
} from '../../../shared/schemas/safety';
import type { AppModule } from '../../deps';
import { signedInUser } from '../../plugins/auth';
import * as service from './moderation.service';

const errors = {
  400: ErrorBodySchema,
  401: ErrorBodySchema,
  403: ErrorBodySchema,
  404: ErrorBodySchema,
  409: ErrorBodySchema,
  429: ErrorBodySchema,
};

export const moderationModule: AppModule = {
  name: 'moderation',
  register(app, deps) {
    const tags = ['moderation'];

    app.get(
      '/api/admin/reports',
      {
        config: { auth: 'required' },
        schema: {
          tags,
          summary: 'Administrators: the report queue (open, oldest first) or handled reports, with context',
          querystring: ReportQuerySchema,
          response: { 200: z.array(AdminReportSchema), ...errors },
        },
      },
      async (request) => service.listReports(deps, signedInUser(request).id, request.query.status ?? 'open'),
    );

    app.post(
      '/api/admin/reports/:id/resolve',
      {
        config: { auth: 'required' },
        schema: {
          tags,
          summary: "Administrators: dismiss a report, hide or remove its item, or suspend the item's author",
          params: IdParamsSchema,
          body: ResolveReportSchema,
          response: { 204: z.null(), ...errors },
        },
      },
      async (request, reply) => {
        await service.resolveReport(deps, signedInUser(request).id, request.params.id, request.body);
        return reply.status(204).send(null);
      },
    );

    app.post(
      '/api/admin/users/:userId/suspend',
      {
        config: { auth: 'required' },
        schema: {
          tags,
          summary: 'Administrators: suspend a person for a time or for good (their sessions end now)',
          params: UserParamsSchema,
          body: SuspendSchema,
          response: { 200: z.object({ suspendedUntil: z.string().nullable() }), ...errors },
        },
      },
      async (request) => service.suspendUser(deps, signedInUser(request).id, request.params.userId, request.body),
    );

    app.post(
      '/api/admin/restore',
      {
        config: { auth: 'required' },
        schema: {
          tags,
          summary: 'Administrators: show a hidden song, playlist or venue again, or lift a suspension',
          body: RestoreSchema,
          response: { 204: z.null(), ...errors },
        },
      },
      async (request, reply) => {
        await service.restore(deps, signedInUser(request).id, request.body);
        return reply.status(204).send(null);
      },
    );

    app.get(
      '/api/admin/audit',
      {
        config: { auth: 'required' },
        schema: {
          tags,
          summary: 'Administrators: every moderation action, newest first (who, what, when, why)',
          response: { 200: z.array(AuditEntrySchema), ...errors },
        },
      },
      async (request) => service.auditLog(deps, signedInUser(request).id),
    );

    app.delete(
      '/api/venues/:id/messages/:messageId',
      {
        config: { auth: 'required' },
        schema: {
          tags,
          summary: "Venue owners: delete a message from the venue's chat",
          params: VenueMessageParamsSchema,
          response: { 204: z.null(), ...errors },
        },
      },
      async (request, reply) => {
        await service.deleteVenueMessage(deps, signedInUser(request).id, request.params.id, request.params.messageId);
        return reply.status(204).send(null);
      },
    );

    app.get(
      '/api/venues/:id/mutes',
      {
        config: { auth: 'required' },
        schema: {
          tags,
          summary: "Venue owners: who is muted in the venue's chat, until when",
          params: IdParamsSchema,
          response: { 200: z.array(MuteInfoSchema), ...errors },
        },
      },
      async (request) => service.listMutes(deps, signedInUser(request).id, request.params.id),
    );

    app.post(
      '/api/venues/:id/mutes',
      {
        config: { auth: 'required' },
        schema: {
          tags,
          summary: "Venue owners: mute a person in the venue's chat for 10, 60 or 1440 minutes",
          params: IdParamsSchema,
          body: MuteSchema,
          response: { 201: MuteInfoSchema, ...errors },
        },
      },
      async (request, reply) =>
        reply.status(201).send(await service.mute(deps, signedInUser(request).id, request.params.id, request.body)),
    );

    app.delete(
      '/api/venues/:id/mutes/:userId',
      {
        config: { auth: 'required' },
        schema: {
          tags,
          summary: "Venue owners: unmute a person in the venue's chat",
          params: VenueUserParamsSchema,
          response: { 204: z.null(), ...errors },
        },
      },
      async (request, reply) => {
        await service.unmute(deps, signedInUser(request).id, request.params.id, request.params.userId);
        return reply.status(204).send(null);
      },
    );

    app.get(
      '/api/venues/:id/my-mute',
      {
        config: { auth: 'required' },
        schema: {
          tags,
          summary: "Until when you are muted in the venue's chat (null: you are not)",
          params: IdParamsSchema,
          response: { 200: MyMuteSchema, ...errors },
        },
      },
      async (request) => service.myMute(deps, signedInUser(request).id, request.params.id),
    );
  },
};
