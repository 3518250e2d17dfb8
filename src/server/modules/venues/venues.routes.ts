/** Routes: venues, the caller's venues, the owner's edits and song removal. */
import { z } from 'zod';
import { ErrorBodySchema, IdParamsSchema, IdSchema } from '../../../shared/schemas/common';
import { CreateVenueSchema, UpdateVenueSchema, VenueSchema } from '../../../shared/schemas/venue';
import type { AppModule } from '../../deps';
import { signedInUser } from '../../plugins/auth';
import * as service from './venues.service';

const VenueSongParamsSchema = z.object({ id: IdSchema, songId: IdSchema });

export const venuesModule: AppModule = {
  name: 'venues',
  register(app, deps) {
    const { db } = deps;
    const tags = ['venues'];

    app.get(
      '/api/venues',
      { schema: { tags, summary: 'Active venues with their song counts', response: { 200: z.array(VenueSchema) } } },
      async () => service.listVenues(db),
    );

    app.get(
      '/api/venues/:id',
      {
        schema: {
          tags,
          summary: 'One venue (with ownerId)',
          params: IdParamsSchema,
          response: { 200: VenueSchema, 404: ErrorBodySchema },
        },
      },
      async (request) => service.getVenue(db, request.params.id),
    );

    app.get(
      '/api/user/venues',
      {
        config: { auth: 'required' },
        schema: { tags, summary: 'Your venues', response: { 200: z.array(VenueSchema), 401: ErrorBodySchema } },
      },
      async (request) => service.listUserVenues(db, signedInUser(request).id),
    );

    app.post(
      '/api/venues',
      {
        config: { auth: 'required' },
        schema: {
          tags,
          summary: 'Create a venue (you become its owner)',
          body: CreateVenueSchema,
          response: { 201: VenueSchema, 400: ErrorBodySchema, 401: ErrorBodySchema },
        },
      },
      async (request, reply) => {
        const venue = await service.createVenue(deps, signedInUser(request).id, request.body);
        return reply.status(201).send(venue);
      },
    );

    app.patch(
      '/api/venues/:id',
      {
        config: { auth: 'required' },
        schema: {
          tags,
          summary: 'Edit or deactivate your venue',
          params: IdParamsSchema,
          body: UpdateVenueSchema,
          response: {
            200: VenueSchema,
            400: ErrorBodySchema,
            401: ErrorBodySchema,
            403: ErrorBodySchema,
            404: ErrorBodySchema,
          },
        },
      },
      async (request) => service.updateVenue(deps, signedInUser(request).id, request.params.id, request.body),
    );

    app.delete(
      '/api/venues/:id/songs/:songId',
      {
        config: { auth: 'required' },
        schema: {
          tags,
          summary: "Remove a song from your venue's mix",
          params: VenueSongParamsSchema,
          response: { 204: z.null(), 401: ErrorBodySchema, 403: ErrorBodySchema, 404: ErrorBodySchema },
        },
      },
      async (request, reply) => {
        await service.removeSong(deps, signedInUser(request).id, request.params.id, request.params.songId);
        return reply.status(204).send(null);
      },
    );
  },
};
