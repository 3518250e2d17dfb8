/** A fresh, migrated database for one test file: a PGlite copy of the snapshot, or a PostgreSQL clone. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import crypto from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { openDatabase, type Database } from '../../src/server/db/client';

export const testDriver = (process.env.TEST_DB_DRIVER ?? 'pglite') as 'pglite' | 'pg';

export interface TestDatabase extends Database {
  /** The connection URL, for PostgreSQL (to start a second instance on the same database). */
  url?: string;
}

export async function createTestDatabase(): Promise<TestDatabase> {
  if (testDriver === 'pg') {
    const base = process.env.TEST_DATABASE_URL!;
    const name = `crowdmix_t_${process.pid}_${crypto.randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    await admin.query(`create database ${name} template ${inject('pgTemplate')}`);
    await admin.end();
    const url = withDb(base, name);
    const database = await openDatabase({ databaseUrl: url });
    const close = database.close.bind(database);
    return Object.assign(database, {
      url,
      async close() {
        await close();
        const c = new pg.Client({ connectionString: base });
        await c.connect();
        await c.query(`drop database if exists ${name} with (force)`).catch(() => {});
        await c.end();
      },
    });
  }
  const snapshot = fs.readFileSync(inject('pgliteSnapshot'));
  return openDatabase({ memory: true, loadDataDir: new Blob([snapshot]) });
}

function withDb(url: string, db: string) {
  const u = new URL(url);
  u.pathname = `/${db}`;
  return u.href;
}

/**
 * A new PGlite data directory on disk holding the migrated snapshot, for tests that restart the app on the
 * same directory (PGlite only). The caller removes it.
 */
export async function createTestDataDir(): Promise<string> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'crowdmix-dir-'));
  const snapshot = fs.readFileSync(inject('pgliteSnapshot'));
  const database = await openDatabase({ dataDir: dir, loadDataDir: new Blob([snapshot]) });
  await database.close();
  return dir;
}
