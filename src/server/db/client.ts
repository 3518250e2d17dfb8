/** Opens the database: embedded PGlite in DATA_DIR by default, node-postgres when DATABASE_URL is set. */
import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import { acquireDirLock, type DirLock } from './dir-lock';

export type Schema = typeof import('./schema');

/**
 * The schema and a Drizzle driver, loaded once the database has started opening (ADR 052): evaluated before, they
 * held PGlite's open back (25–30 ms of main thread in a profile); evaluated meanwhile, they fill time PGlite spends
 * waiting for its files and its WebAssembly's compilation.
 */
const loadSchema = () => import('./schema');

/** The driver-independent Drizzle database type used by every repository. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction handle; repositories accept either. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

export interface Database {
  db: Db;
  driver: 'pglite' | 'pg';
  /** Runs a raw SQL statement; used by health checks and tests. */
  ping(): Promise<void>;
  /** Subscribes to a LISTEN channel; returns an unsubscribe function. */
  listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
  /**
   * Called after the LISTEN connection was lost and made again (PostgreSQL): notifications sent in between were
   * missed, so whatever follows them must be re-read. Never called on PGlite (one process, nothing to lose).
   */
  onResync(fn: () => void): void;
  /**
   * Sends the payloads on the channel in one statement, in this order. PostgreSQL delivers one of each distinct payload
   * per statement: the caller does not put the same payload twice in one call.
   */
  notify(channel: string, payloads: readonly string[]): Promise<void>;
  close(): Promise<void>;
  /** The PGlite instance, when that is the driver (tests dump it). */
  pglite?: PGlite;
}

export interface OpenOptions {
  databaseUrl?: string;
  dataDir?: string;
  /** Start PGlite from a dumped data directory (tests). */
  loadDataDir?: Blob;
  /** In-memory PGlite (tests); no lock, no files. */
  memory?: boolean;
}

/** Opens the configured database. PGlite refuses a data directory another process holds. */
export async function openDatabase(opts: OpenOptions): Promise<Database> {
  if (opts.databaseUrl) return openPostgres(opts.databaseUrl);
  return openPglite(opts);
}

/** Notifies each element of an array, in the array's order (unnest reads an array out in its order). */
const NOTIFY_ALL = 'select pg_notify($1, payload) from unnest($2::text[]) as payload';

const BYTEA_OID = 17;
function toBuffer(x: unknown): Buffer {
  if (!(x instanceof Uint8Array)) throw new Error('Invalid input for bytea type');
  return Buffer.from(x.buffer, x.byteOffset, x.byteLength);
}

async function openPglite(opts: OpenOptions): Promise<Database> {
  let lock: DirLock | undefined;
  let dataDir: string | undefined;
  if (!opts.memory) {
    dataDir = path.resolve(opts.dataDir ?? './data');
    fs.mkdirSync(dataDir, { recursive: true });
    lock = acquireDirLock(dataDir);
  }
  let client: PGlite;
  let schema: Schema;
  let drizzlePglite: typeof import('drizzle-orm/pglite').drizzle;
  try {
    const opening = PGlite.create({
      dataDir: dataDir ? path.join(dataDir, 'pgdata') : undefined,
      loadDataDir: opts.loadDataDir,
      extensions: { pg_trgm },
      // PGlite's own bytea conversion goes byte by byte in JavaScript (about 100 ms for a 256 KB file chunk on a
      // busy machine, blocking the event loop); Node's native hex codec does the same in well under a millisecond.
      serializers: { [BYTEA_OID]: (x: unknown) => `\\x${toBuffer(x).toString('hex')}` },
      parsers: { [BYTEA_OID]: (x: string) => Buffer.from(x.slice(2), 'hex') },
    });
    opening.catch(() => {}); // awaited below, after the modules
    [schema, { drizzle: drizzlePglite }] = await Promise.all([loadSchema(), import('drizzle-orm/pglite')]);
    client = await opening;
  } catch (err) {
    lock?.release();
    throw err;
  }
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    driver: 'pglite',
    pglite: client,
    async ping() {
      await client.query('select 1');
    },
    async listen(channel, onPayload) {
      const unsub = await client.listen(channel, onPayload);
      return async () => unsub();
    },
    onResync() {},
    async notify(channel, payloads) {
      await client.query(NOTIFY_ALL, [channel, payloads]);
    },
    async close() {
      try {
        await client.close();
      } finally {
        lock?.release();
      }
    },
  };
}

