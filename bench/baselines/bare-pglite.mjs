// Baseline: a bare PGlite start on an existing data directory (the same extension the app loads), then exit.
// Prints the milliseconds from process start to the first answered query.
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

const db = await PGlite.create({ dataDir: process.env.PGLITE_DIR, extensions: { pg_trgm } });
await db.query('select 1');
process.stdout.write(String(performance.now()));
await db.close();
