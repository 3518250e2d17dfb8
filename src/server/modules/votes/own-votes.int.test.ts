/** The in-memory cache of each user's own votes: what it answers, when it reads again, what it holds. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { votes } from '../../db/schema';
import { createSong, createUser, createVenue, createVote } from '../../../../test/helpers/factories';
import { createTestDatabase, testDriver, type TestDatabase } from '../../../../test/helpers/test-db';
import { OwnVotes, RECHECK_MS } from './own-votes';

describe(`OwnVotes (${testDriver})`, () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => database?.close());

  it('answers per context from one read, then from memory until the user votes', async () => {
    const db = database.db;
    const user = await createUser(db);
    const venue = await createVenue(db);
    const [a, b] = [await createSong(db), await createSong(db)];
    const v = await createSong(db, { venueId: venue.id });
    await createVote(db, { userId: user.id, songId: a.id, voteType: 'up' });
    await createVote(db, { userId: user.id, songId: b.id, voteType: 'down' });
    await createVote(db, { userId: user.id, songId: v.id, voteType: 'up', venueId: venue.id });
    const own = new OwnVotes(db);

    expect([...(await own.of(user.id, null))].sort()).toEqual(
      [
        [a.id, 'up'],
        [b.id, 'down'],
      ].sort(),
    );
    expect([...(await own.of(user.id, venue.id))]).toEqual([[v.id, 'up']]);
    expect(own.size).toBe(3);

    // A change behind its back is not seen: the answer comes from memory.
    await db.delete(votes).where(and(eq(votes.userId, user.id), eq(votes.songId, a.id)));
    expect((await own.of(user.id, null)).get(a.id)).toBe('up');
    // Told that the user's votes changed, it reads them again (every context of that user).
    own.changed(user.id);
    expect(own.size).toBe(0);
    expect((await own.of(user.id, null)).has(a.id)).toBe(false);
  });

  it('reads again after RECHECK_MS, in case a signal was missed', async () => {
    const db = database.db;
    const user = await createUser(db);
    const song = await createSong(db);
    let now = 1_000_000;
    const own = new OwnVotes(db, () => now);
    expect((await own.of(user.id, null)).size).toBe(0);
    await createVote(db, { userId: user.id, songId: song.id, voteType: 'up' });
    now += RECHECK_MS - 1;
    expect((await own.of(user.id, null)).size).toBe(0);
    now += 1;
    expect((await own.of(user.id, null)).get(song.id)).toBe('up');
  });

  it('does not keep a read that a change overtook', async () => {
    const db = database.db;
    const user = await createUser(db);
    const song = await createSong(db);
    const own = new OwnVotes(db);
    const reading = own.of(user.id, null); // in flight: may see the table before the vote below
    own.changed(user.id);
    await createVote(db, { userId: user.id, songId: song.id, voteType: 'down' });
    await reading;
    // Whatever that read saw, it was not kept: this one reads the table again and sees the vote.
    expect((await own.of(user.id, null)).get(song.id)).toBe('down');
  });

  it('holds at most maxVotes, dropping the least recently read, and skips users with too many votes', async () => {
    const db = database.db;
    const songs = await Promise.all(Array.from({ length: 4 }, () => createSong(db)));
    const users = await Promise.all(Array.from({ length: 3 }, () => createUser(db)));
    for (const u of users)
      for (const s of songs.slice(0, 2)) await createVote(db, { userId: u.id, songId: s.id, voteType: 'up' });
    const heavy = await createUser(db);
    for (const s of songs) await createVote(db, { userId: heavy.id, songId: s.id, voteType: 'up' });
    const own = new OwnVotes(db, Date.now, { maxVotes: 4, maxPerEntry: 3 });

    await own.of(users[0].id, null);
    await own.of(users[1].id, null);
    expect(own.size).toBe(4);
    await own.of(users[0].id, null); // users[1] is now the least recently read
    await own.of(users[2].id, null);
    expect(own.size).toBe(4);
    // users[1] went: deleting its votes behind the cache's back shows in the next answer.
    await db.delete(votes).where(eq(votes.userId, users[1].id));
    expect((await own.of(users[1].id, null)).size).toBe(0);
    // Four votes in one context is over maxPerEntry: answered, but not held.
    expect((await own.of(heavy.id, null)).size).toBe(4);
    expect(own.size).toBeLessThanOrEqual(4);
  });

  it('holds at most maxEntries (user, context) pairs, also for users without votes', async () => {
    const db = database.db;
    const users = await Promise.all(Array.from({ length: 12 }, () => createUser(db)));
    const own = new OwnVotes(db, Date.now, { maxVotes: 1_000, maxPerEntry: 100, maxEntries: 5 });
    for (const u of users) await own.of(u.id, null);
    // Twelve users read, none with a vote: the votes cap holds nothing back; the entries cap does.
    expect(own.entryCount).toBe(5);
    const song = await createSong(db);
    // The first user's entry went (least recently read): a vote behind the cache's back shows at once.
    await createVote(db, { userId: users[0].id, songId: song.id, voteType: 'up' });
    expect((await own.of(users[0].id, null)).get(song.id)).toBe('up');
    expect(own.entryCount).toBe(5);
  });
});
