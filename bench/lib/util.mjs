// Small helpers shared by the benchmark: arguments, timing, statistics, ports and the results table.
import net from 'node:net';

/** Parses `--flag`, `--key=value` and `--key value` arguments. */
export function parseArgs(argv) {
  const out = {};
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (!a.startsWith('--')) continue;
    const [k, v] = a.slice(2).split('=');
    if (v !== undefined) out[k] = v;
    else if (argv[i + 1] && !argv[i + 1].startsWith('--')) out[k] = argv[++i];
    else out[k] = true;
  }
  return out;
}

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

export function median(values) {
  const v = values.filter((x) => Number.isFinite(x)).sort((a, b) => a - b);
  if (!v.length) return NaN;
  const m = Math.floor(v.length / 2);
  return v.length % 2 ? v[m] : (v[m - 1] + v[m]) / 2;
}

/** The p-th percentile (0..100) by nearest rank. */
export function percentile(values, p) {
  const v = [...values].sort((a, b) => a - b);
  if (!v.length) return NaN;
  return v[Math.min(v.length - 1, Math.max(0, Math.ceil((p / 100) * v.length) - 1))];
}

/** A free loopback TCP port. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

const started = Date.now();
/** Progress on stderr, with the elapsed time, so the table on stdout stays clean. */
export function log(...args) {
  const s = ((Date.now() - started) / 1000).toFixed(0).padStart(4);
  console.error(`[bench ${s}s]`, ...args);
}

/**
 * Runs `a` and `b` alternately for `rounds` rounds (order flipped every round) and returns the per-round
 * results of each side, so that a ratio is taken side by side on the same noisy machine.
 */
export async function sideBySide(rounds, a, b) {
  const as = [];
  const bs = [];
  for (let r = 0; r < rounds; r++) {
    if (r % 2 === 0) {
      as.push(await a(r));
      bs.push(await b(r));
    } else {
      bs.push(await b(r));
      as.push(await a(r));
    }
  }
  return { as, bs };
}

export const fmt = (n, digits = 0) =>
  Number.isFinite(n)
    ? n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits })
    : 'n/a';

/** The results as a Markdown table (also readable in a terminal). */
export function renderTable(rows) {
  const head = ['Scenario', 'Figure', 'Baseline', 'Ratio', 'Goal', 'Met'];
  const body = rows.map((r) => [
    r.name,
    r.figureText,
    r.baselineText,
    r.ratioText ?? '',
    r.goalText,
    r.met === null ? 'n/a' : r.met ? 'yes' : 'NO',
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...body.map((b) => String(b[i]).length)));
  const line = (cells) => `| ${cells.map((c, i) => String(c).padEnd(widths[i])).join(' | ')} |`;
  return [line(head), `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`, ...body.map(line)].join('\n');
}
