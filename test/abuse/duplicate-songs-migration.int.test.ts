/**
 * The migration that makes a video public on CrowdMix only once (finding 10) merges the public duplicates a
 * database already holds: the oldest public copy stays, votes move to it unless they would count a voter twice
 * or belong to a venue whose mix it is not in, tallies are recounted, playlist entries follow, and the other
 * copies stay with their uploaders as private ones. Run here on a migrated database into which the duplicates
 * are put back (the unique index dropped first), so that it runs the same on both drivers.
 */
import fs from 'node:fs';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrationsFolder } from '../../src/server/db/migrate';
import { communityPlaylistSongs, communityPlaylists, songs, voteTallies, votes } from '../../src/server/db/schema';
import { createSong, createUser, createVenue, createVote, fakeYoutubeId } from '../helpers/factories';
import { createTestDatabase, type TestDatabase } from '../helpers/test-db';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => database?.close());

/** The statements of the migration, found by its tag (the integrator may renumber it). */
function mergeMigration(): string[] {
  const folder = migrationsFolder();
  const journal = JSON.parse(fs.readFileSync(path.join(folder, 'meta', '_journal.json'), 'utf8')) as {
    entries: Array<{ tag: string }>;
  };
  const entry = journal.entries.find((e) => e.tag.endsWith('_public_youtube_unique'));
  if (!entry) throw new Error('migration *_public_youtube_unique not found in the journal');
  return fs
    .readFileSync(path.join(folder, `${entry.tag}.sql`), 'utf8')
    .split('--> statement-breakpoint')
    .map((s) => s.trim())
    .filter(Boolean);
}

type Rows<T> = { rows: T[] };

