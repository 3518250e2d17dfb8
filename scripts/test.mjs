// `npm test`: lint, typecheck, unit + integration (PGlite, and PostgreSQL when TEST_DATABASE_URL is set; the scale-out
// suites once more over Redis when TEST_REDIS_URL is set),
// then the browser tests in Chromium. Every suite runs; the last line sums them: "N passed, N failed, N skipped".
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';

fs.mkdirSync('.tmp', { recursive: true });
const totals = { passed: 0, failed: 0, skipped: 0 };
const rows = [];
/** Every test's duration, for the "slowest ten" list at the end: { name, ms }. */
const durations = [];
const failures = [];

function run(name, cmd, args, env = {}) {
  console.log(`\n▶ ${name}: ${cmd} ${args.join(' ')}`);
  const r = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  return r.status ?? 1;
}

/** Wall-clock time since `started` (ms), for the per-phase figures in the summary. */
const seconds = (started) => `${((Date.now() - started) / 1000).toFixed(0)} s`;

const CLOCK_TICKS = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout) || 100;
/**
 * CPU seconds (user + system) of this process's children that have ended, from /proc (Linux; null elsewhere). Each
 * child's figure includes its own ended children: vitest's workers, Playwright's browsers, the app servers. Not the
 * PostgreSQL or Redis servers, whose work for the tests is done in their own processes.
 */
function childCpu() {
  try {
    const stat = fs.readFileSync('/proc/self/stat', 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[13]) + Number(fields[14])) / CLOCK_TICKS;
  } catch {
    return null;
  }
}

/** The machine's CPU time so far, all processes (Linux /proc/stat, in ticks): { total, idle }; null elsewhere. */
function machineCpu() {
  try {
    const fields = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1, 9).map(Number);
    return { total: fields.reduce((a, b) => a + b, 0), idle: fields[3] + fields[4] };
  } catch {
    return null;
  }
}

/**
 * A phase's figures beside its wall-clock time: the CPU time of the processes it ran, how busy the machine's cores
 * were meanwhile (all processes, ours and anyone else's), and the one-minute load average when it started and ended.
 * The first undercounts the browser phase: Chromium's renderers are forked by its zygote and adopted by init, so their
 * CPU never reaches this process (2 workers: "CPU 363 s" in 603 s while the cores were busy throughout, ADR 027). The
 * second says whether a phase left a core idle.
 */
function phase() {
  const started = Date.now();
  const cpu = childCpu();
  const machine = machineCpu();
  const load = os.loadavg()[0];
  return () => {
    const now = childCpu();
    const used = cpu === null || now === null ? '' : `, CPU ${(now - cpu).toFixed(0)} s`;
    const after = machineCpu();
    const busy =
      machine && after && after.total > machine.total
        ? `, cores ${(100 - (100 * (after.idle - machine.idle)) / (after.total - machine.total)).toFixed(0)}% busy`
        : '';
    return `${seconds(started)}${used}${busy}, load ${load.toFixed(1)}→${os.loadavg()[0].toFixed(1)}`;
  };
}
const suiteFigures = phase();

function check(name, cmd, args) {
  const figures = phase();
  const ok = run(name, cmd, args) === 0;
  totals[ok ? 'passed' : 'failed'] += 1;
  rows.push(`${name}: ${ok ? 'ok' : 'FAILED'} (${figures()})`);
}

/** `check`, without waiting: its output is held and printed in one piece when it ends. */
function checkAsync(name, cmd, args) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    const out = [];
    child.stdout.on('data', (d) => out.push(d));
    child.stderr.on('data', (d) => out.push(d));
    let ended = false;
    const done = (code) => {
      if (ended) return;
      ended = true;
      const ok = code === 0;
      console.log(`\n▶ ${name}: ${cmd} ${args.join(' ')} (${seconds(started)})`);
      process.stdout.write(Buffer.concat(out));
      totals[ok ? 'passed' : 'failed'] += 1;
      rows.push(`${name}: ${ok ? 'ok' : 'FAILED'} (${seconds(started)})`);
      resolve();
    };
    child.on('error', (err) => {
      out.push(Buffer.from(`${err.message}\n`));
      done(1);
    });
    child.on('close', (code) => done(code ?? 1));
  });
}

