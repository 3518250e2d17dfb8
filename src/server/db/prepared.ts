/**
 * Raw SQL prepared under a name, through drizzle's own prepared-statement path (the one the query builder's
 * `.prepare(name)` takes). PostgreSQL then parses and plans the statement once per connection instead of on every
 * call: for the one-statement vote (a data-modifying CTE the query builder cannot express) planning was two thirds
 * of its cost (`npm run bench`, tally cost: 8,700 vs 28,000 statements/s on 16 connections).
 * Placeholders are `sql.placeholder('name')`; `execute` takes their values and returns the rows.
 */
import type { SQL } from 'drizzle-orm';
import type { PgDialect, PgSession } from 'drizzle-orm/pg-core';
import type { Db } from './client';

export interface PreparedSql<Row> {
  execute(params: Record<string, unknown>): Promise<Row[]>;
}

const cache = new WeakMap<Db, Map<string, PreparedSql<unknown>>>();

/**
 * The statement `name` for this database handle (or transaction), prepared on first use; `build` runs once per
 * handle. The driver keeps the parsed statement per connection, so a new handle with the same name costs no re-plan.
 */
export function preparedSql<Row>(db: Db, name: string, build: () => SQL): PreparedSql<Row> {
  let byName = cache.get(db);
  if (!byName) cache.set(db, (byName = new Map()));
  let prepared = byName.get(name) as PreparedSql<Row> | undefined;
  if (!prepared) {
    const internals = db as unknown as { session: PgSession; dialect: PgDialect };
    const query = internals.session.prepareQuery(internals.dialect.sqlToQuery(build()), undefined, name, false);
    prepared = { execute: async (params) => ((await query.execute(params)) as { rows: Row[] }).rows };
    byName.set(name, prepared as PreparedSql<unknown>);
  }
  return prepared;
}
