/** SQL for venues, their mix rows, and removing a song from a venue's mix. */
import { and, desc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { mixes, songs, venues, voteTallies, voteTotals, votes } from '../../db/schema';

/**
 * Songs in the venue's mix: public songs assigned to it. Written with explicit aliases because Drizzle leaves
 * columns unqualified in single-table selects, which would bind them to the subquery's table.
 */
const songCount = sql<number>`(select count(*)::int from songs s where s.venue_id = "venues"."id" and not s.is_private)`;

export async function listActiveVenues(db: DbOrTx) {
  return db
    .select({ venue: venues, songCount })
    .from(venues)
    .where(eq(venues.isActive, true))
    .orderBy(desc(venues.createdAt), desc(venues.id));
}

export async function listVenuesByOwner(db: DbOrTx, ownerId: string) {
  return db
    .select({ venue: venues, songCount })
    .from(venues)
    .where(eq(venues.ownerId, ownerId))
    .orderBy(desc(venues.createdAt), desc(venues.id));
}

export async function findVenue(db: DbOrTx, id: number) {
  const [row] = await db.select({ venue: venues, songCount }).from(venues).where(eq(venues.id, id)).limit(1);
  return row ?? null;
}

/** Creates the venue and its mix row together. */
export async function insertVenue(db: DbOrTx, values: typeof venues.$inferInsert) {
  return db.transaction(async (tx) => {
    const [venue] = await tx.insert(venues).values(values).returning();
    await tx.insert(mixes).values({ venueId: venue.id, name: venue.name }).onConflictDoNothing();
    return venue;
  });
}

/** Applies an edit; keeps the mix row's name in step. */
export async function updateVenue(db: DbOrTx, id: number, values: Partial<typeof venues.$inferInsert>) {
  return db.transaction(async (tx) => {
    // Votes and uploads into a venue hold a key-share lock on its row while they check that it is active and
    // write. A plain UPDATE would not wait for them (it takes a weaker lock); FOR UPDATE does, so once the
    // deactivation commits no vote or song is written into the venue after it.
    if (values.isActive !== undefined) await tx.execute(sql`select id from venues where id = ${id} for update`);
    const [venue] = Object.keys(values).length
      ? await tx.update(venues).set(values).where(eq(venues.id, id)).returning()
      : await tx.select().from(venues).where(eq(venues.id, id));
    if (values.name !== undefined) await tx.update(mixes).set({ name: values.name }).where(eq(mixes.venueId, id));
    if (values.isActive !== undefined)
      await tx.update(mixes).set({ isActive: values.isActive }).where(eq(mixes.venueId, id));
    return venue;
  });
}

/**
 * Takes a song out of a venue's mix: it becomes a global song and that venue's votes on it go. Returns false when
 * it was not in the mix. The mix holds public songs only: a private song uploaded "into" the venue is its
 * uploader's business, and the owner's tools must not find it (nor tell it apart from a missing id).
 */
export async function removeSongFromVenue(db: DbOrTx, venueId: number, songId: number) {
  return db.transaction(async (tx) => {
    const moved = await tx
      .update(songs)
      .set({ venueId: null })
      .where(and(eq(songs.id, songId), eq(songs.venueId, venueId), eq(songs.isPrivate, false)))
      .returning({ id: songs.id });
    if (!moved.length) return false;
    await tx.delete(votes).where(and(eq(votes.songId, songId), eq(votes.venueId, venueId)));
    await tx.delete(voteTallies).where(and(eq(voteTallies.songId, songId), eq(voteTallies.venueId, venueId)));
    await tx.delete(voteTotals).where(and(eq(voteTotals.songId, songId), eq(voteTotals.venueId, venueId)));
    return true;
  });
}
