/**
 * Test factories: insert rows straight into the database, creating their parents when none are given.
 * Use them to arrange a test quickly; drive the behaviour under test through the API.
 */
import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../src/server/db/client';
import { mixes, songs, users, venues, votes } from '../../src/server/db/schema';

export type UserRow = typeof users.$inferSelect;
export type VenueRow = typeof venues.$inferSelect;
export type SongRow = typeof songs.$inferSelect;

let counter = 0;
const next = () => `${Date.now().toString(36)}${(++counter).toString(36)}`;

/** A YouTube-shaped id (11 characters of [A-Za-z0-9_-]) that is unique within the run. */
export function fakeYoutubeId(): string {
  return crypto.randomBytes(9).toString('base64url').slice(0, 11);
}

/** Inserts a user (no password; sign in through `registerUser` when a session is needed). */
export async function createUser(db: DbOrTx, overrides: Partial<typeof users.$inferInsert> = {}): Promise<UserRow> {
  const n = next();
  const [row] = await db
    .insert(users)
    .values({
      id: crypto.randomUUID(),
      email: `factory-${n}@example.test`,
      firstName: 'Factory',
      lastName: `User ${n}`,
      ...overrides,
    })
    .returning();
  return row;
}

/** Inserts an active venue (and its mix row, as POST /api/venues does); creates an owner unless `ownerId` is given. */
export async function createVenue(db: DbOrTx, overrides: Partial<typeof venues.$inferInsert> = {}): Promise<VenueRow> {
  const ownerId = overrides.ownerId ?? (await createUser(db)).id;
  const [row] = await db
    .insert(venues)
    .values({ name: `Venue ${next()}`, location: 'Test City', type: 'bar', ...overrides, ownerId })
    .returning();
  await db.insert(mixes).values({ venueId: row.id, name: row.name }).onConflictDoNothing();
  return row;
}

/**
 * Inserts a YouTube song (public, global unless `venueId` is given); creates an uploader unless `uploaderId` is given.
 * Pass `youtubeId: null` together with `pdfUrl` for a PDF song.
 */
export async function createSong(db: DbOrTx, overrides: Partial<typeof songs.$inferInsert> = {}): Promise<SongRow> {
  const uploaderId = overrides.uploaderId ?? (await createUser(db)).id;
  const youtubeId = overrides.youtubeId === undefined ? fakeYoutubeId() : overrides.youtubeId;
  const [row] = await db
    .insert(songs)
    .values({
      title: `Song ${next()}`,
      artist: 'Factory Artist',
      genre: 'Pop',
      duration: 200,
      youtubeUrl: youtubeId ? `https://www.youtube.com/watch?v=${youtubeId}` : null,
      thumbnailUrl: youtubeId ? `https://i.ytimg.com/vi/${youtubeId}/hqdefault.jpg` : null,
      ...overrides,
      youtubeId,
      uploaderId,
    })
    .returning();
  return row;
}

/**
 * Inserts a vote row AND updates its tally, as the vote service does (keeps the tally invariant).
 * Creates a voter unless `userId` is given. Bypasses the in-memory mix cache: build the app after arranging,
 * or vote through the API when the cache matters.
 */
export async function createVote(
  db: DbOrTx,
  input: { songId: number; voteType: 'up' | 'down'; venueId?: number | null; userId?: string },
): Promise<typeof votes.$inferSelect> {
  const userId = input.userId ?? (await createUser(db)).id;
  const venueId = input.venueId ?? null;
  const [row] = await db
    .insert(votes)
    .values({ songId: input.songId, userId, venueId, voteType: input.voteType })
    .returning();
  const up = input.voteType === 'up' ? 1 : 0;
  const down = input.voteType === 'down' ? 1 : 0;
  await db.execute(sql`
    insert into vote_tallies (song_id, venue_id, slot, up_votes, down_votes)
    values (${input.songId}, ${venueId}, 0, ${up}, ${down})
    on conflict (song_id, venue_id, slot) do update
      set up_votes = vote_tallies.up_votes + excluded.up_votes, down_votes = vote_tallies.down_votes + excluded.down_votes,
        dirty = true`);
  return row;
}
