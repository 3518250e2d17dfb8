// Web figures: gzip size of the JavaScript each route loads first, the same for a bare React hello-world built
// by the same Vite, and Lighthouse (mobile preset) on Debian's Chromium.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

/** Builds the SPA (with a Vite manifest) and the server bundle into `buildDir`. */
export function buildApp(buildDir) {
  const env = { ...process.env, BUILD_DIR: buildDir };
  for (const [cmd, args] of [
    [process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--manifest', '--logLevel', 'warn']],
    [process.execPath, ['scripts/build-server.mjs']],
  ]) {
    const r = spawnSync(cmd, args, { env, stdio: ['ignore', 'ignore', 'inherit'] });
    if (r.status !== 0) throw new Error(`build failed: ${cmd} ${args.join(' ')}`);
  }
}

/** Builds bench/hello (React 19 hello-world) with the project's Vite into `outDir`. */
export async function buildHello(outDir) {
  const { build } = await import('vite');
  const react = (await import('@vitejs/plugin-react')).default;
  await build({
    root: path.resolve('bench/hello'),
    configFile: false,
    logLevel: 'silent',
    plugins: [react()],
    build: { outDir: path.resolve(outDir), emptyOutDir: true, manifest: true, target: 'es2022' },
  });
}

const gzipSize = (file) => zlib.gzipSync(fs.readFileSync(file)).length;

/** The JS files index.html loads before anything runs (entry script + modulepreloads), with gzip sizes. */
export function initialJs(webDir) {
  const html = fs.readFileSync(path.join(webDir, 'index.html'), 'utf8');
  const files = new Set();
  for (const m of html.matchAll(/<script[^>]+src="([^"]+\.js)"/g)) files.add(m[1]);
  for (const m of html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+\.js)"/g)) files.add(m[1]);
  return sizeOf(webDir, [...files]);
}

function sizeOf(webDir, urls) {
  const list = urls.map((u) => ({
    file: u.replace(/^\//, ''),
    gzip: gzipSize(path.join(webDir, u.replace(/^\//, ''))),
  }));
  return { files: list, gzip: list.reduce((s, f) => s + f.gzip, 0) };
}

/** The budget of every route's initial JS, gzip (issue 19). */
export const ROUTE_JS_BUDGET = 120 * 1024;

/**
 * Routes allowed above the budget, each with the ceiling it may not pass (KB, gzip), while it is brought under
 * 120 KB. Empty since ADR 032: every route is within the budget, and the weight check of `npm test` fails any
 * route that passes it (ADR 024, 028, 031 and 032 say what each route still loads and what was split off).
 */
export const ROUTE_JS_CEILINGS = {};

/**
 * How many JS files a route may fetch before it renders (ADR 031): each is a request and a gzip stream of its own,
 * and a phone's round trips queue them (a venue's mix fetched 63 before ADR 031, most of a few hundred bytes).
 */
export const ROUTE_JS_FILES_BUDGET = 12;

/**
 * Routes over their allowance (the budget, or the ceiling of a route still above it; or more files than
 * ROUTE_JS_FILES_BUDGET): `[{ route, gzip, allowed, files }]`.
 */
export function routeBudgetViolations(routes) {
  const out = [];
  for (const [route, r] of Object.entries(routes)) {
    const allowed = Math.max(ROUTE_JS_BUDGET, (ROUTE_JS_CEILINGS[route] ?? 0) * 1024);
    if (r.gzip > allowed || r.files.length > ROUTE_JS_FILES_BUDGET)
      out.push({ route, gzip: r.gzip, allowed, files: r.files.length });
  }
  return out;
}

/**
 * Per lazily loaded page (from the Vite manifest): what that route fetches first, i.e. the entry's static
 * closure plus the page chunk's static closure.
 */
export function routeJs(webDir) {
  const manifest = JSON.parse(fs.readFileSync(path.join(webDir, '.vite/manifest.json'), 'utf8'));
  const closure = (key, seen = new Set()) => {
    if (seen.has(key) || !manifest[key]) return seen;
    seen.add(key);
    for (const imp of manifest[key].imports ?? []) closure(imp, seen);
    return seen;
  };
  const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry);
  const entry = closure(entryKey);
  const out = {};
  for (const key of Object.keys(manifest)) {
    const m = /pages\/([a-z-]+)-page\.tsx$/.exec(key);
    if (!m || !manifest[key].isDynamicEntry) continue;
    const keys = closure(key, new Set(entry));
    out[m[1]] = sizeOf(
      webDir,
      [...keys].map((k) => manifest[k].file),
    );
  }
  return out;
}

/** Runs the Lighthouse CLI (mobile preset) on `url` with Debian's Chromium; returns the category scores 0–100. */
export function lighthouse(url, { cookie, chromeFlags = [] } = {}) {
  const chrome = process.env.CHROME_PATH ?? '/usr/bin/chromium';
  const flags = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', ...chromeFlags];
  const args = [
    'node_modules/lighthouse/cli/index.js',
    url,
    '--quiet',
    '--output=json',
    '--output-path=stdout',
    '--only-categories=performance,accessibility,best-practices',
    // Lighthouse parses this like a command line: a value with spaces goes in double quotes.
    `--chrome-flags=${flags.map((f) => f.replace(/=(.* .*)$/, '="$1"')).join(' ')}`,
    '--max-wait-for-load=30000',
  ];
  if (cookie) args.push(`--extra-headers=${JSON.stringify({ Cookie: cookie })}`);
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, {
      env: { ...process.env, CHROME_PATH: chrome },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (err += d));
    const timer = setTimeout(() => child.kill('SIGKILL'), 240_000);
    child.on('exit', (code) => {
      clearTimeout(timer);
      try {
        const lhr = JSON.parse(out);
        const score = (c) => Math.round((lhr.categories[c]?.score ?? 0) * 100);
        const failing = (cat) =>
          lhr.categories[cat].auditRefs
            .filter((r) => r.weight > 0 && lhr.audits[r.id].score !== null && lhr.audits[r.id].score < 1)
            .map((r) => r.id);
        resolve({
          performance: score('performance'),
          accessibility: score('accessibility'),
          bestPractices: score('best-practices'),
          metrics: {
            fcp: lhr.audits['first-contentful-paint']?.numericValue,
            lcp: lhr.audits['largest-contentful-paint']?.numericValue,
            tbt: lhr.audits['total-blocking-time']?.numericValue,
            cls: lhr.audits['cumulative-layout-shift']?.numericValue,
          },
          failing: {
            performance: failing('performance'),
            accessibility: failing('accessibility'),
            bestPractices: failing('best-practices'),
          },
          // The ten longest main-thread tasks (simulated times, ms), to see what a blocking time was made of.
          longTasks: (lhr.audits['long-tasks']?.details?.items ?? []).slice(0, 10).map((t) => ({
            url: t.url,
            start: Math.round(t.startTime),
            duration: Math.round(t.duration),
          })),
          // The element Lighthouse took as the largest paint, and its phases (what an LCP was made of).
          lcpElement: lhr.audits['largest-contentful-paint-element']?.details?.items?.[0]?.items?.[0]?.node?.snippet,
          lcpPhases: (lhr.audits['largest-contentful-paint-element']?.details?.items?.[1]?.items ?? []).map(
            (p) => `${p.phase} ${Math.round(p.timing)}`,
          ),
          runtimeError: lhr.runtimeError?.message,
          // Lighthouse's own measure of the machine's speed (a quiet run of this machine type: 2,300–2,900).
          benchmarkIndex: lhr.environment?.benchmarkIndex,
        });
      } catch {
        reject(new Error(`lighthouse failed (exit ${code}): ${err.slice(-500)}`));
      }
    });
  });
}
