/** Venue Live routes (the list, with who may call each, is at the top of src/shared/schemas/live.ts). Thin. */
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ErrorBodySchema, IdParamsSchema } from '../../../shared/schemas/common';
import {
  LiveBanBodySchema,
  LiveBanParamsSchema,
  LiveBanSchema,
  LiveCodeQuerySchema,
  LiveCohostBodySchema,
  LiveCohostParamsSchema,
  LiveCohostSchema,
  LiveControlBodySchema,
  LiveEntryParamsSchema,
  LiveHeartbeatBodySchema,
  LiveHeartbeatResultSchema,
  LiveHistoryRowSchema,
  LiveHostInfoSchema,
  LiveJoinBodySchema,
  LiveJoinCodeSchema,
  LiveJoinResultSchema,
  LivePlaybackReportSchema,
  LiveReactionBodySchema,
  LiveReportSchema,
  LiveRequestBodySchema,
  LiveRequestResultSchema,
  LiveSettingsInputSchema,
  LiveSettingsSchema,
  LiveSkipResultSchema,
  LiveStartBodySchema,
  LiveStateSchema,
  LiveViewSchema,
  LiveVoteBodySchema,
  LiveVoteResultSchema,
} from '../../../shared/schemas/live';
import type { AppModule } from '../../deps';
import { RATE_RULES } from '../../lib/rate-limiter';
import { publicOrigin } from '../../lib/public-origin';
import { signedInUser } from '../../plugins/auth';
import * as service from './live.service';

const errors = {
  400: ErrorBodySchema,
  401: ErrorBodySchema,
  403: ErrorBodySchema,
  404: ErrorBodySchema,
  409: ErrorBodySchema,
  429: ErrorBodySchema,
};
/** Every route of a venue's live night hangs under this path. */
const V = '/api/venues/:id/live';

