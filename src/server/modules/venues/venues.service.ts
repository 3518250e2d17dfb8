/** Venues: listing, creation (with the venue's mix), the owner's edits and removing songs from the mix. */
import type { CreateVenueSchema, UpdateVenueSchema } from '../../../shared/schemas/venue';
import { DEFAULT_VENUE_GRADIENT } from '../../../shared/constants';
import type { z } from 'zod';
import type { AppDeps } from '../../deps';
import type { Db } from '../../db/client';
import { forbidden, notFound } from '../../lib/http-errors';
import { presentVenue } from './venues.presenter';
import * as repo from './venues.repository';

type Deps = Pick<AppDeps, 'db' | 'hub'>;

/** Active venues, newest first, with their mix's song count. */
export async function listVenues(db: Db) {
  return (await repo.listActiveVenues(db)).map((r) => presentVenue(r.venue, r.songCount));
}

/** The caller's venues, inactive ones included. */
export async function listUserVenues(db: Db, ownerId: string) {
  return (await repo.listVenuesByOwner(db, ownerId)).map((r) => presentVenue(r.venue, r.songCount));
}

export async function getVenue(db: Db, id: number) {
  const row = await repo.findVenue(db, id);
  if (!row) throw notFound('Venue not found');
  return presentVenue(row.venue, row.songCount);
}

/** Creates a venue owned by the caller (whatever the body says) and its mix. */
export async function createVenue(deps: Deps, ownerId: string, input: z.output<typeof CreateVenueSchema>) {
  const venue = await repo.insertVenue(deps.db, {
    name: input.name,
    location: input.location,
    type: input.type,
    description: input.description,
    gradient: input.gradient ?? DEFAULT_VENUE_GRADIENT,
    ownerId,
  });
  await deps.hub.publish({ type: 'venues_changed' });
  return presentVenue(venue, 0);
}

/** Loads a venue and checks that the caller owns it (404 when missing, 403 for anyone else). */
async function ownedVenue(db: Db, userId: string, venueId: number) {
  const row = await repo.findVenue(db, venueId);
  if (!row) throw notFound('Venue not found');
  if (row.venue.ownerId !== userId) throw forbidden('Only the venue owner can do this');
  return row;
}

/** The owner edits or deactivates their venue. */
export async function updateVenue(
  deps: Deps,
  userId: string,
  venueId: number,
  input: z.output<typeof UpdateVenueSchema>,
) {
  const row = await ownedVenue(deps.db, userId, venueId);
  const values = Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined));
  const venue = await repo.updateVenue(deps.db, venueId, values);
  await deps.hub.publish({ type: 'venues_changed' });
  return presentVenue(venue, row.songCount);
}

/** The owner removes a song from their venue's mix; it stays in the catalogue, its votes in this venue go. */
export async function removeSong(deps: Deps, userId: string, venueId: number, songId: number) {
  await ownedVenue(deps.db, userId, venueId);
  if (!(await repo.removeSongFromVenue(deps.db, venueId, songId)))
    throw notFound("This song is not in this venue's mix");
  await deps.hub.publish({ type: 'songs_changed', venueId });
}
