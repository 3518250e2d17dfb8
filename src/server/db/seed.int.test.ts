/**
 * The demo seed (`SEED_DEMO`, on by default) loads the demo data into an empty database only. A database that holds
 * anything of its own is left alone at every start — before, the seed ran whenever the demo account was missing, and
 * crashed the start on a database with votes (its tallies were summed over every vote, not only the demo's).
 */
import { eq, sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { deleteAccountData } from '../modules/account/account-deletion';
import { createSong, createUser, createVote } from '../../../test/helpers/factories';
import { createTestDatabase, type TestDatabase } from '../../../test/helpers/test-db';
import { songs, users } from './schema';
import { seedDemoData } from './seed';
import { DEMO_USERS } from './demo-catalogue';

let database: TestDatabase | undefined;
afterEach(async () => {
  await database?.close();
  database = undefined;
});

const songCount = async (db: TestDatabase['db']) => db.$count(songs);

describe('the demo seed', () => {
  it('fills an empty database once', async () => {
    database = await createTestDatabase();
    expect(await seedDemoData(database.db)).toBe(true);
    const seeded = await songCount(database.db);
    expect(seeded).toBeGreaterThan(0);
    expect(await seedDemoData(database.db)).toBe(false);
    expect(await songCount(database.db)).toBe(seeded);
  });

  it('leaves a database with its own people, songs and votes alone, and the start goes on', async () => {
    database = await createTestDatabase();
    const owner = await createUser(database.db);
    const song = await createSong(database.db, { uploaderId: owner.id });
    await createVote(database.db, { songId: song.id, voteType: 'up' });
    await expect(seedDemoData(database.db)).resolves.toBe(false);
    expect(await songCount(database.db)).toBe(1);
    expect(await database.db.$count(users, eq(users.email, DEMO_USERS[0].email))).toBe(0);
  });

  it('does not load a second demo catalogue after the demo account was deleted', async () => {
    database = await createTestDatabase();
    expect(await seedDemoData(database.db)).toBe(true);
    const seeded = await songCount(database.db);
    const [demo] = await database.db.select({ id: users.id }).from(users).where(eq(users.email, DEMO_USERS[0].email));
    await deleteAccountData({ db: database.db }, demo.id, 'keep');
    await expect(seedDemoData(database.db)).resolves.toBe(false);
    expect(await songCount(database.db)).toBe(seeded);
    const tallies = await database.db.execute(sql`select count(*)::int as n from vote_tallies`);
    expect((tallies as unknown as { rows: { n: number }[] }).rows[0].n).toBeGreaterThan(0);
  });
});
