/** `npm run chaos`: many crash rounds on PGlite and on PostgreSQL, with a summary. See test/chaos/chaos.ts. */
import crypto from 'node:crypto';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { preparedDataDir, removePreparedDataDirs } from '../helpers/server-process';
import { runChaos, type ChaosReport, type ChaosTarget } from './chaos';

const { values } = parseArgs({
  options: {
    rounds: { type: 'string', default: '20' },
    seed: { type: 'string' },
    pglite: { type: 'boolean', default: false },
    pg: { type: 'boolean', default: false },
  },
});
const rounds = Number(values.rounds);
const seed = Number(values.seed ?? process.env.CHAOS_SEED ?? Math.floor(Math.random() * 2 ** 31));
// Neither flag: both databases.
const drivers =
  values.pglite || values.pg ? [...(values.pglite ? ['pglite'] : []), ...(values.pg ? ['pg'] : [])] : ['pglite', 'pg'];
const adminUrl =
  process.env.CHAOS_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

async function withTarget(driver: string, fn: (t: ChaosTarget) => Promise<ChaosReport>): Promise<ChaosReport> {
  if (driver === 'pglite') {
    try {
      return await fn({ driver: 'pglite', dataDir: await preparedDataDir() });
    } finally {
      await removePreparedDataDirs();
    }
  }
  const name = `crowdmix_chaos_${crypto.randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  try {
    // The server migrates the empty database at its first start.
    return await fn({ driver: 'pg', databaseUrl: url.href });
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

console.log(`chaos: ${rounds} rounds on ${drivers.join(' and ')}, seed ${seed} (replay with --seed ${seed})`);
const reports: ChaosReport[] = [];
let failed = false;
for (const driver of drivers) {
  try {
    reports.push(
      await withTarget(driver, (target) =>
        runChaos({ target, rounds, seed, log: (l) => console.log(`  [${driver}] ${l}`) }),
      ),
    );
  } catch (err) {
    failed = true;
    console.error(`\n✗ ${driver}: ${err instanceof Error ? err.message : String(err)}\n`);
  }
}
console.log('\ndriver   rounds  acknowledged  unanswered  refused  kill (ms after 1st ack)  restart (ms, median)');
for (const r of reports) {
  const sum = (f: (x: ChaosReport['rounds'][number]) => number) => r.rounds.reduce((n, x) => n + f(x), 0);
  const kills = r.rounds.map((x) => x.killedAfterMs);
  const restarts = r.rounds.map((x) => x.restartMs).sort((a, b) => a - b);
  console.log(
    `${r.driver.padEnd(8)} ${String(r.rounds.length).padStart(6)}  ${String(sum((x) => x.acknowledged)).padStart(12)}  ${String(sum((x) => x.inFlight)).padStart(10)}  ${String(sum((x) => x.refused)).padStart(7)}  ${`${Math.min(...kills)}–${Math.max(...kills)}`.padStart(23)}  ${restarts[Math.floor(restarts.length / 2)]}`,
  );
}
console.log(
  failed
    ? '\nchaos: FAILED (see above)'
    : `\nchaos: every round kept every acknowledged write, no partial rows, counters equal their rows`,
);
process.exit(failed ? 1 : 0);
