/**
 * Crash safety in CI: the real server is killed with SIGKILL during 50 concurrent writers and restarted on the
 * same data, a few rounds on this run's database (a PGlite data directory, or a fresh PostgreSQL database).
 * `npm run chaos` runs the long version. Replay a failure with CHAOS_SEED=<the seed in the message>.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { preparedDataDir, removePreparedDataDirs } from '../helpers/server-process';
import { createTestDatabase, testDriver, type TestDatabase } from '../helpers/test-db';
import { runChaos, type ChaosTarget } from './chaos';

const ROUNDS = 2;
const seed = Number(process.env.CHAOS_SEED ?? Math.floor(Math.random() * 2 ** 31));
let database: TestDatabase | undefined;

afterAll(async () => {
  await database?.close();
  await removePreparedDataDirs();
});

describe(`crash safety under SIGKILL (${testDriver})`, () => {
  it(`keeps every acknowledged write and no partial row over ${ROUNDS} crash rounds (seed ${seed})`, async () => {
    let target: ChaosTarget;
    if (testDriver === 'pg') {
      database = await createTestDatabase();
      target = { driver: 'pg', databaseUrl: database.url! };
    } else {
      target = { driver: 'pglite', dataDir: await preparedDataDir() };
    }
    const report = await runChaos({ target, rounds: ROUNDS, seed });
    expect(report.rounds).toHaveLength(ROUNDS);
    // The kill landed while writes were being answered, so the rounds proved something.
    expect(report.rounds.reduce((n, r) => n + r.acknowledged, 0)).toBeGreaterThan(0);
  }, 420_000);
});
