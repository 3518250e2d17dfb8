/**
 * migrate() on every start: one quick read when the database has every migration, drizzle's migrator when one is
 * missing (a new migration committed after the database was last migrated), on either driver.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testDriver, type TestDatabase } from '../../../test/helpers/test-db';
import { isUpToDate, migrate, migrationsFolder, newestMigrationMillis } from './migrate';

let database: TestDatabase;
const dirs: string[] = [];
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.close();
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
});

type Rows<T> = { rows: T[] };
const applied = async () =>
  (
    (await database.db.execute(
      sql`select hash, created_at from drizzle.__drizzle_migrations order by id`,
    )) as unknown as Rows<{ hash: string; created_at: string | number }>
  ).rows;

/** A copy of the committed migrations plus one new migration, generated `when`. */
function folderWithNewMigration(when: number): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'crowdmix-migrations-'));
  dirs.push(dir);
  fs.cpSync(migrationsFolder(), dir, { recursive: true });
  const journalPath = path.join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(fs.readFileSync(journalPath, 'utf8')) as { entries: Array<Record<string, unknown>> };
  journal.entries.push({ idx: journal.entries.length, version: '7', when, tag: '9999_probe', breakpoints: true });
  fs.writeFileSync(journalPath, JSON.stringify(journal));
  fs.writeFileSync(path.join(dir, '9999_probe.sql'), 'CREATE TABLE "migrate_probe" ("id" integer PRIMARY KEY);');
  return dir;
}

describe(`migrate (${testDriver})`, () => {
  it('finds a migrated database up to date, and leaves it as it is', async () => {
    expect(await isUpToDate(database, migrationsFolder())).toBe(true);
    const before = await applied();
    expect(before.length).toBe(
      (
        JSON.parse(fs.readFileSync(path.join(migrationsFolder(), 'meta', '_journal.json'), 'utf8')) as {
          entries: unknown[];
        }
      ).entries.length,
    );
    await migrate(database);
    expect(await applied()).toEqual(before);
  });

  it('applies a migration generated after the newest applied one', async () => {
    const folder = folderWithNewMigration(newestMigrationMillis(migrationsFolder()) + 1_000);
    expect(await isUpToDate(database, folder)).toBe(false);
    await migrate(database, folder);
    expect(await isUpToDate(database, folder)).toBe(true);
    const rows = (await database.db.execute(
      sql`select to_regclass('public.migrate_probe') is not null as present`,
    )) as unknown as Rows<{ present: boolean }>;
    expect(rows.rows[0].present).toBe(true);
    expect(Number((await applied()).at(-1)?.created_at)).toBe(newestMigrationMillis(folder));
  });

  it('is not up to date before drizzle has its table (a new database)', async () => {
    await database.db.execute(sql`alter schema drizzle rename to drizzle_hidden`);
    try {
      expect(await isUpToDate(database, migrationsFolder())).toBe(false);
    } finally {
      await database.db.execute(sql`alter schema drizzle_hidden rename to drizzle`);
    }
  });
});