/** The LISTEN connection is made again after 0.5 s, then 1 s, 2 s… at most every 30 s. */
const LISTEN_RETRY_BASE_MS = 500;
const LISTEN_RETRY_MAX_MS = 30_000;

async function openPostgres(url: string): Promise<Database> {
  // Loaded only here: evaluating pg and drizzle's node-postgres driver cost a PGlite start about 25 ms for nothing.
  const [{ default: pgModule }, { drizzle: drizzlePg }, schema] = await Promise.all([
    import('pg'),
    import('drizzle-orm/node-postgres'),
    loadSchema(),
  ]);
  // A bounded connect time: an unreachable host fails requests (and /readyz) instead of hanging them.
  const pool = new pgModule.Pool({
    connectionString: url,
    max: 10,
    idleTimeoutMillis: 30_000,
    connectionTimeoutMillis: 10_000,
  });
  // A dropped idle connection must not crash the process; the pool replaces it.
  pool.on('error', () => {});
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  let listener: pg.Client | undefined;
  let connecting: Promise<pg.Client> | undefined;
  let closed = false;
  let reconnectTimer: NodeJS.Timeout | undefined;
  const handlers = new Map<string, Set<(p: string) => void>>();
  const resyncHandlers: (() => void)[] = [];

  async function connectListener(): Promise<pg.Client> {
    const c = new pgModule.Client({ connectionString: url });
    // A dropped LISTEN connection (a database restart, a network cut) is made again; what it missed is re-read.
    const lost = () => {
      if (listener !== c) return;
      listener = undefined;
      if (!closed) scheduleReconnect(0);
    };
    c.on('error', lost);
    c.on('end', lost);
    await c.connect();
    c.on('notification', (n) => {
      for (const h of handlers.get(n.channel) ?? []) h(n.payload ?? '');
    });
    for (const channel of handlers.keys()) await c.query(`LISTEN "${channel.replace(/"/g, '')}"`);
    listener = c;
    return c;
  }

  function ensureListener(): Promise<pg.Client> {
    if (listener) return Promise.resolve(listener);
    connecting ??= connectListener().finally(() => (connecting = undefined));
    return connecting;
  }

  function scheduleReconnect(attempt: number) {
    if (reconnectTimer || closed) return;
    reconnectTimer = setTimeout(
      async () => {
        reconnectTimer = undefined;
        if (closed) return;
        try {
          await ensureListener();
        } catch {
          return scheduleReconnect(attempt + 1);
        }
        for (const h of resyncHandlers) h();
      },
      Math.min(LISTEN_RETRY_MAX_MS, LISTEN_RETRY_BASE_MS * 2 ** attempt),
    );
    reconnectTimer.unref();
  }

  return {
    db,
    driver: 'pg',
    async ping() {
      await pool.query('select 1');
    },
    async listen(channel, onPayload) {
      let set = handlers.get(channel);
      if (!set) {
        set = new Set();
        handlers.set(channel, set);
        const c = await ensureListener();
        await c.query(`LISTEN "${channel.replace(/"/g, '')}"`); // (again, if the connection was made just now: harmless)
      } else await ensureListener();
      set.add(onPayload);
      return async () => {
        set.delete(onPayload);
      };
    },
    async notify(channel, payloads) {
      await pool.query(NOTIFY_ALL, [channel, payloads]);
    },
    onResync(fn) {
      resyncHandlers.push(fn);
    },
    async close() {
      closed = true;
      clearTimeout(reconnectTimer);
      await listener?.end().catch(() => {});
      await pool.end();
    },
  };
}
