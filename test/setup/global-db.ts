/**
 * Migrates once per run: a dumped PGlite data directory (each test file loads a copy in about a second), or a
 * PostgreSQL template database (each test file clones it).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import pg from 'pg';
import { openDatabase } from '../../src/server/db/client';
import { migrate } from '../../src/server/db/migrate';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteSnapshot: string;
    pgTemplate: string;
  }
}

export default async function setup(project: TestProject) {
  const driver = project.config.env?.TEST_DB_DRIVER ?? process.env.TEST_DB_DRIVER ?? 'pglite';
  if (driver === 'pg') {
    const url = process.env.TEST_DATABASE_URL!;
    const template = `crowdmix_tpl_${process.pid}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await dropStale(admin);
    await admin.query(`create database ${template}`);
    const database = await openDatabase({ databaseUrl: withDb(url, template) });
    await migrate(database);
    await database.close();
    await admin.end();
    project.provide('pgTemplate', template);
    project.provide('pgliteSnapshot', '');
    return async () => {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.query(`drop database if exists ${template} with (force)`).catch(() => {});
      await c.end();
    };
  }
  const database = await openDatabase({ memory: true });
  await migrate(database);
  const dump = await database.pglite!.dumpDataDir('none');
  await database.close();
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'crowdmix-snap-')), 'snapshot.tar');
  fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteSnapshot', file);
  project.provide('pgTemplate', '');
  return () => fs.rmSync(path.dirname(file), { recursive: true, force: true });
}

/** Drops databases left behind by runs that were killed. */
async function dropStale(admin: pg.Client) {
  const { rows } = await admin.query<{ datname: string }>(
    "select datname from pg_database where datname like 'crowdmix_tpl_%' or datname like 'crowdmix_t_%'",
  );
  for (const r of rows) {
    const pid = Number(r.datname.split('_')[2]);
    if (r.datname.startsWith('crowdmix_tpl_') && isAlive(pid)) continue;
    if (r.datname.startsWith('crowdmix_t_') && isAlive(pid)) continue;
    await admin.query(`drop database if exists ${r.datname} with (force)`).catch(() => {});
  }
}

function isAlive(pid: number) {
  if (!Number.isFinite(pid)) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

export function withDb(url: string, db: string) {
  const u = new URL(url);
  u.pathname = `/${db}`;
  return u.href;
}
