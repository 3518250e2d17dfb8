/** SQL for the profile: the user's activity counts, uploads and venues. */
import { desc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { songs, venues, votes } from '../../db/schema';

/** How many songs the user uploaded, venues they created and votes they cast. */
export async function activityCounts(db: DbOrTx, userId: string) {
  const [uploads, venuesCreated, votesCast] = await Promise.all([
    db.$count(songs, eq(songs.uploaderId, userId)),
    db.$count(venues, eq(venues.ownerId, userId)),
    db.$count(votes, eq(votes.userId, userId)),
  ]);
  return { uploads: Number(uploads), venues: Number(venuesCreated), votes: Number(votesCast) };
}

export async function recentUploads(db: DbOrTx, userId: string, limit: number) {
  return db
    .select({
      id: songs.id,
      title: songs.title,
      artist: songs.artist,
      genre: songs.genre,
      youtubeId: songs.youtubeId,
      thumbnailUrl: songs.thumbnailUrl,
      venueId: songs.venueId,
      createdAt: songs.createdAt,
    })
    .from(songs)
    .where(eq(songs.uploaderId, userId))
    .orderBy(desc(songs.createdAt), desc(songs.id))
    .limit(limit);
}

/** The user's venues with the number of songs in each venue's mix. */
export async function ownedVenues(db: DbOrTx, userId: string) {
  return db
    .select({
      id: venues.id,
      name: venues.name,
      type: venues.type,
      location: venues.location,
      gradient: venues.gradient,
      isActive: venues.isActive,
      // Qualified by hand: inside a correlated subquery Drizzle would print bare column names.
      songCount:
        sql<number>`(select count(*) from songs s where s.venue_id = "venues"."id" and not s.is_private)`.mapWith(
          Number,
        ),
    })
    .from(venues)
    .where(eq(venues.ownerId, userId))
    .orderBy(desc(venues.createdAt), desc(venues.id));
}