describe('migration: merging the duplicate public songs of a video', () => {
  it('keeps the oldest, moves what it can without counting anyone twice, and loses no upload', async () => {
    const db = database.db;
    await db.execute(sql`drop index songs_public_youtube_key`);
    const [u1, u2, u3, u4, u5] = await Promise.all(Array.from({ length: 5 }, () => createUser(db)));
    const venueA = await createVenue(db);
    const venueB = await createVenue(db);
    const x = fakeYoutubeId();
    const at = (min: number) => new Date(Date.UTC(2024, 0, 1, 0, min));
    const keep = await createSong(db, { youtubeId: x, uploaderId: u1.id, createdAt: at(0) });
    const d1 = await createSong(db, { youtubeId: x, uploaderId: u2.id, venueId: venueA.id, createdAt: at(1) });
    const d2 = await createSong(db, { youtubeId: x, uploaderId: u3.id, venueId: venueB.id, createdAt: at(2) });
    const privateCopy = await createSong(db, { youtubeId: x, uploaderId: u5.id, isPrivate: true, createdAt: at(3) });
    const single = await createSong(db, { createdAt: at(4) });

    await createVote(db, { songId: keep.id, voteType: 'up', userId: u1.id });
    await createVote(db, { songId: d1.id, voteType: 'down', userId: u1.id }); // u1 already voted on the one kept
    await createVote(db, { songId: d1.id, voteType: 'up', userId: u2.id }); // moves
    await createVote(db, { songId: d1.id, voteType: 'up', userId: u3.id }); // moves (the earlier of u3's two)
    await createVote(db, { songId: d2.id, voteType: 'down', userId: u3.id }); // u3 twice: goes
    await createVote(db, { songId: d1.id, voteType: 'up', userId: u4.id, venueId: venueA.id }); // moves with venue A
    await createVote(db, { songId: d2.id, voteType: 'down', userId: u4.id, venueId: venueB.id }); // venue B: goes
    await createVote(db, { songId: single.id, voteType: 'up', userId: u5.id });

    const playlist = async () =>
      (await db.insert(communityPlaylists).values({ name: 'P', creatorId: u1.id }).returning())[0].id;
    const [pl1, pl2, pl3] = [await playlist(), await playlist(), await playlist()];
    const entry = async (
      playlistId: number,
      songId: number,
      status: 'pending' | 'approved' | 'rejected',
      pos?: number,
    ) =>
      (
        await db
          .insert(communityPlaylistSongs)
          .values({
            playlistId,
            songId,
            proposedById: u1.id,
            status,
            position: status === 'approved' ? pos! : null,
            approvedAt: status === 'approved' ? new Date() : null,
          })
          .returning()
      )[0].id;
    const keptEntry = await entry(pl1, keep.id, 'pending');
    const clashing = await entry(pl1, d1.id, 'approved', 1);
    const moved = await entry(pl2, d2.id, 'pending');
    const rejected = await entry(pl3, d1.id, 'rejected');

    await db.transaction(async (tx) => {
      for (const statement of mergeMigration()) await tx.execute(sql.raw(statement));
    });

    const song = async (id: number) => (await db.select().from(songs).where(eq(songs.id, id)))[0];
    expect(await song(keep.id)).toMatchObject({ isPrivate: false, venueId: venueA.id, uploaderId: u1.id });
    expect(await song(d1.id)).toMatchObject({ isPrivate: true, uploaderId: u2.id });
    expect(await song(d2.id)).toMatchObject({ isPrivate: true, uploaderId: u3.id });
    expect(await song(privateCopy.id)).toMatchObject({ isPrivate: true, uploaderId: u5.id });
    expect(await song(single.id)).toMatchObject({ isPrivate: false });

    const votesOn = async (songId: number) =>
      (await db.select().from(votes).where(eq(votes.songId, songId)))
        .map(
          (v) =>
            `${v.userId === u1.id ? 'u1' : v.userId === u2.id ? 'u2' : v.userId === u3.id ? 'u3' : 'u4'}:${v.venueId === venueA.id ? 'A' : v.venueId === null ? 'global' : 'other'}:${v.voteType}`,
        )
        .sort();
    expect(await votesOn(keep.id)).toEqual(['u1:global:up', 'u2:global:up', 'u3:global:up', 'u4:A:up']);
    expect(await votesOn(d1.id)).toEqual([]);
    expect(await votesOn(d2.id)).toEqual([]);

    // Every tally equals the count of its vote rows, everywhere.
    const mismatches = (await db.execute(sql`
      select t.song_id, t.venue_id from (
        select song_id, venue_id, sum(up_votes) as up, sum(down_votes) as down from vote_tallies group by song_id, venue_id
      ) t full join (
        select song_id, venue_id, count(*) filter (where vote_type = 'up') as up, count(*) filter (where vote_type = 'down') as down
        from votes group by song_id, venue_id
      ) v on v.song_id = t.song_id and v.venue_id is not distinct from t.venue_id
      where coalesce(t.up, 0) <> coalesce(v.up, 0) or coalesce(t.down, 0) <> coalesce(v.down, 0)`)) as unknown as Rows<unknown>;
    expect(mismatches.rows).toEqual([]);
    const [globalTally] = await db
      .select({
        up: sql<number>`sum(${voteTallies.upVotes})::int`,
        down: sql<number>`sum(${voteTallies.downVotes})::int`,
      })
      .from(voteTallies)
      .where(and(eq(voteTallies.songId, keep.id), sql`${voteTallies.venueId} is null`));
    expect(globalTally).toEqual({ up: 3, down: 0 });

    const entries = await db.select().from(communityPlaylistSongs);
    const byId = new Map(entries.map((e) => [e.id, e]));
    expect(byId.get(keptEntry)).toMatchObject({ songId: keep.id, status: 'pending' });
    expect(byId.has(clashing)).toBe(false);
    expect(byId.get(moved)).toMatchObject({ songId: keep.id, playlistId: pl2 });
    expect(byId.get(rejected)).toMatchObject({ songId: keep.id, playlistId: pl3, status: 'rejected' });

    // From now on the database refuses a second public copy; private ones are still fine.
    await expect(createSong(db, { youtubeId: x })).rejects.toThrow();
    await expect(createSong(db, { youtubeId: x, isPrivate: true })).resolves.toBeTruthy();
    await expect(createSong(db, { youtubeId: fakeYoutubeId() })).resolves.toBeTruthy();
  });
});
