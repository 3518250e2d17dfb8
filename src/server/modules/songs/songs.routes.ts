/** Routes: the song catalogue, uploads (multipart), deletion and PDF delivery. */
import { Readable } from 'node:stream';
import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ErrorBodySchema, IdParamsSchema, UploadConflictSchema } from '../../../shared/schemas/common';
import {
  SongAttributesReplySchema,
  SongAttributesSchema,
  SongPageSchema,
  SongSchema,
  songsPageQuerySchema,
  UPLOAD_ATTRIBUTE_FIELDS,
} from '../../../shared/schemas/song';
import type { AppModule } from '../../deps';
import type { Db } from '../../db/client';
import {
  AppError,
  badRequest,
  payloadTooLarge,
  rangeNotSatisfiable,
  serviceUnavailable,
  unsupportedMediaType,
} from '../../lib/http-errors';
import { TransferSlots } from '../../lib/transfer-slots';
import { TurnGate } from '../../lib/turn-gate';
import { RATE_RULES } from '../../lib/rate-limiter';
import { signedInUser } from '../../plugins/auth';
import { etagMatches, parseRange } from './file-stream';
import * as service from './songs.service';

/** Text fields the upload form may send; anything else is ignored. */
const UPLOAD_FIELDS = new Set([
  'type',
  'title',
  'artist',
  'genre',
  'youtubeUrl',
  'venueId',
  'isPrivate',
  'duration',
  ...UPLOAD_ATTRIBUTE_FIELDS,
]);
const FIELD_MAX = 2000;

/** The answer past the bound on concurrent transfers, and when to try again. */
const BUSY_MESSAGE = 'The server is busy with other file transfers; try again in a few seconds';
const BUSY_RETRY_SECONDS = 5;
const busy = () => serviceUnavailable(BUSY_MESSAGE, BUSY_RETRY_SECONDS);

/**
 * Reads the multipart form: the known text fields and at most one file, streamed into chunk rows as it arrives
 * (up to the size limit) while it holds one of the instance's transfer slots. The client's file name and content
 * type are never used: the bytes decide, and the name never reaches a header. The caller releases the slot.
 */
async function readUploadForm(
  request: FastifyRequest,
  db: Db,
  slots: TransferSlots,
  gate: TurnGate,
  maxBytes: number,
): Promise<service.UploadInput & { release: () => void }> {
  if (!request.isMultipart()) throw unsupportedMediaType('Send the song as multipart/form-data');
  const fields: Record<string, string> = {};
  let file: service.UploadInput['file'] = null;
  let release = () => {};
  try {
    for await (const part of request.parts({
      limits: { fileSize: maxBytes, files: 1, fields: 20, fieldSize: FIELD_MAX, parts: 21 },
    })) {
      if (part.type === 'file') {
        if (part.fieldname !== 'file') {
          part.file.resume();
          throw badRequest(`Unexpected file field: ${part.fieldname.slice(0, 40)}`, part.fieldname.slice(0, 40));
        }
        const slot = slots.tryAcquire();
        if (!slot) {
          part.file.resume();
          throw busy();
        }
        release = slot;
        file = await service.storeUpload(db, gate, part.file);
      } else {
        if (!UPLOAD_FIELDS.has(part.fieldname)) continue;
        if (part.fieldname in fields) throw badRequest(`${part.fieldname} was sent more than once`, part.fieldname);
        if (part.valueTruncated) throw badRequest(`${part.fieldname} is too long`, part.fieldname);
        fields[part.fieldname] = typeof part.value === 'string' ? part.value : String(part.value ?? '');
      }
    }
  } catch (err) {
    release();
    await service.discardUpload(db, file);
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') {
      const mb = Math.round((maxBytes / 1024 / 1024) * 100) / 100;
      throw payloadTooLarge(`The PDF is too large; the limit is ${mb} MB`);
    }
    if (code === 'FST_FILES_LIMIT') throw payloadTooLarge('Upload one file at a time');
    if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') throw badRequest('The form has too many fields');
    if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE' || code === 'FST_NO_FORM_DATA')
      throw badRequest('The form could not be read');
    if (err instanceof AppError) throw err;
    // Anything else the parser throws (no boundary, a body cut short) is a malformed form, not a server fault.
    throw badRequest('The form could not be read');
  }
  return { fields, file, release };
}

