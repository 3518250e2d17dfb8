/** DJ Verse's routes: POST /api/ai/chat, GET and DELETE /api/ai/history, GET /api/ai/song-attributes. */
import { z } from 'zod';
import {
  AiChatReplySchema,
  AiChatRequestSchema,
  AiHistorySchema,
  AttributeSuggestionQuerySchema,
  AttributeSuggestionSchema,
} from '../../../shared/schemas/assistant';
import { ErrorBodySchema } from '../../../shared/schemas/common';
import type { AppModule } from '../../deps';
import { signedInUser } from '../../plugins/auth';
import { presentTurn } from './assistant.presenter';
import * as service from './assistant.service';

export const assistantModule: AppModule = {
  name: 'assistant',
  register(app, deps) {
    const tags = ['assistant'];

    app.post(
      '/api/ai/chat',
      {
        config: { auth: 'required' },
        schema: {
          tags,
          summary: 'Ask DJ Verse for recommendations',
          body: AiChatRequestSchema,
          response: { 200: AiChatReplySchema, 400: ErrorBodySchema, 401: ErrorBodySchema, 429: ErrorBodySchema },
        },
      },
      async (request) => service.chat(deps, signedInUser(request), request.body.message),
    );

    app.get(
      '/api/ai/history',
      {
        config: { auth: 'required' },
        schema: {
          tags,
          summary: "The user's DJ Verse conversation, oldest first",
          response: { 200: AiHistorySchema, 401: ErrorBodySchema },
        },
      },
      async (request) => {
        const user = signedInUser(request);
        const turns = await service.history(deps, user.id);
        return turns.map((t) => presentTurn(t.row, t.recommendations));
      },
    );

    app.delete(
      '/api/ai/history',
      {
        config: { auth: 'required' },
        schema: {
          tags,
          summary: 'Start the DJ Verse conversation over',
          response: { 204: z.null(), 401: ErrorBodySchema },
        },
      },
      async (request, reply) => {
        const user = signedInUser(request);
        await service.clear(deps, user.id);
        return reply.status(204).send(null);
      },
    );

    app.get(
      '/api/ai/song-attributes',
      {
        schema: {
          tags,
          summary: 'Suggested attributes for a song of this genre (energy, tempo, moods), for the upload form',
          querystring: AttributeSuggestionQuerySchema,
          response: { 200: AttributeSuggestionSchema, 400: ErrorBodySchema },
        },
      },
      async (request, reply) => {
        // The same answer for everyone: a day in caches is fine.
        void reply.header('cache-control', 'public, max-age=86400');
        return service.suggestAttributes(request.query.genre);
      },
    );
  },
};
