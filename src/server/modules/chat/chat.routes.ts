/** Chat rooms: GET/POST /api/messages/global and /api/venues/{id}/messages. */
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { ErrorBodySchema, IdParamsSchema } from '../../../shared/schemas/common';
import { ChatHistoryQuerySchema, MessageSchema, SendChatMessageSchema } from '../../../shared/schemas/message';
import type { AppModule } from '../../deps';
import { signedInUser } from '../../plugins/auth';
import * as service from './chat.service';

const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 404: ErrorBodySchema, 429: ErrorBodySchema };
const GLOBAL = { kind: 'global' } as const;

/** A poll with nothing new (the hot path of every open chat) is answered with ready bytes, past the serialiser. */
const EMPTY_LIST = Buffer.from('[]');
const sendEmpty = (reply: FastifyReply) => reply.type('application/json; charset=utf-8').send(EMPTY_LIST as never);

export const chatModule: AppModule = {
  name: 'chat',
  register(app, deps) {
    const tags = ['chat'];
    // A venue's room is its chat's: only active venues have one (a made-up id is refused, never created).
    deps.hub.authorizeRooms('venue:', (_client, room) => service.mayWatchVenue(deps, room));

    app.get(
      '/api/messages/global',
      {
        schema: {
          tags,
          summary:
            'Global chat: the newest 100 messages in time order; `before` pages back, `after` polls for newer ones',
          querystring: ChatHistoryQuerySchema,
          response: { 200: z.array(MessageSchema), ...errors },
        },
      },
      async (request, reply) =>
        service.nothingNew(deps, GLOBAL, request.query)
          ? sendEmpty(reply)
          : service.history(deps, GLOBAL, request.query),
    );

    app.post(
      '/api/messages/global',
      {
        config: { auth: 'required' },
        schema: {
          tags,
          summary: 'Send a global chat message',
          body: SendChatMessageSchema,
          response: { 201: MessageSchema, ...errors },
        },
      },
      async (request, reply) => {
        const user = signedInUser(request);
        const message = await service.send(deps, user.id, { kind: 'global' }, request.body.content);
        return reply.status(201).send(message);
      },
    );

    app.get(
      '/api/venues/:id/messages',
      {
        schema: {
          tags,
          summary: "A venue's chat: the newest 100 messages in time order; `before` pages back, `after` polls",
          params: IdParamsSchema,
          querystring: ChatHistoryQuerySchema,
          response: { 200: z.array(MessageSchema), ...errors },
        },
      },
      async (request, reply) => {
        const room = { kind: 'venue', venueId: request.params.id } as const;
        return service.nothingNew(deps, room, request.query)
          ? sendEmpty(reply)
          : service.history(deps, room, request.query);
      },
    );

    app.post(
      '/api/venues/:id/messages',
      {
        config: { auth: 'required' },
        schema: {
          tags,
          summary: "Send a message to a venue's chat",
          params: IdParamsSchema,
          body: SendChatMessageSchema,
          response: { 201: MessageSchema, ...errors },
        },
      },
      async (request, reply) => {
        const user = signedInUser(request);
        const message = await service.send(
          deps,
          user.id,
          { kind: 'venue', venueId: request.params.id },
          request.body.content,
        );
        return reply.status(201).send(message);
      },
    );
  },
};
