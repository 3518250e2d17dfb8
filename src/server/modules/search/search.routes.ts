/** Route: GET /api/search (songs, artists, venues, public playlists). */
import { ErrorBodySchema } from '../../../shared/schemas/common';
import { SearchQuerySchema, SearchResponseSchema } from '../../../shared/schemas/search';
import type { AppModule } from '../../deps';
import * as service from './search.service';

export const searchModule: AppModule = {
  name: 'search',
  register(app, deps) {
    app.get(
      '/api/search',
      {
        schema: {
          tags: ['search'],
          summary:
            'Search songs (title, artist, genre), artists, venues and public playlists; typos and partial words match',
          querystring: SearchQuerySchema,
          response: { 200: SearchResponseSchema, 400: ErrorBodySchema },
        },
      },
      async (request) => service.search(deps, request.query.q, request.query.limit, request.user?.id ?? null),
    );
  },
};
