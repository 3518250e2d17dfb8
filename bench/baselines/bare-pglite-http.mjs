// Baseline: a bare PGlite server. Opens PGlite on an existing data directory (the same extension the app loads),
// answers its first query, then listens on PORT with node:http and answers every request with `select 1`.
// Timed like the app (from spawn to the first 200): what any server on PGlite pays beyond the bare start, such as
// the listen. Like the app, it keeps its event loop busy until it listens (ADR 052): a loop that ran dry during the
// open made Node wait for V8's background compilation of PGlite before answering anything (200–270 ms here).
import http from 'node:http';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

const awake = setInterval(() => {}, 60_000);
const db = await PGlite.create({ dataDir: process.env.PGLITE_DIR, extensions: { pg_trgm } });
await db.query('select 1');
const server = http.createServer(async (_req, res) => {
  await db.query('select 1');
  res.writeHead(200, { 'content-type': 'application/json' }).end('{"status":"ready"}');
});
server.listen(Number(process.env.PORT), '127.0.0.1', () => clearInterval(awake));
process.on('SIGTERM', () => server.close(() => db.close().then(() => process.exit(0))));
