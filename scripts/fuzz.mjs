// `npm run fuzz`: the long OpenAPI fuzzing pass (test/fuzz). Prints its seed first so that a failure can be
// replayed: `npm run fuzz -- --seed 123`. Options: --runs N (per operation, default 500), --seed S,
// --postgres (uses TEST_DATABASE_URL; PGlite otherwise). FUZZ_RUNS and FUZZ_SEED work as well.
import { spawnSync } from 'node:child_process';
import crypto from 'node:crypto';

const args = process.argv.slice(2);
const option = (name) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : undefined;
};
const runs = Number(option('runs') ?? process.env.FUZZ_RUNS ?? 500);
const seed = Number(option('seed') ?? process.env.FUZZ_SEED ?? crypto.randomInt(0, 2 ** 31 - 1));
const postgres = args.includes('--postgres');
if (postgres && !process.env.TEST_DATABASE_URL) {
  console.error('--postgres needs TEST_DATABASE_URL, e.g. postgres://postgres@127.0.0.1:5432/test');
  process.exit(2);
}
const project = postgres ? 'integration-postgres' : 'integration-pglite';
console.log(`fuzz: ${runs} runs per operation, seed ${seed}, ${postgres ? 'PostgreSQL' : 'PGlite'}`);
console.log(`replay: npm run fuzz -- --runs ${runs} --seed ${seed}${postgres ? ' --postgres' : ''}`);
const r = spawnSync('npx', ['vitest', 'run', '--project', project, 'test/fuzz'], {
  stdio: 'inherit',
  env: { ...process.env, FUZZ_RUNS: String(runs), FUZZ_SEED: String(seed) },
});
console.log(`fuzz: seed ${seed} — ${r.status === 0 ? 'passed' : 'FAILED'}`);
process.exit(r.status ?? 1);
