/** Private messages: GET/POST /api/messages, conversations, the unread count and marking a thread read. */
import { z } from 'zod';
import { ErrorBodySchema } from '../../../shared/schemas/common';
import {
  ConversationSchema,
  MarkReadResultSchema,
  MarkReadSchema,
  MessageSchema,
  PrivateHistoryQuerySchema,
  SendPrivateMessageSchema,
  UnreadCountSchema,
} from '../../../shared/schemas/message';
import type { AppModule } from '../../deps';
import { signedInUser } from '../../plugins/auth';
import * as service from './messages.service';

const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 404: ErrorBodySchema, 429: ErrorBodySchema };

export const messagesModule: AppModule = {
  name: 'messages',
  register(app, deps) {
    const tags = ['messages'];

    app.get(
      '/api/messages',
      {
        config: { auth: 'required' },
        schema: {
          tags,
          summary:
            "The caller's private messages (sent and received); `with` narrows to one conversation, `before` pages back",
          querystring: PrivateHistoryQuerySchema,
          response: { 200: z.array(MessageSchema), ...errors },
        },
      },
      async (request) => service.list(deps, signedInUser(request).id, request.query),
    );

    app.post(
      '/api/messages',
      {
        config: { auth: 'required' },
        schema: {
          tags,
          summary: 'Send a private message',
          body: SendPrivateMessageSchema,
          response: { 201: MessageSchema, ...errors },
        },
      },
      async (request, reply) =>
        reply.status(201).send(await service.send(deps, signedInUser(request).id, request.body)),
    );

    app.get(
      '/api/messages/conversations',
      {
        config: { auth: 'required' },
        schema: {
          tags,
          summary: "The caller's conversations, newest first, with unread counts",
          response: { 200: z.array(ConversationSchema), ...errors },
        },
      },
      async (request) => service.conversations(deps, signedInUser(request).id),
    );

    app.get(
      '/api/messages/unread-count',
      {
        config: { auth: 'required' },
        schema: {
          tags,
          summary: 'How many private messages to the caller are unread',
          response: { 200: UnreadCountSchema, ...errors },
        },
      },
      async (request) => ({ count: await service.unreadCount(deps, signedInUser(request).id) }),
    );

    app.post(
      '/api/messages/read',
      {
        config: { auth: 'required' },
        schema: {
          tags,
          summary: 'Mark the conversation with a user read',
          body: MarkReadSchema,
          response: { 200: MarkReadResultSchema, ...errors },
        },
      },
      async (request) => ({
        updated: await service.markRead(deps, signedInUser(request).id, request.body.otherUserId),
      }),
    );
  },
};
