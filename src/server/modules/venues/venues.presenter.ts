/** API shape of a venue: explicit, so that a new column never leaks. */
import type { Venue } from '../../../shared/schemas/venue';
import type { venues } from '../../db/schema';

export type VenueRow = typeof venues.$inferSelect;

/** A venue row with the number of songs in its mix. */
export function presentVenue(row: VenueRow, songCount: number): Venue {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    location: row.location,
    type: row.type,
    ownerId: row.ownerId,
    isActive: row.isActive,
    gradient: row.gradient,
    createdAt: row.createdAt.toISOString(),
    songCount,
  };
}