function readJson(file) {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

console.log(
  process.env.TEST_REDIS_URL
    ? `Realtime hub: the scale-out suites run on LISTEN/NOTIFY and on Redis (TEST_REDIS_URL=${process.env.TEST_REDIS_URL})`
    : 'Realtime hub: TEST_REDIS_URL is unset, the Redis variants of the scale-out suites are skipped (.ci/run sets it)',
);
// Lint and typecheck each keep one core busy: they run side by side (output printed as each one ends).
{
  const figures = phase();
  await Promise.all([
    checkAsync('lint', 'npm', ['run', 'lint', '--silent']),
    checkAsync('typecheck', 'npx', ['tsc', '-p', 'tsconfig.json', '--noEmit']),
  ]);
  rows.push(`lint and typecheck: ${figures()}`);
}

{
  const out = '.tmp/vitest.json';
  fs.rmSync(out, { force: true });
  const figures = phase();
  const code = run('unit + integration', 'npx', [
    'vitest',
    'run',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${out}`,
  ]);
  const r = readJson(out);
  if (r) {
    const failedSuites = (r.testResults ?? []).filter(
      (s) => s.status === 'failed' && (s.assertionResults ?? []).length === 0,
    ).length;
    totals.passed += r.numPassedTests;
    totals.failed += r.numFailedTests + failedSuites;
    totals.skipped += (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0);
    rows.push(`vitest: ${r.numPassedTests} passed, ${r.numFailedTests + failedSuites} failed (${figures()})`);
    for (const file of r.testResults ?? []) {
      if (file.status === 'failed' && (file.assertionResults ?? []).length === 0) {
        failures.push(
          `vitest ${file.name.replace(`${process.cwd()}/`, '')} (suite did not run: ${file.message ?? 'error'})`,
        );
      }
      for (const t of file.assertionResults ?? []) {
        const name = `vitest ${file.name.replace(`${process.cwd()}/`, '')} › ${t.fullName}`;
        durations.push({ name, ms: t.duration ?? 0 });
        if (t.status === 'failed') failures.push(name);
      }
    }
  } else {
    totals.failed += 1;
    rows.push(`vitest: no report (exit ${code})`);
  }
  if (code !== 0 && r && r.numFailedTests === 0 && !r.testResults?.some((s) => s.status === 'failed')) {
    totals.failed += 1;
    rows.push(`vitest: exited ${code}`);
  }
}

// The browser the specs run in (playwright.config.ts, ADR 036): said in words when it is missing, rather than as a
// launch error in every test.
const browserPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell';
if (!fs.existsSync(browserPath)) {
  console.log(
    `\n▶ browser: ${browserPath} is missing. The browser tests run in Debian's Chromium headless shell:\n` +
      '  apt-get update && apt-get install chromium-headless-shell   (or set CHROMIUM_PATH)',
  );
  totals.failed += 1;
  rows.push(`browser: not run (${browserPath} is missing)`);
} else {
  const out = '.tmp/playwright.json';
  fs.rmSync(out, { force: true });
  const figures = phase();
  const code = run('browser', 'npx', ['playwright', 'test', '--reporter=list,json'], {
    PLAYWRIGHT_JSON_OUTPUT_NAME: out,
  });
  const r = readJson(out);
  if (r?.stats) {
    const passed = (r.stats.expected ?? 0) + (r.stats.flaky ?? 0);
    const failed = r.stats.unexpected ?? 0;
    totals.passed += passed;
    totals.failed += failed + (code !== 0 && failed === 0 ? 1 : 0);
    totals.skipped += r.stats.skipped ?? 0;
    rows.push(
      `playwright: ${passed} passed, ${failed} failed${r.stats.flaky ? ` (${r.stats.flaky} flaky)` : ''} (${figures()}, build and servers included)`,
    );
    const walk = (suite, file) => {
      for (const spec of suite.specs ?? []) {
        for (const t of spec.tests ?? []) {
          const ms = (t.results ?? []).reduce((sum, res) => sum + (res.duration ?? 0), 0);
          const name = `playwright ${file ?? suite.file} › ${spec.title}`;
          durations.push({ name, ms });
          if (t.status === 'unexpected') failures.push(name);
        }
      }
      for (const child of suite.suites ?? []) walk(child, file ?? suite.file);
    };
    for (const suite of r.suites ?? []) walk(suite);
  } else {
    totals.failed += 1;
    rows.push(`playwright: no report (exit ${code})`);
  }
}

// The route weight check reads the manifest of the build the browser tests just made (no second build).
check('route weight', process.execPath, ['scripts/check-weight.mjs']);

const slowest = durations.sort((a, b) => b.ms - a.ms).slice(0, 10);
if (slowest.length) {
  console.log('\nSlowest ten tests:');
  for (const { name, ms } of slowest) console.log(`${(ms / 1000).toFixed(1).padStart(7)} s  ${name}`);
}
if (failures.length) {
  console.log('\nFailed:');
  for (const name of failures) console.log(`  ✗ ${name}`);
}
rows.push(`total: ${suiteFigures()}`);
console.log(`\n${rows.join('\n')}`);
console.log(`${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(totals.failed > 0 ? 1 : 0);
