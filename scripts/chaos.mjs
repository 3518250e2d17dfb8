// `npm run chaos [-- --rounds 20] [-- --seed N] [-- --pglite | --pg]`: SIGKILL the real server during 50
// concurrent writers, restart it, check the data; 20 rounds on PGlite and on PostgreSQL by default.
// PostgreSQL: CHAOS_DATABASE_URL (or TEST_DATABASE_URL), a server where a fresh database may be created.
import { spawnSync } from 'node:child_process';

const r = spawnSync(process.execPath, ['--import', 'tsx', 'test/chaos/cli.ts', ...process.argv.slice(2)], {
  stdio: 'inherit',
});
process.exit(r.status ?? 1);