export const songsModule: AppModule = {
  name: 'songs',
  async register(app, deps) {
    const { db, limiter, config } = deps;
    const tags = ['songs'];
    // PDF uploads and downloads of this instance: each holds a database connection's worth of work for its length.
    const slots = new TransferSlots(config.fileTransfersMax);
    // Chunk queries: on PGlite (the main thread) one at a time with a turn of the event loop between any two, so
    // transfers never starve other requests; PostgreSQL works elsewhere and takes them as they come.
    const gate = new TurnGate(deps.database.driver === 'pglite' ? 1 : Infinity);
    // Multipart only here: every other route takes JSON.
    await app.register(multipart, { limits: { fileSize: config.maxUploadBytes, files: 1 } });

    app.get(
      '/api/songs',
      {
        schema: {
          tags,
          summary: `The catalogue, newest first (public songs plus your private ones), ${config.songsPage.size} a page unless limit says otherwise (at most ${config.songsPage.max}); pass the nextCursor of a page as cursor for the next one`,
          querystring: songsPageQuerySchema(config.songsPage.max),
          response: { 200: SongPageSchema, 400: ErrorBodySchema },
        },
      },
      async (request) =>
        service.listSongs(
          db,
          request.user?.id ?? null,
          request.query.limit ?? config.songsPage.size,
          request.query.cursor,
        ),
    );

    app.get(
      '/api/songs/:id',
      {
        schema: {
          tags,
          summary: 'One song with its global counts and your vote (a private song only for its uploader)',
          params: IdParamsSchema,
          response: { 200: SongSchema, 400: ErrorBodySchema, 404: ErrorBodySchema },
        },
      },
      async (request) => service.getSong(db, request.user?.id ?? null, request.params.id),
    );

    app.get(
      '/api/user/songs',
      {
        config: { auth: 'required' },
        schema: { tags, summary: 'Your uploads', response: { 200: z.array(SongSchema), 401: ErrorBodySchema } },
      },
      async (request) => service.listUserSongs(db, signedInUser(request).id),
    );

    app.post(
      '/api/songs',
      {
        config: { auth: 'required' },
        schema: {
          tags,
          summary:
            'Upload a song: a YouTube link or a PDF (multipart/form-data): type, title, artist, genre, youtubeUrl, venueId, isPrivate, duration, file, and the optional attributes releaseYear, energy (1–5), tempo, moods (comma-separated), instrumental, language',
          consumes: ['multipart/form-data'],
          response: {
            201: SongSchema,
            400: ErrorBodySchema,
            401: ErrorBodySchema,
            404: ErrorBodySchema,
            409: UploadConflictSchema,
            413: ErrorBodySchema,
            415: ErrorBodySchema,
            429: ErrorBodySchema,
          },
        },
      },
      async (request, reply) => {
        const user = signedInUser(request);
        limiter.hit(RATE_RULES.uploads, user.id);
        const { release, ...input } = await readUploadForm(request, db, slots, gate, config.maxUploadBytes);
        try {
          const song = await service.uploadSong(deps, user.id, input);
          return reply.status(201).send(song);
        } finally {
          release();
        }
      },
    );

    app.delete(
      '/api/songs/:id',
      {
        config: { auth: 'required' },
        schema: {
          tags,
          summary: 'Delete your song (its votes and file go with it)',
          params: IdParamsSchema,
          response: { 204: z.null(), 401: ErrorBodySchema, 403: ErrorBodySchema, 404: ErrorBodySchema },
        },
      },
      async (request, reply) => {
        await service.deleteSong(deps, signedInUser(request).id, request.params.id);
        return reply.status(204).send(null);
      },
    );

    app.get(
      '/api/songs/:id/attributes',
      {
        schema: {
          tags,
          summary: "A song's optional attributes (a private song's only for its uploader)",
          params: IdParamsSchema,
          response: { 200: SongAttributesReplySchema, 400: ErrorBodySchema, 404: ErrorBodySchema },
        },
      },
      async (request) => service.getAttributes(db, request.user?.id ?? null, request.params.id),
    );

    app.patch(
      '/api/songs/:id/attributes',
      {
        config: { auth: 'required' },
        schema: {
          tags,
          summary: "Set your song's optional attributes (year, energy, tempo, moods, instrumental, language)",
          params: IdParamsSchema,
          body: SongAttributesSchema,
          response: {
            200: SongAttributesReplySchema,
            400: ErrorBodySchema,
            401: ErrorBodySchema,
            403: ErrorBodySchema,
            404: ErrorBodySchema,
          },
        },
      },
      async (request) => service.updateAttributes(db, signedInUser(request).id, request.params.id, request.body),
    );

    app.get(
      '/api/files/:id',
      {
        schema: {
          tags,
          summary:
            "A song's PDF (a private song's only for its owner), streamed; answers Range (206/416) and If-None-Match (304)",
          params: IdParamsSchema,
        },
      },
      async (request, reply) => {
        const file = await service.getFile(db, request.user?.id ?? null, request.params.id);
        // Public files are revalidated on every use (cheap: 304), so a deleted file is gone at once from caches.
        reply
          .header('Cache-Control', file.isPrivate ? 'private, no-store' : 'no-cache')
          .header('ETag', file.etag)
          .header('Accept-Ranges', 'bytes');
        if (etagMatches(request.headers['if-none-match'], file.etag)) return reply.status(304).send();

        const ifRange = request.headers['if-range'];
        const rangeHeader = request.headers.range;
        const range =
          rangeHeader && (ifRange === undefined || ifRange === file.etag) ? parseRange(rangeHeader, file.size) : null;
        if (range === 'unsatisfiable') {
          reply.header('Content-Range', `bytes */${file.size}`);
          throw rangeNotSatisfiable('The requested range is not inside the file');
        }
        // HEAD (Fastify's automatic route) would drain a body stream to nowhere: headers only, no chunk read, no slot.
        const release = request.method === 'HEAD' ? () => {} : slots.tryAcquire();
        if (!release) throw busy();
        // The slot comes back when the response is done or the client went away.
        reply.raw.once('close', release);
        reply.raw.once('finish', release);
        const { start, end } = range ?? { start: 0, end: file.size - 1 };
        reply
          .header('Content-Type', 'application/pdf')
          .header('X-Content-Type-Options', 'nosniff')
          .header('Content-Disposition', `inline; filename="crowdmix-song-${file.songId}.pdf"`)
          .header('Content-Security-Policy', "sandbox; default-src 'none'; frame-ancestors 'self'")
          .header('Content-Length', String(end - start + 1));
        if (range) reply.status(206).header('Content-Range', `bytes ${start}-${end}/${file.size}`);
        if (request.method === 'HEAD') return reply.send(Readable.from([]));
        return reply.send(service.streamFile(db, gate, file, start, end));
      },
    );
  },
};
