/** Routes: exporting the global mix, a venue mix or a community playlist (m3u, csv, json files; youtube links). */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ErrorBodySchema, IdParamsSchema } from '../../../shared/schemas/common';
import { z } from 'zod';
import { ExportDocumentSchema, ExportQuerySchema, YoutubeExportSchema } from '../../../shared/schemas/export';
import type { AppDeps, AppModule } from '../../deps';
import { publicOrigin } from '../../lib/public-origin';
import * as service from './exports.service';

const description =
  'format=m3u|csv|json downloads a file (Content-Disposition: attachment); format=youtube answers JSON ' +
  '{ name, playableSongs, skippedSongs, links: [{ part, url, songCount }] } with YouTube play links of at most 50 videos each.';

function send(reply: FastifyReply, result: service.ExportResult) {
  reply.type(result.contentType).header('cache-control', 'no-store');
  if (result.fileName) reply.header('content-disposition', `attachment; filename="${result.fileName}"`);
  return reply.send(result.body);
}

const origin = (deps: AppDeps, request: FastifyRequest) => publicOrigin(deps.config, request);

export const exportsModule: AppModule = {
  name: 'exports',
  register(app, deps) {
    const tags = ['exports'];
    // The body is sent already encoded (a string), so this documents the 200 answers without re-serialising them.
    const ok = z.union([YoutubeExportSchema, ExportDocumentSchema, z.string().describe('an M3U or CSV file')]);
    const response = { 200: ok, 400: ErrorBodySchema, 404: ErrorBodySchema };

    app.get(
      '/api/mix/global/export',
      {
        schema: {
          tags,
          summary: 'Export the global Top 100 mix',
          description,
          querystring: ExportQuerySchema,
          response,
        },
      },
      async (request, reply) =>
        send(
          reply,
          service.encode(await service.mixList(deps.state, null, origin(deps, request)), request.query.format),
        ),
    );

    app.get(
      '/api/mix/venue/:id/export',
      {
        schema: {
          tags,
          summary: "Export a venue's mix",
          description,
          params: IdParamsSchema,
          querystring: ExportQuerySchema,
          response,
        },
      },
      async (request, reply) =>
        send(
          reply,
          service.encode(
            await service.mixList(deps.state, request.params.id, origin(deps, request)),
            request.query.format,
          ),
        ),
    );

    app.get(
      '/api/community-playlists/:id/export',
      {
        schema: {
          tags,
          summary: "Export a community playlist's approved songs (private playlists: members only)",
          description,
          params: IdParamsSchema,
          querystring: ExportQuerySchema,
          response,
        },
      },
      async (request, reply) =>
        send(
          reply,
          service.encode(
            await service.playlistList(deps.db, request.params.id, request.user?.id ?? null),
            request.query.format,
          ),
        ),
    );
  },
};
