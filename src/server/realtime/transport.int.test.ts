/**
 * LISTEN/NOTIFY on the real databases (PGlite, and PostgreSQL when TEST_DATABASE_URL is set): a burst of payloads,
 * batched by the transport (ADR 048), reaches a listener whole and in order, repeated payloads included.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openDatabase, type Database } from '../db/client';
import { createTestDatabase, type TestDatabase } from '../../../test/helpers/test-db';
import { PostgresNotifyTransport } from './transport';

let database: TestDatabase;
/** A second connection to the same database on PostgreSQL (another instance); PGlite's one instance hears itself. */
let other: Database;

beforeAll(async () => {
  database = await createTestDatabase();
  other = database.url ? await openDatabase({ databaseUrl: database.url }) : database;
}, 60_000);
afterAll(async () => {
  if (other !== database) await other?.close();
  await database?.close();
});

describe('PostgresNotifyTransport on the database', () => {
  it('delivers 300 payloads published at once, in order, each repeated payload as often as it was sent', async () => {
    const publisher = new PostgresNotifyTransport(database);
    const listener = new PostgresNotifyTransport(other);
    const heard: string[] = [];
    await listener.start((p) => heard.push(p), vi.fn());
    try {
      // A vote, its removal and the vote again send the same payload twice within a burst.
      const sent = Array.from({ length: 300 }, (_, i) => JSON.stringify({ n: i % 7 === 6 ? 'again' : i }));
      await Promise.all(sent.map((p) => publisher.publish(p)));
      await vi.waitFor(() => expect(heard).toHaveLength(sent.length), { timeout: 10_000 });
      expect(heard).toEqual(sent);
    } finally {
      await listener.stop();
    }
  });
});