export const liveModule: AppModule = {
  name: 'live',
  register(app, deps) {
    const { db, hub, limiter } = deps;
    const tags = ['venue live'];
    const origin = (request: FastifyRequest) => publicOrigin(deps.config, request);

    // Anyone may watch an active venue's live room (the TV needs no sign-in); the state holds no join code.
    hub.authorizeRooms('live:', (_client, room) => service.mayWatch(db, Number(room.slice('live:'.length))));

    // ---- anyone
    app.get(
      V,
      {
        schema: {
          tags,
          summary: "A venue's live state, and the caller's own part (me) when signed in",
          params: IdParamsSchema,
          response: { 200: LiveViewSchema, ...errors },
        },
      },
      async (request) => service.getView(deps, request.params.id, request.user?.id ?? null),
    );

    app.get(
      `${V}/history`,
      {
        schema: {
          tags,
          summary: "Tonight's songs (the open or last session), newest first",
          params: IdParamsSchema,
          response: { 200: z.array(LiveHistoryRowSchema), ...errors },
        },
      },
      async (request) => service.history(deps, request.params.id),
    );

    app.get(
      `${V}/code`,
      {
        schema: {
          tags,
          summary: 'The join code for the TV (with its display key) or a host',
          params: IdParamsSchema,
          querystring: LiveCodeQuerySchema,
          response: { 200: LiveJoinCodeSchema, ...errors },
        },
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        return service.joinCode(deps, request.params.id, request.query.key, request.user?.id ?? null, origin(request));
      },
    );

    // ---- signed-in patrons
    app.post(
      '/api/live/join',
      {
        config: { auth: 'required' },
        schema: {
          tags,
          summary: "Join a venue's live night with the code on its screen (present for a few hours)",
          body: LiveJoinBodySchema,
          response: { 200: LiveJoinResultSchema, ...errors },
        },
      },
      async (request) => {
        const user = signedInUser(request);
        limiter.hit(RATE_RULES.liveJoin, user.id);
        return service.join(deps, user.id, request.body.code);
      },
    );

    app.post(
      `${V}/leave`,
      {
        config: { auth: 'required' },
        schema: {
          tags,
          summary: 'Leave (no longer present)',
          params: IdParamsSchema,
          response: { 204: z.null(), ...errors },
        },
      },
      async (request, reply) => {
        await service.leave(deps, request.params.id, signedInUser(request).id);
        return reply.status(204).send(null);
      },
    );

    app.post(
      `${V}/requests`,
      {
        config: { auth: 'required' },
        schema: {
          tags,
          summary: 'Request a song (present patrons); a song already waiting gets your up-vote instead',
          params: IdParamsSchema,
          body: LiveRequestBodySchema,
          response: { 200: LiveRequestResultSchema, 201: LiveRequestResultSchema, ...errors },
        },
      },
      async (request, reply) => {
        const user = signedInUser(request);
        limiter.hit(RATE_RULES.liveRequests, user.id);
        const { status, result } = await service.request(deps, request.params.id, user.id, request.body);
        return reply.status(status).send(result);
      },
    );

    app.post(
      '/api/live/entries/:entryId/vote',
      {
        config: { auth: 'required' },
        schema: {
          tags,
          summary: 'Vote on a waiting song: 1, -1, or 0 to take the vote back (present patrons)',
          params: LiveEntryParamsSchema,
          body: LiveVoteBodySchema,
          response: { 200: LiveVoteResultSchema, ...errors },
        },
      },
      async (request) => {
        const user = signedInUser(request);
        limiter.hit(RATE_RULES.liveVotes, user.id);
        return service.vote(deps, request.params.entryId, user.id, request.body.value);
      },
    );

    app.post(
      '/api/live/entries/:entryId/skip',
      {
        config: { auth: 'required' },
        schema: {
          tags,
          summary: 'Vote to skip the song playing (present patrons)',
          params: LiveEntryParamsSchema,
          response: { 200: LiveSkipResultSchema, ...errors },
        },
      },
      async (request) => {
        const user = signedInUser(request);
        limiter.hit(RATE_RULES.liveSkips, user.id);
        return service.skipVote(deps, request.params.entryId, user.id);
      },
    );

    app.post(
      `${V}/reactions`,
      {
        config: { auth: 'required' },
        schema: {
          tags,
          summary: 'Send a reaction to the TV (present patrons)',
          params: IdParamsSchema,
          body: LiveReactionBodySchema,
          response: { 204: z.null(), ...errors },
        },
      },
      async (request, reply) => {
        const user = signedInUser(request);
        limiter.hit(RATE_RULES.liveReactions, user.id);
        await service.react(deps, request.params.id, user.id, request.body.emoji);
        return reply.status(204).send(null);
      },
    );

    // ---- hosts
    app.get(
      `${V}/host`,
      {
        config: { auth: 'required' },
        schema: {
          tags,
          summary: 'The host screen: TV link, settings, session (hosts)',
          params: IdParamsSchema,
          response: { 200: LiveHostInfoSchema, ...errors },
        },
      },
      async (request) => service.hostInfo(deps, request.params.id, signedInUser(request).id, origin(request)),
    );

    app.post(
      `${V}/session`,
      {
        config: { auth: 'required' },
        schema: {
          tags,
          summary: 'Start or rejoin the live session on this device (hosts); takeover moves it from another device',
          params: IdParamsSchema,
          body: LiveStartBodySchema,
          response: { 200: LiveHostInfoSchema, ...errors },
        },
      },
      async (request) =>
        service.startSession(deps, request.params.id, signedInUser(request).id, request.body, origin(request)),
    );

    app.post(
      `${V}/heartbeat`,
      {
        config: { auth: 'required' },
        schema: {
          tags,
          summary: 'The host device is alive (every few seconds)',
          params: IdParamsSchema,
          body: LiveHeartbeatBodySchema,
          response: { 200: LiveHeartbeatResultSchema, ...errors },
        },
      },
      async (request) => service.heartbeat(deps, request.params.id, signedInUser(request).id, request.body.deviceId),
    );

    app.post(
      `${V}/playback`,
      {
        config: { auth: 'required' },
        schema: {
          tags,
          summary: "What the host device's player did (started, ended, paused, resumed, unplayable)",
          params: IdParamsSchema,
          body: LivePlaybackReportSchema,
          response: { 200: LiveStateSchema, ...errors },
        },
      },
      async (request) => service.playback(deps, request.params.id, signedInUser(request).id, request.body),
    );

    app.post(
      `${V}/control`,
      {
        config: { auth: 'required' },
        schema: {
          tags,
          summary: 'Pause, resume, skip, lock or unlock requests, end the night (hosts)',
          params: IdParamsSchema,
          body: LiveControlBodySchema,
          response: { 200: LiveStateSchema, ...errors },
        },
      },
      async (request) => service.control(deps, request.params.id, signedInUser(request).id, request.body.action),
    );

    app.delete(
      '/api/live/entries/:entryId',
      {
        config: { auth: 'required' },
        schema: {
          tags,
          summary: 'Remove a waiting song (hosts)',
          params: LiveEntryParamsSchema,
          response: { 204: z.null(), ...errors },
        },
      },
      async (request, reply) => {
        await service.removeEntry(deps, request.params.entryId, signedInUser(request).id);
        return reply.status(204).send(null);
      },
    );

    app.get(
      `${V}/settings`,
      {
        config: { auth: 'required' },
        schema: {
          tags,
          summary: 'Live settings (hosts)',
          params: IdParamsSchema,
          response: { 200: LiveSettingsSchema, ...errors },
        },
      },
      async (request) => service.getSettings(deps, request.params.id, signedInUser(request).id),
    );

    app.put(
      `${V}/settings`,
      {
        config: { auth: 'required' },
        schema: {
          tags,
          summary: 'Change live settings (hosts); only what is sent changes',
          params: IdParamsSchema,
          body: LiveSettingsInputSchema,
          response: { 200: LiveSettingsSchema, ...errors },
        },
      },
      async (request) => service.putSettings(deps, request.params.id, signedInUser(request).id, request.body),
    );

    app.post(
      `${V}/display-key`,
      {
        config: { auth: 'required' },
        schema: {
          tags,
          summary: 'A new TV link (the old one stops showing the join code)',
          params: IdParamsSchema,
          response: { 200: LiveHostInfoSchema, ...errors },
        },
      },
      async (request) => service.newTvLink(deps, request.params.id, signedInUser(request).id, origin(request)),
    );

    app.get(
      `${V}/bans`,
      {
        config: { auth: 'required' },
        schema: {
          tags,
          summary: 'Banned songs and artists (hosts)',
          params: IdParamsSchema,
          response: { 200: z.array(LiveBanSchema), ...errors },
        },
      },
      async (request) => service.listBans(deps, request.params.id, signedInUser(request).id),
    );

    app.post(
      `${V}/bans`,
      {
        config: { auth: 'required' },
        schema: {
          tags,
          summary: 'Ban a song or an artist (hosts): removed from the queue at once, refused later',
          params: IdParamsSchema,
          body: LiveBanBodySchema,
          response: { 201: LiveBanSchema, ...errors },
        },
      },
      async (request, reply) =>
        reply.status(201).send(await service.addBan(deps, request.params.id, signedInUser(request).id, request.body)),
    );

    app.delete(
      `${V}/bans/:banId`,
      {
        config: { auth: 'required' },
        schema: {
          tags,
          summary: 'Lift a ban (hosts)',
          params: LiveBanParamsSchema,
          response: { 204: z.null(), ...errors },
        },
      },
      async (request, reply) => {
        await service.removeBan(deps, request.params.id, signedInUser(request).id, request.params.banId);
        return reply.status(204).send(null);
      },
    );

    app.get(
      `${V}/report`,
      {
        config: { auth: 'required' },
        schema: {
          tags,
          summary: "Tonight's report (hosts)",
          params: IdParamsSchema,
          response: { 200: LiveReportSchema, ...errors },
        },
      },
      async (request) => service.report(deps, request.params.id, signedInUser(request).id),
    );

    app.get(
      `${V}/report.csv`,
      {
        config: { auth: 'required' },
        schema: {
          tags,
          summary: "Tonight's history as CSV (hosts)",
          params: IdParamsSchema,
          response: { 200: z.string().describe('a CSV file'), ...errors },
        },
      },
      async (request, reply) => {
        const csv = await service.reportCsv(deps, request.params.id, signedInUser(request).id);
        reply
          .type('text/csv; charset=utf-8')
          .header('cache-control', 'no-store')
          .header('content-disposition', `attachment; filename="live-${request.params.id}.csv"`);
        return reply.send(csv);
      },
    );

    // ---- owner
    app.get(
      `${V}/cohosts`,
      {
        config: { auth: 'required' },
        schema: {
          tags,
          summary: 'Co-hosts (owner)',
          params: IdParamsSchema,
          response: { 200: z.array(LiveCohostSchema), ...errors },
        },
      },
      async (request) => service.listCohosts(deps, request.params.id, signedInUser(request).id),
    );

    app.post(
      `${V}/cohosts`,
      {
        config: { auth: 'required' },
        schema: {
          tags,
          summary: 'Add a co-host by email (owner)',
          params: IdParamsSchema,
          body: LiveCohostBodySchema,
          response: { 201: LiveCohostSchema, ...errors },
        },
      },
      async (request, reply) =>
        reply
          .status(201)
          .send(await service.addCohost(deps, request.params.id, signedInUser(request).id, request.body.email)),
    );

    app.delete(
      `${V}/cohosts/:userId`,
      {
        config: { auth: 'required' },
        schema: {
          tags,
          summary: 'Remove a co-host (owner)',
          params: LiveCohostParamsSchema,
          response: { 204: z.null(), ...errors },
        },
      },
      async (request, reply) => {
        await service.removeCohost(deps, request.params.id, signedInUser(request).id, request.params.userId);
        return reply.status(204).send(null);
      },
    );
  },
  start(deps) {
    deps.state.live.start();
  },
  async stop(deps) {
    await deps.state.live.stop();
  },
};
