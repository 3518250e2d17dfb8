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
import { requireUser } from '../../plugins/session';
import * as service from './messages.service';

const signedIn = async (request: Parameters<typeof requireUser>[0]) => void requireUser(request);
const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 404: ErrorBodySchema, 429: ErrorBodySchema };

export const messagesModule: AppModule = {
  name: 'messages',
  register(app, deps) {
    const tags = ['messages'];

    app.get(
      '/api/messages',
      {
        preValidation: signedIn,
        schema: {
          tags,
          summary:
            "The caller's private messages (sent and received); `with` narrows to one conversation, `before` pages back",
          querystring: PrivateHistoryQuerySchema,
          response: { 200: z.array(MessageSchema), ...errors },
        },
      },
      async (request) => service.list(deps, requireUser(request).id, request.query),
    );

    app.post(
      '/api/messages',
      {
        preValidation: signedIn,
        schema: {
          tags,
          summary: 'Send a private message',
          body: SendPrivateMessageSchema,
          response: { 201: MessageSchema, ...errors },
        },
      },
      async (request, reply) => reply.status(201).send(await service.send(deps, requireUser(request).id, request.body)),
    );

    app.get(
      '/api/messages/conversations',
      {
        preValidation: signedIn,
        schema: {
          tags,
          summary: "The caller's conversations, newest first, with unread counts",
          response: { 200: z.array(ConversationSchema), ...errors },
        },
      },
      async (request) => service.conversations(deps, requireUser(request).id),
    );

    app.get(
      '/api/messages/unread-count',
      {
        preValidation: signedIn,
        schema: {
          tags,
          summary: 'How many private messages to the caller are unread',
          response: { 200: UnreadCountSchema, ...errors },
        },
      },
      async (request) => ({ count: await service.unreadCount(deps, requireUser(request).id) }),
    );

    app.post(
      '/api/messages/read',
      {
        preValidation: signedIn,
        schema: {
          tags,
          summary: 'Mark the conversation with a user read',
          body: MarkReadSchema,
          response: { 200: MarkReadResultSchema, ...errors },
        },
      },
      async (request) => ({ updated: await service.markRead(deps, requireUser(request).id, request.body.otherUserId) }),
    );
  },
};
