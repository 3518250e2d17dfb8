/**
 * Counts the statements a block of code sends to the test database, on either driver (on PostgreSQL each is a round
 * trip): for the tests that hold a hot path to its number of statements. Returns their texts, so that a failure shows
 * which ones ran.
 */
import pg from 'pg';
import type { PGlite } from '@electric-sql/pglite';
import type { Database } from '../../src/server/db/client';

type QueryArg = string | { text?: string } | undefined;
const textOf = (q: QueryArg) =>
  (typeof q === 'string' ? q : (q?.text ?? '?')).replace(/\s+/g, ' ').trim().slice(0, 200);

export async function statementsDuring(database: Database, run: () => Promise<unknown>): Promise<string[]> {
  const texts: string[] = [];
  const restore = database.pglite ? watchPglite(database.pglite, texts) : watchPg(texts);
  try {
    await run();
  } finally {
    restore();
  }
  return texts;
}

/** Every query of every `pg` client (the pool's, in and out of transactions), while watched. */
function watchPg(texts: string[]) {
  const proto = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
  const original = proto.query;
  proto.query = function (this: unknown, ...args: unknown[]) {
    texts.push(textOf(args[0] as QueryArg));
    return original.apply(this, args);
  };
  return () => {
    proto.query = original;
  };
}

/** PGlite's query and exec, and the same inside its transactions (with their BEGIN and COMMIT). */
function watchPglite(client: PGlite, texts: string[]) {
  type Fn = (...args: unknown[]) => Promise<unknown>;
  const target = client as unknown as Record<'query' | 'exec' | 'transaction', Fn>;
  const originals = { query: target.query, exec: target.exec, transaction: target.transaction };
  const counted =
    (fn: Fn, self: unknown): Fn =>
    (...args) => {
      texts.push(textOf(args[0] as QueryArg));
      return fn.apply(self, args);
    };
  target.query = counted(originals.query, client);
  target.exec = counted(originals.exec, client);
  target.transaction = (callback: unknown) =>
    originals.transaction
      .call(client, (tx: Record<'query' | 'exec', Fn>) => {
        texts.push('BEGIN');
        const watched = Object.assign(Object.create(tx) as object, {
          query: counted(tx.query, tx),
          exec: counted(tx.exec, tx),
        });
        return (callback as (t: unknown) => Promise<unknown>)(watched);
      })
      .finally(() => texts.push('COMMIT'));
  // They are the class's methods: deleting the instance's own copies restores them.
  return () => {
    for (const name of Object.keys(originals)) delete (client as unknown as Record<string, unknown>)[name];
  };
}
