/** Community playlists (spec section 7, plus moderation, leaving and member roles). Thin: validate, ask, present. */
import { z } from 'zod';
import { ErrorBodySchema, IdParamsSchema } from '../../../shared/schemas/common';
import {
  CreatePlaylistSchema,
  InviteQuerySchema,
  JoinPlaylistSchema,
  MemberParamsSchema,
  PlaylistDetailSchema,
  PlaylistMemberSchema,
  PlaylistSchema,
  PlaylistSongParamsSchema,
  PlaylistSongSchema,
  PlaylistVoteResultSchema,
  PlaylistVoteSchema,
  ProposeSongSchema,
  UpdateMemberSchema,
} from '../../../shared/schemas/playlist';
import type { AppModule } from '../../deps';
import { RATE_RULES } from '../../lib/rate-limiter';
import { signedInUser } from '../../plugins/auth';
import * as service from './playlists.service';

const errors = {
  400: ErrorBodySchema,
  401: ErrorBodySchema,
  403: ErrorBodySchema,
  404: ErrorBodySchema,
  409: ErrorBodySchema,
  429: ErrorBodySchema,
};
const BASE = '/api/community-playlists';

export const playlistsModule: AppModule = {
  name: 'playlists',
  register(app, deps) {
    const { db, hub, limiter } = deps;
    const ctx = { db, hub };
    const tags = ['community playlists'];

    // Private playlists' rooms are for their members only.
    hub.authorizeRooms('playlist:', (client, room) =>
      service.mayWatch(db, Number(room.slice('playlist:'.length)), client.userId),
    );

    app.get(
      BASE,
      { schema: { tags, summary: 'Playlists the caller may see', response: { 200: z.array(PlaylistSchema) } } },
      async (request) => service.listPlaylists(db, request.user?.id ?? null),
    );

    app.post(
      BASE,
      {
        config: { auth: 'required' },
        schema: {
          tags,
          summary: 'Create a playlist (the creator becomes its admin)',
          body: CreatePlaylistSchema,
          response: { 201: PlaylistDetailSchema, ...errors },
        },
      },
      async (request, reply) => {
        const user = signedInUser(request);
        return reply.status(201).send(await service.createPlaylist(ctx, user.id, request.body));
      },
    );

    app.get(
      `${BASE}/:id`,
      {
        schema: {
          tags,
          summary: "One playlist with the caller's membership",
          params: IdParamsSchema,
          querystring: InviteQuerySchema,
          response: { 200: PlaylistDetailSchema, ...errors },
        },
      },
      async (request) => service.getPlaylist(db, request.params.id, request.user?.id ?? null, request.query.invite),
    );

    app.get(
      `${BASE}/:id/songs`,
      {
        schema: {
          tags,
          summary: "The playlist's songs",
          params: IdParamsSchema,
          querystring: InviteQuerySchema,
          response: { 200: z.array(PlaylistSongSchema), ...errors },
        },
      },
      async (request) => service.listSongs(db, request.params.id, request.user?.id ?? null, request.query.invite),
    );

    app.get(
      `${BASE}/:id/members`,
      {
        schema: {
          tags,
          summary: "The playlist's members",
          params: IdParamsSchema,
          querystring: InviteQuerySchema,
          response: { 200: z.array(PlaylistMemberSchema), ...errors },
        },
      },
      async (request) => service.listMembers(db, request.params.id, request.user?.id ?? null, request.query.invite),
    );

    app.post(
      `${BASE}/:id/songs`,
      {
        config: { auth: 'required' },
        schema: {
          tags,
          summary: 'Propose a song',
          params: IdParamsSchema,
          body: ProposeSongSchema,
          response: { 201: PlaylistSongSchema, ...errors },
        },
      },
      async (request, reply) => {
        const user = signedInUser(request);
        return reply.status(201).send(await service.proposeSong(ctx, user.id, request.params.id, request.body.songId));
      },
    );

    app.post(
      `${BASE}/songs/:playlistSongId/vote`,
      {
        config: { auth: 'required' },
        schema: {
          tags,
          summary: 'Vote on a pending song',
          params: PlaylistSongParamsSchema,
          body: PlaylistVoteSchema,
          response: { 200: PlaylistVoteResultSchema, ...errors },
        },
      },
      async (request) => {
        const user = signedInUser(request);
        limiter.hit(RATE_RULES.votes, user.id);
        return service.voteOnSong(ctx, user.id, request.params.playlistSongId, request.body.voteType);
      },
    );

    for (const decision of ['approve', 'reject'] as const) {
      app.post(
        `${BASE}/songs/:playlistSongId/${decision}`,
        {
          config: { auth: 'required' },
          schema: {
            tags,
            summary: `${decision === 'approve' ? 'Approve' : 'Reject'} a pending song (moderators)`,
            params: PlaylistSongParamsSchema,
            response: { 200: PlaylistSongSchema, ...errors },
          },
        },
        async (request) => service.moderateSong(ctx, signedInUser(request).id, request.params.playlistSongId, decision),
      );
    }

    app.delete(
      `${BASE}/songs/:playlistSongId`,
      {
        config: { auth: 'required' },
        schema: {
          tags,
          summary: 'Remove a song from the playlist (moderators)',
          params: PlaylistSongParamsSchema,
          response: { 204: z.null(), ...errors },
        },
      },
      async (request, reply) => {
        await service.removeSong(ctx, signedInUser(request).id, request.params.playlistSongId);
        return reply.status(204).send(null);
      },
    );

    app.post(
      `${BASE}/:id/join`,
      {
        config: { auth: 'required' },
        schema: {
          tags,
          summary: 'Join a playlist (a private one with its invite)',
          params: IdParamsSchema,
          body: JoinPlaylistSchema,
          response: { 200: PlaylistDetailSchema, ...errors },
        },
      },
      async (request) => service.joinPlaylist(ctx, signedInUser(request).id, request.params.id, request.body?.invite),
    );

    app.post(
      `${BASE}/:id/leave`,
      {
        config: { auth: 'required' },
        schema: { tags, summary: 'Leave a playlist', params: IdParamsSchema, response: { 204: z.null(), ...errors } },
      },
      async (request, reply) => {
        await service.leavePlaylist(ctx, signedInUser(request).id, request.params.id);
        return reply.status(204).send(null);
      },
    );

    app.patch(
      `${BASE}/:id/members/:userId`,
      {
        config: { auth: 'required' },
        schema: {
          tags,
          summary: "Change a member's role or flags (admins)",
          params: MemberParamsSchema,
          body: UpdateMemberSchema,
          response: { 200: PlaylistMemberSchema, ...errors },
        },
      },
      async (request) =>
        service.updateMember(ctx, signedInUser(request).id, request.params.id, request.params.userId, request.body),
    );
  },
};
