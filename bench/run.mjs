// `npm run bench`: builds, starts the real server on loopback against a fresh PostgreSQL database (or PGlite
// with --pglite), loads the quality bar's data set, runs every Performance scenario side by side with its
// baseline, prints the table and writes bench/results/latest.json (+ bench/RESULTS.md with --record).
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn } from 'node:child_process';
import pg from 'pg';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import {
  FULL_SIZES,
  QUICK_SIZES,
  SCALE_SIZES,
  TALLY_MISMATCH_SQL,
  dataStatements,
  extraSongStatements,
  tokenFor,
} from './lib/data.mjs';
import { hammer } from './lib/load.mjs';
import { measureFanout, openClients, post } from './lib/fanout.mjs';
import { openLiveRoom } from './lib/live.mjs';
import { measureHubCeiling } from './lib/hub-ceiling.mjs';
import { startApp, startBaseline } from './lib/server.mjs';
import { fmt, log, median, parseArgs, percentile, renderTable, sideBySide, sleep } from './lib/util.mjs';
import { startThumbnailStandIn } from './lib/thumbnails.mjs';
import { ROUTE_JS_BUDGET, buildApp, buildHello, initialJs, lighthouse, routeJs } from './lib/web.mjs';

const args = parseArgs(process.argv.slice(2));
const quick = Boolean(args.quick);
const usePglite = Boolean(args.pglite);
const scale = Boolean(args.scale);
const sizes = { ...(scale ? SCALE_SIZES : quick ? QUICK_SIZES : FULL_SIZES) };
for (const k of Object.keys(sizes)) {
  const v = args[k] ?? process.env[`BENCH_${k.toUpperCase()}`];
  if (v !== undefined) sizes[k] = Number(v);
}
const rounds = Number(args.rounds ?? (quick ? 3 : 3));
const duration = Number(args.duration ?? (quick ? 1 : 3));
const only = args.only ? new Set(String(args.only).split(',')) : null;
const wants = (group) => !only || only.has(group);
const buildDir = process.env.BUILD_DIR ?? '.tmp/build-bench';
const adminUrl = process.env.BENCH_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const searchSongs = scale
  ? sizes.songs
  : Number(args.searchSongs ?? process.env.BENCH_SEARCH_SONGS ?? (quick ? 10_000 : 100_000));
const fanClients = Number(args.clients ?? (quick ? 300 : 1000));
/** Processes the fan-out's clients run in (0: the bench's own; see bench/README, live fan-out). */
const fanoutWorkers = Number(args.fanoutWorkers ?? 2);
const liveJoins = Number(args.liveJoins ?? (quick ? 200 : 500));
const wsCycles = Number(args.wsCycles ?? process.env.BENCH_WS_CYCLES ?? (quick ? 20_000 : 300_000));
const tmpRoot = path.resolve('.tmp', `bench-${process.pid}`);
fs.mkdirSync(tmpRoot, { recursive: true });

const rows = [];
const details = {};
const cleanups = [];
let cleaned = false;
async function cleanup() {
  if (cleaned) return;
  cleaned = true;
  for (const fn of cleanups.reverse()) await fn().catch((err) => log('cleanup:', err.message));
  fs.rmSync(tmpRoot, { recursive: true, force: true });
}
// Whatever fails, the database is dropped and the child processes stop.
process.on('unhandledRejection', (err) => {
  console.error(err);
  void cleanup().then(() => process.exit(2));
});
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => void cleanup().then(() => process.exit(130)));

/** Adds a result row. `higherIsBetter` tells how the ratio meets the goal. */
function addRow(r) {
  rows.push(r);
  log(
    `${r.name}: ${r.figureText} vs ${r.baselineText} → ${r.ratioText ?? ''} (goal ${r.goalText}) ${r.met === null ? '' : r.met ? 'met' : 'NOT MET'}`,
  );
}
const rps = (x) => `${fmt(x)} req/s`;
const ms = (x, d = 1) => `${fmt(x, d)} ms`;
const kb = (bytes) => `${fmt(bytes / 1024, 1)} KB`;

/** Two HTTP load runs side by side; the ratio is the median of per-round ratios a/b (throughput). */
async function throughputPair(name, a, b, goal) {
  const { as, bs } = await sideBySide(
    rounds,
    () => hammer(a.url, a.opts),
    () => hammer(b.url, b.opts),
  );
  const ratios = as.map((x, i) => x.rps / bs[i].rps);
  const ratio = median(ratios);
  const errs = [...as, ...bs].reduce((s, x) => s + x.errors + x.non2xx, 0);
  details[name] = { figure: as, baseline: bs, ratios };
  addRow({
    name,
    figure: median(as.map((x) => x.rps)),
    baseline: median(bs.map((x) => x.rps)),
    ratio,
    figureText: rps(median(as.map((x) => x.rps))) + (errs ? ` (${errs} errors/non-2xx)` : ''),
    baselineText: `${rps(median(bs.map((x) => x.rps)))} ${b.label}`,
    ratioText: `${fmt(ratio, 2)}×`,
    goalText: goal.text,
    met: goal.min === undefined ? null : ratio >= goal.min && errs === 0,
    stretch: goal.stretch !== undefined ? ratio >= goal.stretch : undefined,
  });
  return ratio;
}

// ---------------------------------------------------------------------------------------------- database
let pgPool;
let databaseUrl;
let dataDir;
async function createDatabase() {
  if (usePglite) {
    dataDir = path.join(tmpRoot, 'pglite');
    return { dataDir };
  }
  const name = `crowdmix_bench_${process.pid}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${name}`);
  await admin.query(`create database ${name}`);
  await admin.end();
  cleanups.push(async () => {
    await pgPool?.end().catch(() => {});
    if (process.env.BENCH_KEEP_DB) {
      log(`kept database ${name} (BENCH_KEEP_DB): drop it when done`);
      return;
    }
    const a = new pg.Client({ connectionString: adminUrl });
    await a.connect();
    await a.query(`drop database if exists ${name} with (force)`);
    await a.end();
    log(`dropped database ${name}`);
  });
  const u = new URL(adminUrl);
  u.pathname = `/${name}`;
  databaseUrl = u.toString();
  return { databaseUrl };
}

/** Runs statements on the migrated database (PostgreSQL through pg, PGlite in this process). */
async function runSql(statements, db = { databaseUrl, dataDir }) {
  if (db.databaseUrl) {
    const c = new pg.Client({ connectionString: db.databaseUrl });
    await c.connect();
    try {
      for (const s of statements) await c.query(s);
    } finally {
      await c.end();
    }
    return;
  }
  const lite = await PGlite.create({ dataDir: path.join(db.dataDir, 'pgdata'), extensions: { pg_trgm } });
  try {
    for (const s of statements) await lite.exec(s);
  } finally {
    await lite.close();
  }
}

async function queryOne(sqlText, db = { databaseUrl, dataDir }) {
  if (db.databaseUrl) {
    const c = new pg.Client({ connectionString: db.databaseUrl });
    await c.connect();
    try {
      return (await c.query(sqlText)).rows[0];
    } finally {
      await c.end();
    }
  }
  const lite = await PGlite.create({ dataDir: path.join(db.dataDir, 'pgdata'), extensions: { pg_trgm } });
  try {
    return (await lite.query(sqlText)).rows[0];
  } finally {
    await lite.close();
  }
}

/** Migrates (by starting the app once), then fills the database with the data set (unless `withData` is false). */
async function prepare(db, withData = true) {
  const first = await startApp({ buildDir, db });
  await first.stop();
  const t0 = performance.now();
  if (withData) await runSql(dataStatements(sizes), db);
  return performance.now() - t0;
}

// ---------------------------------------------------------------------------------------------- scenarios
const voterState = { next: 0 };
const nextVoter = () => `v${(voterState.next++ % sizes.voters) + 1}`;
const cookieOf = (userId) => `crowdmix_sid=${tokenFor(userId)}`;

async function httpScenarios(app, bare) {
  const d = { connections: 10, duration };
  // Warm-up: JIT, the mix cache and the chat room's newest id.
  await hammer(app.url, { path: '/api/mix/global', connections: 4, duration: 1 });
  await hammer(bare.url, { connections: 4, duration: 1 });
  const livez = { url: app.url, opts: { path: '/livez', ...d }, label: '/livez' };

  await throughputPair(
    'Framework overhead: /livez vs bare node:http',
    { url: app.url, opts: { path: '/livez', ...d } },
    { url: bare.url, opts: d, label: 'bare node:http' },
    { text: '≥ 0.8×', min: 0.8 },
  );
  // Informative: Fastify alone (one route, no hooks, no logger) against the same bare server: the part of the
  // distance above that is the framework's own, not the app's (ADR 051).
  const bareFastify = await startBaseline('bare-fastify.mjs', { readyPath: '/livez' });
  try {
    await hammer(bareFastify.url, { path: '/livez', connections: 4, duration: 1 });
    await throughputPair(
      '  Bare Fastify (one route, no hooks, no logger) vs bare node:http',
      { url: bareFastify.url, opts: { path: '/livez', ...d } },
      { url: bare.url, opts: d, label: 'bare node:http' },
      { text: 'informative' },
    );
  } finally {
    await bareFastify.stop();
  }

  // The anonymous mix against the physical limit for its size: a bare node:http server sending the very bytes the
  // app sent (~40 KB for 100 songs), in a process of its own like the app.
  const mixBody = Buffer.from(await (await fetch(`${app.url}/api/mix/global`)).arrayBuffer());
  const mixFile = path.join(tmpRoot, 'mix-global.json');
  fs.writeFileSync(mixFile, mixBody);
  const bareMix = await startBaseline('bare-http.mjs', { env: { BODY_FILE: mixFile } });
  try {
    await hammer(bareMix.url, { connections: 4, duration: 1 });
    await throughputPair(
      'Global mix, anonymous vs bare node:http sending the same bytes',
      { url: app.url, opts: { path: '/api/mix/global', ...d } },
      { url: bareMix.url, opts: d, label: `bare node:http, the same ${kb(mixBody.length)}` },
      { text: '≥ 0.8×', min: 0.8 },
    );
  } finally {
    await bareMix.stop();
  }
  await throughputPair(
    '  Global mix, anonymous vs /livez',
    { url: app.url, opts: { path: '/api/mix/global', ...d } },
    livez,
    { text: 'informative' },
  );

  // Warm, as the anonymous rows are: every bench user reads the mix once first. Without this the row measured the
  // 1,000 users' first reads (one own-votes query each, ~1,000 votes per user) inside its 3 seconds; a server's
  // active users are warm, and a user's first read is one query once per RECHECK_MS, not per request.
  for (let i = 0; i < sizes.users; i += 20) {
    await Promise.all(
      Array.from({ length: Math.min(20, sizes.users - i) }, (_, k) =>
        fetch(`${app.url}/api/mix/global`, { headers: { cookie: cookieOf(`u${i + k + 1}`) } }).then((r) =>
          r.arrayBuffer(),
        ),
      ),
    );
  }
  let u = 0;
  await throughputPair(
    'Global mix, signed in (own votes) vs /livez',
    {
      url: app.url,
      opts: {
        ...d,
        path: '/api/mix/global',
        setup: () => ({ headers: { cookie: cookieOf(`u${(u++ % sizes.users) + 1}`) } }),
      },
    },
    livez,
    { text: '≥ 0.3×', min: 0.3 },
  );

  // The same two reads as a browser makes them (Chromium's Accept-Encoding): the product sends mixes gzipped then
  // (visitors: memoised once per ranking change; signed in: level 1 per request). Informative: the rows above,
  // without Accept-Encoding, are the goal's conservative measure.
  const browser = { 'accept-encoding': 'gzip, deflate, br, zstd' };
  const livezBrowser = { ...livez, opts: { ...livez.opts, headers: browser } };
  await throughputPair(
    '  Global mix, anonymous, browser Accept-Encoding (gzip) vs /livez',
    { url: app.url, opts: { path: '/api/mix/global', headers: browser, ...d } },
    livezBrowser,
    { text: 'informative' },
  );
  await throughputPair(
    '  Global mix, signed in, browser Accept-Encoding (gzip) vs /livez',
    {
      url: app.url,
      opts: {
        ...d,
        path: '/api/mix/global',
        setup: () => ({ headers: { ...browser, cookie: cookieOf(`u${(u++ % sizes.users) + 1}`) } }),
      },
    },
    livezBrowser,
    { text: 'informative' },
  );

  const latest = await fetch(`${app.url}/api/messages/global`).then((r) => r.json());
  const after = latest.at(-1)?.id ?? 0;
  await throughputPair(
    'Chat poll, nothing new (after=) vs /livez',
    { url: app.url, opts: { path: `/api/messages/global?after=${after}`, ...d } },
    livez,
    { text: '≥ 0.6×', min: 0.6 },
  );
}

/** Mix read latency (sequential) vs the GROUP BY a mix would need without tallies. */
async function mixVsGroupBy(app) {
  const GROUP_BY = `select song_id, count(*) filter (where vote_type = 'up') - count(*) filter (where vote_type = 'down') as net
    from votes where venue_id is null group by song_id order by net desc limit 100`;
  const mixOnce = async () => {
    const times = [];
    const until = performance.now() + duration * 1000;
    while (performance.now() < until) {
      const t = performance.now();
      const r = await fetch(`${app.url}/api/mix/global`);
      await r.arrayBuffer();
      times.push(performance.now() - t);
    }
    return median(times);
  };
  let groupOnce;
  let closeGroup = async () => {};
  if (databaseUrl) {
    const c = new pg.Client({ connectionString: databaseUrl });
    await c.connect();
    closeGroup = () => c.end();
    groupOnce = async () => {
      const times = [];
      for (let i = 0; i < 3; i++) {
        const t = performance.now();
        await c.query(GROUP_BY);
        times.push(performance.now() - t);
      }
      return median(times);
    };
  }
  if (!groupOnce) {
    // PGlite allows one process per data directory: the GROUP BY runs on the server's own connection is not
    // possible, so it runs on the bench's PGlite copy taken before the server started (see preparePgliteCopy).
    groupOnce = async () => details.pgliteGroupByMs;
  }
  const { as, bs } = await sideBySide(rounds, mixOnce, groupOnce);
  await closeGroup();
  const ratio = median(bs.map((b, i) => b / as[i]));
  details.mixVsGroupBy = { mixMs: as, groupByMs: bs };
  addRow({
    name: 'Mix read vs GROUP BY over votes',
    figure: median(as),
    baseline: median(bs),
    ratio,
    figureText: `${ms(median(as), 2)} per GET /api/mix/global`,
    baselineText: `${ms(median(bs))} GROUP BY over ${fmt(sizes.votes)} votes`,
    ratioText: `${fmt(ratio, 0)}× faster`,
    goalText: '≥ 100× faster',
    met: ratio >= 100,
  });
}

/** Hot song vs random songs: 16 writers through POST /api/votes. */
async function voteScenarios(app) {
  let hot = 0;
  const voteReq = (songId) => ({
    method: 'POST',
    path: '/api/votes',
    headers: { 'content-type': 'application/json', cookie: cookieOf(nextVoter()) },
    body: JSON.stringify({ songId, voteType: 'up' }),
  });
  const opts = { connections: 16, duration };
  const randomSong = () => 1 + Math.floor(Math.random() * sizes.songs);
  await hammer(app.url, { ...opts, duration: 1, setup: () => voteReq(randomSong()) });
  const { as, bs } = await sideBySide(
    rounds,
    (r) => {
      hot = 1 + ((r * 7919 + 17) % sizes.songs);
      return hammer(app.url, { ...opts, setup: () => voteReq(hot) });
    },
    () => hammer(app.url, { ...opts, setup: () => voteReq(randomSong()) }),
  );
  const ratios = as.map((x, i) => x.rps / bs[i].rps);
  const ratio = median(ratios);
  const errs = [...as, ...bs].reduce((s, x) => s + x.errors + x.non2xx, 0);
  details.hotVsRandom = { hot: as, random: bs, ratios };
  addRow({
    name: `Votes on one hot song vs random songs (16 writers, ${usePglite ? 'PGlite' : 'PostgreSQL'})`,
    figure: median(as.map((x) => x.rps)),
    baseline: median(bs.map((x) => x.rps)),
    ratio,
    figureText:
      `${rps(median(as.map((x) => x.rps)))} hot` +
      (errs ? ` (${errs} errors/non-2xx: ${JSON.stringify(as[0].status)})` : ''),
    baselineText: `${rps(median(bs.map((x) => x.rps)))} random`,
    ratioText: `${fmt(ratio, 2)}×`,
    goalText: usePglite ? '≥ 0.8× (goal is for PostgreSQL)' : '≥ 0.8×',
    met: usePglite ? null : ratio >= 0.8 && errs === 0,
  });

  // 1,000 interleaved votes, switches and removals by 50 users on 20 songs (checked against the rows at the end).
  const users = Array.from({ length: 50 }, () => nextVoter());
  let n = 0;
  const mixed = await hammer(app.url, {
    connections: 16,
    duration: 60,
    amount: 1000,
    setup: () => {
      n++;
      return {
        method: 'POST',
        path: '/api/votes',
        headers: { 'content-type': 'application/json', cookie: cookieOf(users[n % 50]) },
        body: JSON.stringify({ songId: 1 + ((n * 7) % 20), voteType: Math.random() < 0.5 ? 'up' : 'down' }),
      };
    },
  });
  details.mixedVotes = { ok: mixed.ok, non2xx: mixed.non2xx, errors: mixed.errors };
}

/**
 * A new vote with its tally vs the same vote without one: through drizzle's prepared statements on a bare `pg` pool,
 * 16 clients. With tallies: the repository's `insertVoteWithTally` (loaded from the source with tsx), the one
 * statement the product runs for a lone new vote (the song's check, vote row, tally slot, new counts; a burst's votes
 * go in batches, ADR 049). Without: the same statement without its tally: the song's check and the vote row (ADR 048
 * put the check in the statement).
 */
async function tallyCost() {
  const { tsImport } = await import('tsx/esm/api');
  const repo = await tsImport('../src/server/modules/votes/votes.repository.ts', import.meta.url);
  const { preparedSql } = await tsImport('../src/server/db/prepared.ts', import.meta.url);
  const { sql } = await import('drizzle-orm');
  const insertWithoutTally = (db, vote) =>
    preparedSql(
      db,
      'bench_vote_without_tally',
      () => sql`
      with song as (
        select 1 from songs where id = ${sql.placeholder('songId')} and (not is_private or uploader_id = ${sql.placeholder('userId')})
      )
      insert into votes (user_id, song_id, venue_id, vote_type)
      select ${sql.placeholder('userId')}, ${sql.placeholder('songId')}, null::int, ${sql.placeholder('voteType')} from song
      on conflict on constraint votes_user_song_context_key do nothing
      returning id`,
    )
      .execute(vote)
      .then((rows) => rows.length > 0);
  // The slot the product would choose: SlotSpread keeps a quiet song on one row and spreads a hot one.
  const { SlotSpread } = await tsImport('../src/server/modules/votes/slot-spread.ts', import.meta.url);
  const spread = new SlotSpread();
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 16 });
  pgPool = pool;
  const db = drizzle(pool);
  let v = 0;
  const baselineIds = [];
  const run = (withTallies) => async () => {
    let done = 0;
    const until = performance.now() + duration * 1000;
    const worker = async () => {
      while (performance.now() < until) {
        const userId = `v${((v++ * 7) % sizes.voters) + 1}`;
        const vote = { userId, songId: 1 + Math.floor(Math.random() * sizes.songs), venueId: null, voteType: 'up' };
        if (withTallies)
          await repo.insertVoteWithTally(db, vote, repo.slotFor(userId, spread.spreadFor(vote.songId, null)));
        else if (await insertWithoutTally(db, vote)) baselineIds.push(vote);
        done++;
      }
    };
    const t0 = performance.now();
    await Promise.all(Array.from({ length: 16 }, worker));
    return done / ((performance.now() - t0) / 1000);
  };
  const { as, bs } = await sideBySide(rounds, run(true), run(false));
  // Undo the baseline's rows without tallies so that the final tally check stays meaningful.
  for (let k = 0; k < baselineIds.length; k += 5_000) {
    const chunk = baselineIds.slice(k, k + 5_000);
    await pool.query(
      'delete from votes where venue_id is null and (user_id, song_id) in (select * from unnest($1::text[], $2::int[]))',
      [chunk.map((x) => x.userId), chunk.map((x) => x.songId)],
    );
  }
  const cost = median(as.map((a, i) => bs[i] / a));
  details.tallyCost = { withTallies: as, without: bs };
  addRow({
    name: 'New vote with its tally vs without (repository statements, bare pg, 16 clients)',
    figure: median(as),
    baseline: median(bs),
    ratio: cost,
    figureText: `${fmt(median(as))} votes/s with tallies`,
    baselineText: `${fmt(median(bs))} votes/s without`,
    ratioText: `${fmt(cost, 2)}× cost`,
    goalText: '≤ 1.5× cost',
    met: cost <= 1.5,
  });
}

/** 1,000 websocket clients: 10 votes/s and a burst of 100, the app vs a bare `ws` broadcast. */
async function fanout(app) {
  const bare = await startBaseline('bare-ws.mjs');
  cleanups.push(() => bare.stop());
  let song = Math.floor(sizes.songs / 2);
  const nextSong = () => 1 + (song++ % sizes.songs);
  const steadyCount = quick ? 20 : 50;
  const runOn = (target) => async () => {
    const h = await openClients(target.ws, fanClients, { workers: fanoutWorkers });
    try {
      return await measureFanout(h, target.publish, nextSong, { count: steadyCount, perSecond: 10, burst: 100 });
    } finally {
      h.close();
      await sleep(300);
    }
  };
  const appTarget = {
    ws: app.url.replace('http', 'ws') + '/ws',
    publish: (songId) => post(`${app.url}/api/votes`, { songId, voteType: 'up' }, { cookie: cookieOf(nextVoter()) }),
  };
  const bareTarget = {
    ws: bare.url.replace('http', 'ws') + '/ws',
    publish: (songId) => post(`${bare.url}/publish?songId=${songId}`),
  };
  // One round on each, not counted, first (ADR 053): the first burst after a start opens the pool's connections and
  // plans the batch statement (on the quiet machine it read 104–182 ms, the two rounds after it 55–79 ms), and the
  // rows are about a server that has been running. Its figures stay in latest.json (`warmup`).
  const warmup = { app: await runOn(appTarget)(), bare: await runOn(bareTarget)() };
  const { as, bs } = await sideBySide(rounds, runOn(appTarget), runOn(bareTarget));
  await bare.stop();
  details.fanout = { app: as, bare: bs, workers: fanoutWorkers, warmup };
  const steady = median(as.map((x) => x.steadyP99));
  const steadyBare = median(bs.map((x) => x.steadyP99));
  const burst = median(as.map((x) => x.burstP99));
  const burstBare = median(bs.map((x) => x.burstP99));
  const lost = as.reduce((s, x) => s + x.lost, 0);
  addRow({
    name: `Live fan-out, ${fanClients} clients, 10 votes/s: p99 until all have it`,
    figure: steady,
    baseline: steadyBare,
    ratio: steady / steadyBare,
    figureText: ms(steady) + (lost ? ` (${lost} lost)` : ''),
    baselineText: `${ms(steadyBare)} bare ws`,
    ratioText: `${fmt(steady / steadyBare, 2)}×`,
    goalText: '< 50 ms',
    met: steady < 50 && lost === 0,
  });
  addRow({
    name: `Live fan-out, burst of 100 votes: p99 until all have it${fanoutWorkers ? ` (clients in ${fanoutWorkers} processes)` : ''}`,
    figure: burst,
    baseline: burstBare,
    ratio: burst / 50,
    figureText: ms(burst),
    baselineText: `${ms(burstBare)} bare ws`,
    ratioText: `${fmt(burst / 50, 2)}× of 50 ms`,
    goalText: '≤ 1.5× 50 ms (75 ms)',
    met: burst <= 75 && lost === 0,
  });
}

/**
 * The per-user caches' memory (`caches`, no data set, no server): bench/lib/cache-memory.ts fills the real session,
 * own-votes and rate-limit caches with their default caps as 100,000 and then 300,000 active users do, and reads the
 * heap after a full GC. Bounded caches hold the second figure near the first.
 */
async function cacheScenario() {
  const out = await new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['--expose-gc', '--import', 'tsx', 'bench/lib/cache-memory.ts', '100000', '300000'],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    let text = '';
    child.stdout.on('data', (d) => (text += d));
    child.on('exit', (code) =>
      code === 0
        ? resolve(JSON.parse(text.trim().split('\n').pop()))
        : reject(new Error(`cache-memory exited ${code}`)),
    );
  });
  details.caches = out;
  const [at100k, at300k] = out.results;
  const parts = (r) =>
    `sessions ${fmt(r.sessionsMb, 1)}, own votes ${fmt(r.ownVotesMb, 1)} (${fmt(out.votesPerUser)} each), rate limits ${fmt(r.rateLimiterMb, 1)}`;
  addRow({
    name: 'Per-user caches, 100,000 active users: heap used (MB)',
    figure: at100k.heapMb,
    baseline: at300k.heapMb,
    ratio: at300k.heapMb / at100k.heapMb,
    figureText: `${fmt(at100k.heapMb, 1)} MB (${parts(at100k)})`,
    baselineText: `${fmt(at300k.heapMb, 1)} MB with 300,000 users (capped)`,
    ratioText: `${fmt(at300k.heapMb / at100k.heapMb, 2)}×`,
    goalText: 'bounded: 300,000 users ≤ 1.25× of 100,000',
    met: at300k.heapMb <= at100k.heapMb * 1.25,
  });
}

/**
 * The realtime hub between two instances (`hub`, PostgreSQL only): two processes, each one instance's real hub and
 * transport; vote events at 250, 500, 1,000… a second until delivery p99 passes 100 ms. LISTEN/NOTIFY on the
 * bench's database, then Redis pub/sub (REDIS_URL or BENCH_REDIS_URL, default redis://127.0.0.1:6379) when it answers.
 */
async function hubScenario(db) {
  const redisUrl = process.env.BENCH_REDIS_URL ?? process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
  const notify = await measureHubCeiling({ DATABASE_URL: db.databaseUrl, REDIS_URL: '' }, { log });
  let redis = null;
  try {
    redis = await measureHubCeiling({ DATABASE_URL: db.databaseUrl, REDIS_URL: redisUrl }, { log });
  } catch (err) {
    log(`hub over Redis not measured (${redisUrl}): ${err.message}`);
  }
  details.hub = { notify, redis };
  const text = (r) =>
    r.ceiling
      ? `${r.broke ? '' : '≥ '}${fmt(r.ceiling.rate)} events/s (p99 ${ms(r.ceiling.p99)}${r.broke ? `; at ${fmt(r.broke.rate)}/s: sent ${fmt(r.broke.achieved)}/s, p99 ${ms(r.broke.p99)}${r.broke.lost ? `, ${r.broke.lost} lost` : ''}` : ''})`
      : `below ${fmt(r.steps[0]?.rate ?? 0)} events/s`;
  addRow({
    name: 'Realtime hub between two instances, LISTEN/NOTIFY: events/s until delivery p99 > 100 ms',
    figure: notify.ceiling?.rate ?? 0,
    figureText: text(notify),
    baselineText: redis ? `Redis pub/sub: ${text(redis)}` : 'Redis not reachable',
    goalText: 'informative (docs/scaling.md)',
    met: null,
  });
  if (redis) {
    const ratio = (redis.ceiling?.rate ?? 0) / Math.max(1, notify.ceiling?.rate ?? 0);
    addRow({
      name: 'Realtime hub between two instances: Redis pub/sub ceiling vs LISTEN/NOTIFY',
      figure: redis.ceiling?.rate ?? 0,
      baseline: notify.ceiling?.rate ?? 0,
      ratio,
      figureText: `${fmt(redis.ceiling?.rate ?? 0)} events/s`,
      baselineText: `${fmt(notify.ceiling?.rate ?? 0)} events/s LISTEN/NOTIFY`,
      ratioText: `${fmt(ratio, 1)}×`,
      goalText: 'informative (docs/scaling.md)',
      met: null,
    });
  }
}

/** Runs the websocket attacker (bench/lib/ws-abuse-client.mjs) as its own process; resolves with its JSON line. */
function wsAttacker(argv) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['bench/lib/ws-abuse-client.mjs', ...argv], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    cleanups.push(async () => void child.kill());
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.on('exit', (code) => (code ? reject(new Error(`ws attacker exited ${code}`)) : resolve(JSON.parse(out))));
  });
}

/** The app process's resident memory (Linux /proc), in bytes. */
/**
 * Issue 13, findings 1 and 3 (ADR 011): `/livez` p99, measured from this process, while another process floods
 * the server through one websocket at a time (5,000 frames each, as fast as it can; reopened whenever the server
 * closes it), next to the idle p99; and the server's memory after many anonymous subscribe/close cycles.
 */
async function wsAbuse(app) {
  const wsUrl = app.url.replace('http', 'ws') + '/ws';
  // A probe, not a load: one GET /livez every 10 ms (as a load balancer or a person would notice a freeze).
  const livez = async () => {
    const times = [];
    const until = performance.now() + duration * 1000;
    while (performance.now() < until) {
      const t = performance.now();
      const res = await fetch(`${app.url}/livez`);
      await res.arrayBuffer();
      times.push(performance.now() - t);
      await sleep(10);
    }
    return { p99: percentile(times, 99), max: Math.max(...times), n: times.length };
  };
  const flooded = (cookie) => async () => {
    const attacker = wsAttacker(['flood', wsUrl, String(duration + 1), '5000', ...(cookie ? [cookie] : [])]);
    await sleep(300);
    const r = await livez();
    return { ...r, attacker: await attacker };
  };
  await livez(); // warm-up
  for (const [label, cookie] of [
    ['anonymous, subscribe frames', undefined],
    ['signed in, presence frames', cookieOf(nextVoter())],
  ]) {
    const { as, bs } = await sideBySide(rounds, flooded(cookie), livez);
    const p99 = median(as.map((x) => x.p99));
    const idle = median(bs.map((x) => x.p99));
    const sent = as.reduce((n, x) => n + x.attacker.sent, 0);
    const sockets = as.reduce((n, x) => n + x.attacker.sockets, 0);
    const closed1008 = as.reduce((n, x) => n + (x.attacker.closes['1008'] ?? 0), 0);
    details[`wsFlood ${label}`] = { flooded: as, idle: bs };
    addRow({
      name: `/livez p99 while one websocket floods (${label}, 5,000 frames a socket)`,
      figure: p99,
      baseline: idle,
      ratio: p99 / idle,
      figureText: `${ms(p99)} (max ${ms(median(as.map((x) => x.max)))}; ${fmt(sent)} frames on ${fmt(sockets)} sockets, ${fmt(closed1008)} closed 1008)`,
      baselineText: `${ms(idle)} idle`,
      ratioText: `${fmt(p99 / idle, 2)}×`,
      goalText: '< 50 ms',
      met: p99 < 50,
    });
  }

  if (!wsCycles) return; // --wsCycles=0: the flood rows only
  const pid = app.child.pid;
  const parallel = '16';
  // The reading starts from a server that has served this traffic before (as one in production has): the first
  // cycles size V8's heap and PGlite's WebAssembly memory, which by design never gives pages back. A leak shows as
  // growth that goes on with the cycles, so the row also reads the memory halfway and reports the slope.
  const warmUp = Math.min(20_000, Math.max(2_000, Math.round(wsCycles / 10)));
  const fresh = rssOf(pid);
  await wsAttacker(['cycles', wsUrl, String(warmUp), parallel, '100000']);
  await sleep(2000);
  const before = rssOf(pid);
  const t0 = performance.now();
  const half = Math.floor(wsCycles / 2);
  const first = await wsAttacker(['cycles', wsUrl, String(half), parallel, '100000']);
  await sleep(2000);
  const middle = rssOf(pid);
  const second = await wsAttacker(['cycles', wsUrl, String(wsCycles - half), parallel, '100000']);
  const seconds = (performance.now() - t0) / 1000;
  await sleep(5000);
  const after = rssOf(pid);
  const grew = (after - before) / 2 ** 20;
  const secondHalf = (after - middle) / 2 ** 20;
  const refused = (first.refused ?? 0) + (second.refused ?? 0);
  details.wsCycles = { cycles: wsCycles, warmUp, seconds, fresh, before, middle, after, first, second };
  addRow({
    name: `Server memory after ${fmt(wsCycles)} anonymous subscribe/close cycles (${parallel} at a time)`,
    figure: after,
    baseline: before,
    ratio: grew,
    figureText: `${fmt(after / 2 ** 20)} MB RSS (${fmt(seconds)} s; second half ${secondHalf >= 0 ? '+' : ''}${fmt(secondHalf, 1)} MB${refused ? `, ${refused} refused` : ''})`,
    baselineText: `${fmt(before / 2 ** 20)} MB after ${fmt(warmUp)} warm-up cycles (${fmt(fresh / 2 ** 20)} MB fresh)`,
    ratioText: `${grew >= 0 ? '+' : ''}${fmt(grew, 1)} MB`,
    goalText: 'within 20 MB',
    met: Math.abs(grew) <= 20,
  });
}

/**
 * Waits (at most two minutes) until no autovacuum worker runs on the bench's PostgreSQL: after the votes written by
 * the rows before, one vacuums for tens of seconds, on the cores a start being timed also needs.
 */
async function waitForIdleAutovacuum(db) {
  const until = performance.now() + 120_000;
  for (;;) {
    const { n } = await queryOne(
      `select count(*)::int as n from pg_stat_activity where backend_type = 'autovacuum worker'`,
      db,
    );
    if (n === 0 || performance.now() > until) return;
    await sleep(1000);
  }
}

/**
 * PGlite cold start with the data set stored vs a bare PGlite start; both timed from spawn to first answer. The
 * app's first start after a build compiles its code and writes V8's code cache (ADR 042); it is measured first and
 * reported on its own row, and the rounds after it start from the cache. A bare PGlite server answering HTTP is a
 * second, informative baseline: it is timed to its first 200 like the app.
 */
async function coldStart(pgliteDir) {
  const bareDir = path.join(tmpRoot, 'bare-pglite');
  // Timed to its answer; resolved once it has exited, so that its close does not overlap the next start.
  const bareStart = () =>
    new Promise((resolve, reject) => {
      const t0 = performance.now();
      let took;
      const child = spawn(process.execPath, ['bench/baselines/bare-pglite.mjs'], {
        env: { ...process.env, PGLITE_DIR: bareDir },
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      child.stdout.once('data', () => (took = performance.now() - t0));
      child.on('exit', (code) => {
        if (code || took === undefined) reject(new Error(`bare PGlite exited ${code} before answering`));
        else setTimeout(() => resolve(took), 300);
      });
    });
  const bareServerStart = async () => {
    const t0 = performance.now();
    const bare = await startBaseline('bare-pglite-http.mjs', { readyPath: '/', env: { PGLITE_DIR: bareDir } });
    const took = performance.now() - t0;
    await bare.stop();
    return took;
  };
  await bareStart(); // creates the directory (initdb), not measured
  await sleep(500);
  const appStart = async () => {
    const app = await startApp({ buildDir, db: { dataDir: pgliteDir } });
    await app.stop();
    await sleep(300); // the stopped process's files written back before the next start is timed
    return app.readyMs;
  };
  // The build is new: its first start has no code cache yet (and writes it once started).
  fs.rmSync(path.join(buildDir, 'server', 'server.cjs.cache'), { force: true });
  const first = await appStart();
  await sleep(500);
  // A start is one sample of a few hundred milliseconds on a machine whose speed moves from second to second: the
  // row takes the median of at least 7 pairs (3 gave ratios from 1.32× to 1.60× within one run).
  const pairs = quick ? rounds : Math.max(rounds, 7);
  const { as, bs } = await sideBySide(pairs, appStart, bareStart);
  const servers = [];
  for (let r = 0; r < pairs; r++) servers.push(await bareServerStart());
  const ratio = median(as.map((a, i) => a / bs[i]));
  details.coldStart = { appMs: as, bareMs: bs, firstAfterBuildMs: first, bareServerMs: servers };
  addRow({
    name: `Cold start on PGlite with ${fmt(sizes.votes)} votes stored`,
    figure: median(as),
    baseline: median(bs),
    ratio,
    figureText: `${ms(median(as), 0)} to /readyz`,
    baselineText: `${ms(median(bs), 0)} bare PGlite start`,
    ratioText: `${fmt(ratio, 2)}×`,
    goalText: '≤ 1.5×',
    met: ratio <= 1.5,
  });
  addRow({
    name: '  the same vs a bare PGlite server answering HTTP',
    figure: median(as),
    baseline: median(servers),
    ratio: median(as) / median(servers),
    figureText: `${ms(median(as), 0)} to /readyz`,
    baselineText: `${ms(median(servers), 0)} to its first 200 (node:http)`,
    ratioText: `${fmt(median(as) / median(servers), 2)}×`,
    goalText: 'informative',
    met: null,
  });
  addRow({
    name: '  the first start after a build (no code cache yet)',
    figure: first,
    baseline: median(bs),
    ratio: first / median(bs),
    figureText: `${ms(first, 0)} to /readyz`,
    baselineText: `${ms(median(bs), 0)} bare PGlite start`,
    ratioText: `${fmt(first / median(bs), 2)}×`,
    goalText: 'informative',
    met: null,
  });
}

async function webScenarios(app) {
  const helloDir = path.join(buildDir, 'hello');
  await buildHello(helloDir);
  const hello = initialJs(helloDir);
  const landing = initialJs(path.join(buildDir, 'web'));
  const routes = routeJs(path.join(buildDir, 'web'));
  details.web = { hello, landing, routes };
  const ratio = landing.gzip / hello.gzip;
  addRow({
    name: 'Landing page initial JS (gzip)',
    figure: landing.gzip,
    baseline: hello.gzip,
    ratio,
    figureText: kb(landing.gzip),
    baselineText: `${kb(hello.gzip)} React 19 hello-world`,
    ratioText: `${fmt(ratio, 2)}×`,
    goalText: '≤ 1.5× and ≤ 120 KB',
    met: ratio <= 1.5 && landing.gzip <= 120 * 1024,
  });
  for (const [route, r] of Object.entries(routes).sort()) {
    const rr = r.gzip / hello.gzip;
    addRow({
      name: `  route ${route}: initial JS (gzip)`,
      figure: r.gzip,
      baseline: hello.gzip,
      ratio: rr,
      figureText: kb(r.gzip),
      baselineText: kb(hello.gzip),
      ratioText: `${fmt(rr, 2)}×`,
      goalText: '≤ 120 KB',
      met: r.gzip <= ROUTE_JS_BUDGET,
    });
  }
  if (quick) {
    addRow({
      name: 'Lighthouse mobile, landing, home, venue mix and playlist',
      figureText: 'skipped in --quick',
      baselineText: '',
      goalText: 'perf ≥ 95, a11y 100, best 100',
      met: null,
    });
    return;
  }
  // A playlist to open (the data set has none): u1 creates one and proposes the mix's first ten songs.
  const playlistPath = await (async () => {
    const headers = { cookie: cookieOf('u1'), 'content-type': 'application/json' };
    const res = await fetch(`${app.url}/api/community-playlists`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ name: 'Bench playlist', description: 'Lighthouse opens this one' }),
    });
    if (!res.ok) return null;
    const { id } = await res.json();
    const mix = await (await fetch(`${app.url}/api/mix/global`)).json();
    for (const song of mix.songs.slice(0, 10)) {
      await fetch(`${app.url}/api/community-playlists/${id}/songs`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ songId: song.id }),
      });
    }
    return `/community-playlists/${id}`;
  })();
  // YouTube's thumbnails come from a stand-in on loopback (lib/thumbnails.mjs): this machine cannot reach i.ytimg.com.
  const thumbs = await startThumbnailStandIn({ dir: tmpRoot });
  cleanups.push(() => thumbs.stop());
  details.thumbnailStandIn = { bytes: thumbs.bytes };
  for (const [label, cookie, page] of [
    ['landing', undefined, '/'],
    ['home (signed in)', cookieOf('u1'), '/'],
    ['venue mix (signed in)', cookieOf('u1'), '/venue/1/mix'],
    ['playlist (signed in)', cookieOf('u1'), playlistPath],
  ]) {
    if (!page) {
      addRow({
        name: `Lighthouse mobile, ${label}`,
        figureText: 'failed: could not create the playlist',
        baselineText: '',
        goalText: 'perf ≥ 95, a11y 100, best 100',
        met: false,
      });
      continue;
    }
    try {
      const before = thumbs.served();
      // Lighthouse itself sometimes fails to record the load's trace (NO_NAVSTART, "Something went wrong with recording
      // the trace"): that run says nothing about the page, so it is made once more.
      const run = () => lighthouse(`${app.url}${page}`, { cookie, chromeFlags: thumbs.chromeFlags });
      const once = () =>
        run().catch((err) => {
          if (!/recording the trace|NO_NAVSTART/.test(err.message)) throw err;
          log(`Lighthouse could not record the trace of ${label}; once more`);
          return run();
        });
      // Like every other row, the median of the rounds: Lighthouse's own guidance for its run-to-run variance
      // (docs/variability.md: "run Lighthouse multiple times and take the median"). The median run by performance is
      // reported whole; the other runs' scores are shown beside it.
      const runs = [];
      for (let r = 0; r < rounds; r++) runs.push(await once());
      const sorted = [...runs].sort((a, b) => a.performance - b.performance);
      const lh = sorted[Math.floor((sorted.length - 1) / 2)];
      details[`lighthouse ${label}`] = { ...lh, runs, thumbnailsServed: thumbs.served() - before };
      addRow({
        name: `Lighthouse mobile, ${label}`,
        figure: lh.performance,
        baseline: null,
        figureText: `perf ${lh.performance} (runs ${runs.map((x) => x.performance).join(', ')}) · a11y ${lh.accessibility} · best ${lh.bestPractices}`,
        baselineText: `LCP ${ms(lh.metrics.lcp, 0)} · TBT ${ms(lh.metrics.tbt, 0)} · ${fmt((thumbs.served() - before) / runs.length)} thumbnails · benchmarkIndex ${fmt(lh.benchmarkIndex ?? 0)}`,
        ratioText: '',
        goalText: 'perf ≥ 95, a11y 100, best 100 (median run)',
        met: lh.performance >= 95 && runs.every((x) => x.accessibility === 100 && x.bestPractices === 100),
      });
    } catch (err) {
      addRow({
        name: `Lighthouse mobile, ${label}`,
        figureText: `failed: ${err.message.slice(0, 80)}`,
        baselineText: '',
        goalText: 'perf ≥ 95, a11y 100, best 100',
        met: false,
      });
    }
  }
}

/** GET /api/search on a catalogue grown to `searchSongs` songs, when the route exists. */
/** The search rows' queries, by class (the data set: bench/lib/data.mjs `extraSongStatements`). */
const SEARCH_QUERIES = {
  'common words': ['midnight', 'golden heart', 'neon', 'summer rain', 'artist 42', 'electric'],
  'rare words': ['fjord', 'glacier', 'cobalt', 'jasmine', 'dynamo', 'bayou'],
  typos: ['midnigt', 'summr', 'brokn', 'electrc', 'golden hart', 'velvet echos'],
  prefixes: ['electr', 'summ', 'broken hea', 'velv', 'midn', 'golden he'],
};

/** The search data set's common words (`searchTitle` in lib/data.mjs): first and second words of every title. */
const SEARCH_FIRST = ['midnight', 'summer', 'electric', 'golden', 'broken', 'neon', 'velvet', 'silent'];
const SEARCH_SECOND = ['dreams', 'highway', 'heart', 'rain', 'lights', 'echoes', 'fire', 'waves'];
const SEARCH_RARE = ['aurora', 'bayou', 'cobalt', 'dynamo', 'ember', 'fjord', 'glacier', 'harbor', 'ivory', 'jasmine'];

/** A deterministic shuffle (the same queries in the same order on every run). */
function seededShuffle(list, seed = 19) {
  const out = [...list];
  let x = seed;
  for (let i = out.length - 1; i > 0; i--) {
    x = (x * 1103515245 + 12345) % 2 ** 31;
    const j = x % (i + 1);
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

/**
 * Per class, distinct queries of the same kind as `SEARCH_QUERIES` and none of them: asked once each, every one is
 * an answer-cache miss, so their latency is the database's (ADR 026: the cached rows measure the cache).
 */
function searchMissQueries() {
  const words = [...SEARCH_FIRST, ...SEARCH_SECOND];
  const pairs = SEARCH_FIRST.flatMap((a) => SEARCH_SECOND.map((b) => `${a} ${b}`));
  // A typo: one letter left out (not the first or the last), as "midnigt", "brokn"; in a pair, the second word's.
  // Never the start of a word of the list (that is a prefix being typed, not a typo).
  const isPrefix = (t) => words.some((w) => w.startsWith(t));
  const typosOf = (w) =>
    [...w]
      .slice(1, -1)
      .map((_, i) => w.slice(0, i + 1) + w.slice(i + 2))
      .filter((t) => !isPrefix(t));
  const prefixesOf = (w) => Array.from({ length: w.length - 3 }, (_, i) => w.slice(0, i + 3));
  const asked = new Set(Object.values(SEARCH_QUERIES).flat());
  const fresh = (list) => seededShuffle([...new Set(list)].filter((q) => !asked.has(q)));
  return {
    'common words': fresh([...words, ...pairs, ...Array.from({ length: 60 }, (_, i) => `artist ${100 + i * 7}`)]),
    'rare words': fresh([...SEARCH_RARE, ...SEARCH_RARE.flatMap((r) => SEARCH_FIRST.map((a) => `${r} ${a}`))]),
    typos: fresh([
      ...words.flatMap(typosOf),
      ...SEARCH_FIRST.flatMap((a) =>
        SEARCH_SECOND.flatMap((b) => {
          // The typo at a place that varies with the pair; the first one when the word has fewer ("neon": one).
          const typos = typosOf(b);
          return typos.length ? [`${a} ${typos[(a.length + b.length) % (b.length - 1)] ?? typos[0]}`] : [];
        }),
      ),
    ]),
    prefixes: fresh([
      ...words.flatMap(prefixesOf),
      ...SEARCH_FIRST.flatMap((a) => SEARCH_SECOND.map((b) => `${a} ${b.slice(0, 3)}`)),
    ]),
  };
}

/** Sequential GET /api/search latencies (ms) over `queries`, for `seconds`: each request alone, no queueing. */
async function searchLatencies(url, queries, seconds, byQuery = {}) {
  const times = [];
  let i = 0;
  const until = performance.now() + seconds * 1000;
  while (performance.now() < until) {
    const t = performance.now();
    const res = await fetch(`${url}/api/search?q=${encodeURIComponent(queries[i++ % queries.length])}`);
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`search: ${res.status}`);
    const q = queries[(i - 1) % queries.length];
    (byQuery[q] ??= []).push(performance.now() - t);
    times.push(performance.now() - t);
  }
  return times;
}

/**
 * Search (issue 19): per class of query, the p95 of requests made one at a time (3 rounds of `duration` s) and
 * the throughput of 10 connections side by side with /livez. Goals: PostgreSQL (1,000,000 songs) p95 < 50 ms and
 * ≥ 0.10× /livez; PGlite (100,000 songs) p95 < 100 ms.
 */
async function searchScenario(app) {
  const probe = await fetch(`${app.url}/api/search?q=midnight`);
  if (probe.status === 404) {
    addRow({
      name: 'Search',
      figureText: 'skipped: GET /api/search not present',
      baselineText: '',
      goalText: 'informative',
      met: null,
    });
    return;
  }
  const p95Goal = usePglite ? 100 : 50;
  details.search = { songs: searchSongs, load: os.loadavg() };
  for (const [cls, queries] of Object.entries(SEARCH_QUERIES)) {
    await searchLatencies(app.url, queries, 1); // warm-up: plans, caches
    const rounds_ = [];
    const byQuery = {};
    for (let r = 0; r < rounds; r++) rounds_.push(await searchLatencies(app.url, queries, duration, byQuery));
    const all = rounds_.flat();
    const p95 = median(rounds_.map((x) => percentile(x, 95)));
    let i = 0;
    const { as, bs } = await sideBySide(
      rounds,
      () =>
        hammer(app.url, {
          connections: 10,
          duration,
          setup: () => ({ path: `/api/search?q=${encodeURIComponent(queries[i++ % queries.length])}` }),
        }),
      () => hammer(app.url, { path: '/livez', connections: 10, duration }),
    );
    const ratio = median(as.map((x, k) => x.rps / bs[k].rps));
    const errs = as.reduce((sum, x) => sum + x.errors + x.non2xx, 0);
    details.search[cls] = {
      queries,
      p95PerRound: rounds_.map((x) => percentile(x, 95)),
      p50: percentile(all, 50),
      max: Math.max(...all),
      perQueryP95: Object.fromEntries(queries.map((q) => [q, percentile(byQuery[q] ?? [], 95)])),
      rps: as.map((x) => x.rps),
      livez: bs.map((x) => x.rps),
    };
    addRow({
      name: `Search on ${fmt(searchSongs)} songs, ${cls} (${queries.join(', ')})`,
      figure: p95,
      baseline: median(bs.map((x) => x.rps)),
      ratio,
      figureText:
        `p95 ${ms(p95)} (p50 ${ms(percentile(all, 50))}); ${rps(median(as.map((x) => x.rps)))}` +
        (errs ? ` (${errs} errors/non-2xx)` : ''),
      baselineText: `${rps(median(bs.map((x) => x.rps)))} /livez`,
      ratioText: `${fmt(ratio, 3)}×`,
      goalText: usePglite ? `p95 < ${p95Goal} ms` : `p95 < ${p95Goal} ms and ≥ 0.10×`,
      met: p95 < p95Goal && errs === 0 && (usePglite || ratio >= 0.1),
    });
  }
  // The same classes, every answer read from the database: distinct queries of each kind, each asked once.
  const perRound = 20;
  for (const [cls, queries] of Object.entries(searchMissQueries())) {
    const rounds_ = [];
    const perQuery = {};
    for (let r = 0; r < rounds; r++) {
      const times = [];
      for (const q of queries.slice(r * perRound, (r + 1) * perRound)) {
        const t = performance.now();
        const res = await fetch(`${app.url}/api/search?q=${encodeURIComponent(q)}`);
        await res.arrayBuffer();
        if (res.status !== 200) throw new Error(`search ${q}: ${res.status}`);
        times.push(performance.now() - t);
        perQuery[q] = times.at(-1);
      }
      rounds_.push(times);
    }
    const all = rounds_.flat();
    const p95 = median(rounds_.map((x) => percentile(x, 95)));
    // The slowest queries by name: what a p95 over the goal is made of (ADR 026, Limits).
    const slowest = Object.entries(perQuery)
      .sort((a, b) => b[1] - a[1])
      .slice(0, 3);
    details.search[`${cls}, cache misses`] = {
      queries: queries.slice(0, rounds * perRound),
      p95PerRound: rounds_.map((x) => percentile(x, 95)),
      p50: percentile(all, 50),
      max: Math.max(...all),
      perQuery,
    };
    addRow({
      name: `Search on ${fmt(searchSongs)} songs, ${cls}, every answer a cache miss (${all.length} distinct queries)`,
      figure: p95,
      figureText:
        `p95 ${ms(p95)} (p50 ${ms(percentile(all, 50))}; slowest ` +
        `${slowest.map(([q, t]) => `"${q}" ${ms(t)}`).join(', ')})`,
      baselineText: `e.g. ${queries.slice(0, 3).join(', ')}`,
      goalText: `p95 < ${p95Goal} ms`,
      met: p95 < p95Goal,
    });
  }
}

/**
 * Venue Live (issue 16, ADR 019): the owner of venue 1 starts a live night; `liveClients` patrons subscribe to
 * `live:1` over websockets; 40 signed-in patrons join with the code and request a song each; a join storm of
 * `liveJoins` distinct signed-in patrons within 10 s (non-2xx counted); then those patrons vote on the queue
 * (steady 10/s, then a burst), each vote timed until the last client has a `live_state` whose counts show it.
 */
async function liveScenario(app) {
  const venueId = 1;
  const host = cookieOf(`u${1 + (venueId % sizes.users)}`); // the data set's owner of venue N is u(1 + N % users)
  const api = async (method, p, cookie, body) => {
    const res = await fetch(app.url + p, {
      method,
      headers: { cookie, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`${method} ${p}: ${res.status} ${text.slice(0, 200)}`);
    return text ? JSON.parse(text) : null;
  };
  const deviceId = `bench-host-${process.pid}`;
  await api('POST', `/api/venues/${venueId}/live/session`, host, { deviceId });
  // The host device's heartbeat, as the product's host screen sends it (otherwise the night goes "offline").
  const beat = setInterval(
    () => void post(`${app.url}/api/venues/${venueId}/live/heartbeat`, { deviceId }, { cookie: host }),
    5_000,
  );
  const room = await openLiveRoom(app.url.replace('http', 'ws') + '/ws', `live:${venueId}`, fanClients);
  try {
    const { code } = await api('GET', `/api/venues/${venueId}/live/code`, host);
    // Requesters: join and ask for a song each (distinct songs with a video, in the catalogue).
    const requesters = Array.from({ length: 40 }, () => cookieOf(nextVoter()));
    for (const [i, cookie] of requesters.entries()) {
      await api('POST', '/api/live/join', cookie, { code });
      // Public songs (ids not a multiple of 5, see lib/data.mjs); the next one when the rules refuse it (409:
      // e.g. the song the night opened with is playing).
      for (let songId = 102 + i * 5; ; songId += 250) {
        const res = await fetch(`${app.url}/api/venues/${venueId}/live/requests`, {
          method: 'POST',
          headers: { cookie, 'content-type': 'application/json' },
          body: JSON.stringify({ songId }),
        });
        if (res.ok) break;
        if (res.status !== 409 || songId > sizes.songs) throw new Error(`request: ${res.status} ${await res.text()}`);
      }
    }

    // Join storm: `liveJoins` distinct patrons within 10 s, evenly spread.
    const joiners = Array.from({ length: liveJoins }, () => cookieOf(nextVoter()));
    const joinMs = [];
    const joinStatus = {};
    const t0 = performance.now();
    await Promise.all(
      joiners.map(async (cookie, i) => {
        await sleep(Math.max(0, (i * 10_000) / liveJoins - (performance.now() - t0)));
        const t = performance.now();
        const status = await post(`${app.url}/api/live/join`, { code }, { cookie });
        joinMs.push(performance.now() - t);
        joinStatus[status] = (joinStatus[status] ?? 0) + 1;
      }),
    );
    const joinSeconds = (performance.now() - t0) / 1000;
    const joinErrors = Object.entries(joinStatus)
      .filter(([st]) => !(Number(st) >= 200 && Number(st) < 300))
      .reduce((s, [, k]) => s + k, 0);

    // Every client has the newest snapshot before the votes start.
    const view = await api('GET', `/api/venues/${venueId}/live`, host);
    for (let w = 0; w < 100 && room.countAtLeast(view.state.version) < fanClients; w++) await sleep(100);
    const stale = fanClients - room.countAtLeast(view.state.version);
    const base = new Map(view.state.queue.map((e) => [e.id, e.netVotes]));
    const entries = [...base.keys()];
    const sent = new Map(entries.map((id) => [id, 0]));
    // Each vote is a +1 by a patron who has not voted on that entry: the k-th vote on an entry shows once the
    // entry's count reaches base + k (in a burst, votes on one entry are counted in the strictest order).
    const voters = [...joiners, ...requesters];
    let v = 0;
    const voteStatus = {};
    const voteOnce = async (k) => {
      const entryId = entries[k % entries.length];
      const target = base.get(entryId) + sent.get(entryId) + 1;
      sent.set(entryId, sent.get(entryId) + 1);
      const cookie = voters[v++ % voters.length];
      const x = room.expect(entryId, target);
      const status = await post(`${app.url}/api/live/entries/${entryId}/vote`, { value: 1 }, { cookie });
      voteStatus[status] = (voteStatus[status] ?? 0) + 1;
      if (status !== 200) x.cancel();
      return x.done;
    };
    const steadyCount = quick ? 60 : 200;
    const burstCount = quick ? 50 : 100;
    const frames0 = room.stats();
    // Who is busy during the votes: CPU seconds of this process (the clients) and of the server (/proc).
    const cpuOf = (pid) => {
      const f = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
      return (Number(f[11]) + Number(f[12])) / 100; // utime + stime, in clock ticks of 1/100 s
    };
    const cpu0 = { bench: process.cpuUsage(), server: cpuOf(app.child.pid), at: performance.now() };
    const steady = [];
    const waits = [];
    for (let k = 0; k < steadyCount; k++) {
      waits.push(voteOnce(k).then((x) => x !== null && steady.push(x)));
      await sleep(100);
    }
    await Promise.all(waits);
    await sleep(300);
    const burst = (await Promise.all(Array.from({ length: burstCount }, (_, k) => voteOnce(steadyCount + k)))).filter(
      (x) => x !== null,
    );
    const frames1 = room.stats();
    const wall = (performance.now() - cpu0.at) / 1000;
    const benchCpu = process.cpuUsage(cpu0.bench);
    const cpu = {
      wallSeconds: wall,
      benchCpuSeconds: (benchCpu.user + benchCpu.system) / 1e6,
      serverCpuSeconds: cpuOf(app.child.pid) - cpu0.server,
    };
    const voteErrors = Object.entries(voteStatus)
      .filter(([st]) => st !== '200')
      .reduce((s, [, k]) => s + k, 0);
    const lost = [...steady, ...burst].filter((x) => x === Infinity).length;
    const sp99 = percentile(steady, 99);
    const bp99 = percentile(burst, 99);
    details.live = {
      clients: fanClients,
      entries: entries.length,
      staleBeforeVotes: stale,
      join: {
        count: liveJoins,
        seconds: joinSeconds,
        status: joinStatus,
        p50: percentile(joinMs, 50),
        p99: percentile(joinMs, 99),
      },
      votes: {
        status: voteStatus,
        steadyP50: percentile(steady, 50),
        steadyP99: sp99,
        burstP50: percentile(burst, 50),
        burstP99: bp99,
        lost,
      },
      lostVotes: room.lost.slice(0, 20),
      finalNets: await api('GET', `/api/venues/${venueId}/live`, host).then((x) =>
        Object.fromEntries(x.state.queue.map((e) => [e.id, e.netVotes])),
      ),
      expected: Object.fromEntries(entries.map((id) => [id, base.get(id) + sent.get(id)])),
      newestNetsSeen: Object.fromEntries(room.newestNets() ?? []),
      cpuDuringVotes: cpu,
      framesDuringVotes: frames1.frames - frames0.frames,
      bytesPerFrame: (frames1.bytes - frames0.bytes) / Math.max(1, frames1.frames - frames0.frames),
      load: os.loadavg(),
    };
    const frameKb = details.live.bytesPerFrame / 1024;
    addRow({
      name: `Live room, ${fanClients} patrons on live:${venueId}, ${steadyCount} votes at 10/s: p99 until all have the live_state`,
      figure: sp99,
      baseline: null,
      figureText:
        ms(sp99) +
        (lost ? ` (${lost} lost)` : '') +
        (voteErrors ? ` (${voteErrors} votes non-200: ${JSON.stringify(voteStatus)})` : ''),
      baselineText: `p50 ${ms(percentile(steady, 50))}; ${entries.length} entries, ${fmt(frameKb, 1)} KB per snapshot`,
      ratioText: '',
      goalText: '< 100 ms',
      met: sp99 < 100 && lost === 0 && voteErrors === 0,
    });
    addRow({
      name: `  Live room, burst of ${burstCount} votes: p99 until all have the live_state`,
      figure: bp99,
      baseline: null,
      figureText: ms(bp99),
      baselineText: `p50 ${ms(percentile(burst, 50))}; ${fmt((frames1.frames - frames0.frames) / fanClients, 0)} snapshots per client during the votes`,
      ratioText: '',
      goalText: 'informative',
      met: null,
    });
    addRow({
      name: `Live join storm: ${liveJoins} distinct patrons POST /api/live/join within 10 s`,
      figure: joinErrors,
      baseline: null,
      figureText: `${joinErrors} non-2xx (${JSON.stringify(joinStatus)}) in ${fmt(joinSeconds, 1)} s`,
      baselineText: `join p50 ${ms(percentile(joinMs, 50))}, p99 ${ms(percentile(joinMs, 99))}`,
      ratioText: '',
      goalText: '0 errors',
      met: joinErrors === 0,
    });
  } finally {
    clearInterval(beat);
    room.close();
    await sleep(300);
  }
}

/** `/livez` latencies (ms) measured for `seconds` by a probe in its own process (bench/lib/probe.mjs). */
function probeLivez(url, seconds) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['bench/lib/probe.mjs', `${url}/livez`, String(seconds)], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.on('exit', (code) => (code ? reject(new Error(`probe exited ${code}`)) : resolve(JSON.parse(out))));
  });
}

/** The resident memory of a process, in bytes (Linux). */
function rssOf(pid) {
  const m = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) * 1024 : NaN;
}

/**
 * Files (issue 13, finding 2): 8 parallel downloads and 2 parallel uploads of a 20 MB PDF, over and over for
 * `seconds`, while a probe in another process measures `/livez`; side by side with the idle `/livez`. Also the
 * server's memory growth during the transfers and the time of one 20 MB upload alone. Runs on an app of its own
 * (the sign-up limit raised for the accounts it registers); needs no data set.
 */
async function fileScenarios(db) {
  const app = await startApp({ buildDir, db, extraEnv: { SIGNUP_LIMIT_PER_HOUR: '1000' } });
  cleanups.push(() => app.stop());
  const SIZE = 20 * 1024 * 1024;
  const pdf = Buffer.concat([Buffer.from('%PDF-1.4\n'), crypto.randomBytes(SIZE - 9)]);
  const seconds = Math.max(duration, quick ? 4 : 8);
  let n = 0;
  // A keep-alive socket the server closed meanwhile (after a refused upload it does not read to its end): once
  // more on a fresh one, as bench/lib/fanout.mjs does.
  const retry = async (fn) => {
    try {
      return await fn();
    } catch {
      return fn();
    }
  };
  const register = () => retry(() => registerOnce());
  const registerOnce = async () => {
    const res = await fetch(`${app.url}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        email: `files-${process.pid}-${n++}@bench.test`,
        password: 'bench password 1',
        firstName: 'B',
        lastName: 'Bench',
      }),
    });
    if (res.status !== 201) throw new Error(`register: ${res.status} ${await res.text()}`);
    return res.headers
      .getSetCookie()
      .find((c) => c.startsWith('crowdmix_sid='))
      .split(';')[0];
  };
  // One account per upload (the upload limit is per account).
  const upload = async () => {
    const form = new FormData();
    form.set('type', 'pdf');
    form.set('title', `Bench sheet ${n}`);
    form.set('artist', 'Bench');
    form.set('file', new Blob([pdf], { type: 'application/pdf' }), 'bench.pdf');
    const cookie = await register();
    const t = performance.now();
    const res = await retry(() => fetch(`${app.url}/api/songs`, { method: 'POST', headers: { cookie }, body: form }));
    const body = await res.json();
    return { status: res.status, ms: performance.now() - t, pdfUrl: body.pdfUrl };
  };
  const download = async (url) => {
    const res = await fetch(app.url + url);
    let bytes = 0;
    for await (const chunk of res.body) bytes += chunk.length;
    return { status: res.status, bytes };
  };

  const first = await upload();
  if (first.status !== 201) throw new Error(`upload: ${first.status}`);
  await download(first.pdfUrl); // warm-up

  const idle = () => probeLivez(app.url, seconds);
  const loaded = async () => {
    const rss0 = rssOf(app.child.pid);
    let rssMax = rss0;
    const sampler = setInterval(() => (rssMax = Math.max(rssMax, rssOf(app.child.pid))), 100);
    const until = performance.now() + seconds * 1000;
    let downloaded = 0;
    const failures = {};
    const uploads = [];
    const fail = (status) => (failures[status] = (failures[status] ?? 0) + 1);
    const downloader = async () => {
      while (performance.now() < until) {
        const r = await download(first.pdfUrl);
        if (r.status !== 200 || r.bytes !== SIZE) fail(r.status);
        downloaded += r.bytes;
      }
    };
    const uploader = async () => {
      while (performance.now() < until) {
        const r = await upload();
        if (r.status === 201) uploads.push(r.ms);
        else fail(r.status);
      }
    };
    const t0 = performance.now();
    const [times] = await Promise.all([
      probeLivez(app.url, seconds),
      ...Array.from({ length: 8 }, downloader),
      ...Array.from({ length: 2 }, uploader),
    ]);
    const elapsed = (performance.now() - t0) / 1000;
    clearInterval(sampler);
    return { times, growth: rssMax - rss0, mbps: downloaded / 2 ** 20 / elapsed, uploads, failures };
  };
  const { as, bs } = await sideBySide(rounds, loaded, idle);
  const p99s = as.map((x) => percentile(x.times, 99));
  const idleP99s = bs.map((x) => percentile(x, 99));
  const p99 = median(p99s);
  const idleP99 = median(idleP99s);
  const growthMb = median(as.map((x) => x.growth)) / 2 ** 20;
  const failures = as.reduce((s, x) => s + Object.values(x.failures).reduce((a, b) => a + b, 0), 0);
  details.files = {
    loadedP99: p99s,
    idleP99: idleP99s,
    growthMb: as.map((x) => x.growth / 2 ** 20),
    downloadMBps: as.map((x) => x.mbps),
    uploadMsUnderLoad: as.flatMap((x) => x.uploads),
    failures: as.map((x) => x.failures),
  };
  addRow({
    name: '/livez p99 during 8 downloads + 2 uploads of a 20 MB PDF (probe in another process)',
    figure: p99,
    baseline: idleP99,
    ratio: p99 / idleP99,
    figureText:
      `${ms(p99)} (${fmt(median(as.map((x) => x.mbps)), 0)} MB/s downloaded)` +
      (failures ? ` (${failures} failed: ${JSON.stringify(as.map((x) => x.failures))})` : ''),
    baselineText: `${ms(idleP99)} idle`,
    ratioText: `${fmt(p99 / idleP99, 2)}×`,
    goalText: '< 50 ms',
    met: p99 < 50 && failures === 0,
  });
  addRow({
    name: '  server memory growth during those transfers',
    figure: growthMb,
    baseline: null,
    figureText: `${fmt(growthMb, 1)} MB (max RSS − RSS before)`,
    baselineText: '',
    goalText: '< 100 MB',
    met: growthMb < 100,
  });
  // One upload alone, as many times as there are rounds.
  const alone = [];
  for (let r = 0; r < rounds; r++) {
    const u = await upload();
    if (u.status !== 201) throw new Error(`upload: ${u.status}`);
    alone.push(u.ms);
  }
  details.files.uploadAloneMs = alone;
  const up = median(alone);
  addRow({
    name: `20 MB PDF upload, alone (${usePglite ? 'PGlite' : 'PostgreSQL'})`,
    figure: up,
    baseline: null,
    figureText: `${fmt(up / 1000, 2)} s`,
    baselineText: `under the load above: ${fmt(median(details.files.uploadMsUnderLoad) / 1000, 2)} s`,
    goalText: usePglite ? '< 3 s' : '< 3 s (goal is for PGlite)',
    met: usePglite ? up < 3000 : null,
  });
  await app.stop();
}

// ---------------------------------------------------------------------------------------------- main
async function main() {
  const t0 = Date.now();
  log(`sizes ${JSON.stringify(sizes)}; ${usePglite ? 'PGlite' : 'PostgreSQL'}; ${rounds} rounds of ${duration} s`);
  if (!args['no-build']) {
    log(`building into ${buildDir}`);
    buildApp(buildDir);
  }
  const db = await createDatabase();
  // The file scenario needs no data set: `--only=files` runs in a minute or two. Nor does the cold start when the
  // bench runs on PostgreSQL (the start reads its own PGlite directory, below): loaded for nothing, the data set kept
  // PostgreSQL's autovacuum busy on the two cores while the starts were timed.
  const needsNoData = ['files', 'hub', 'caches', ...(usePglite ? [] : ['cold'])];
  const needsData = !only || [...only].some((g) => !needsNoData.includes(g));
  const loadMs = await prepare(db, needsData);
  log(`data set loaded in ${fmt(loadMs / 1000, 1)} s`);
  details.loadSeconds = loadMs / 1000;
  if (usePglite && needsData) {
    const t = performance.now();
    const row =
      await queryOne(`select count(*) from (select song_id, count(*) filter (where vote_type = 'up') - count(*) filter (where vote_type = 'down') as net
      from votes where venue_id is null group by song_id order by net desc limit 100) x`);
    void row;
    details.pgliteGroupByMs = performance.now() - t;
  }

  // The search catalogue, before the app starts (PGlite: one process per data directory).
  if (wants('search') && needsData && searchSongs > sizes.songs) {
    const t = performance.now();
    await runSql(extraSongStatements(sizes.songs + 1, searchSongs, sizes.users), db);
    details.searchLoadSeconds = (performance.now() - t) / 1000;
    log(`search songs loaded (${fmt(searchSongs)} in all) in ${fmt(details.searchLoadSeconds, 1)} s`);
  }
  let app = needsData ? await startApp({ buildDir, db }) : null;
  if (app) cleanups.push(() => app.stop());
  const bare = await startBaseline('bare-http.mjs');
  cleanups.push(() => bare.stop());

  if (wants('http')) await httpScenarios(app, bare);
  if (wants('mix')) await mixVsGroupBy(app);
  if (wants('votes')) await voteScenarios(app);
  if (wants('votes') && !usePglite) await tallyCost();
  if (wants('fanout')) await fanout(app);
  if (wants('live')) await liveScenario(app);
  if (wants('wsabuse')) await wsAbuse(app);
  if (wants('web')) await webScenarios(app);
  if (wants('search')) await searchScenario(app);
  await bare.stop();
  await app?.stop();
  // On an app of its own (PGlite: one process per data directory, so after the main app stopped).
  if (wants('files')) await fileScenarios(db);
  if (wants('hub') && !usePglite) await hubScenario(db);
  if (wants('caches')) await cacheScenario();

  if (wants('votes') || wants('fanout')) {
    const { n } = await queryOne(TALLY_MISMATCH_SQL, db);
    addRow({
      name: 'Tallies equal their rows (after every vote of the run)',
      figureText: `${n} mismatched (song, context) pairs`,
      baselineText: details.mixedVotes
        ? `incl. 1,000 mixed votes/switches/removals (${details.mixedVotes.ok} 2xx)`
        : '',
      goalText: '0',
      met: Number(n) === 0,
    });
  }

  if (wants('cold')) {
    let pgliteDir = dataDir;
    if (!usePglite) {
      // Loading a million votes into PGlite takes minutes here, so the loaded directory is kept between runs,
      // keyed by the sizes and the migrations (the cold start only reads it).
      const journal = fs.readFileSync('drizzle/meta/_journal.json', 'utf8');
      const key = crypto
        .createHash('sha256')
        .update(JSON.stringify(sizes) + journal)
        .digest('hex')
        .slice(0, 12);
      pgliteDir = path.resolve('.tmp', `bench-pglite-cache-${key}`);
      if (!fs.existsSync(path.join(pgliteDir, 'ready'))) {
        fs.rmSync(pgliteDir, { recursive: true, force: true });
        log('loading the data set into PGlite for the cold start (cached for later runs)');
        const t = performance.now();
        await prepare({ dataDir: pgliteDir });
        fs.writeFileSync(path.join(pgliteDir, 'ready'), new Date().toISOString());
        log(`PGlite data set loaded in ${fmt((performance.now() - t) / 1000, 1)} s`);
      }
    }
    if (!usePglite) await waitForIdleAutovacuum(db);
    await coldStart(pgliteDir);
  }

  const machine = {
    cpus: os.cpus().length,
    cpuModel: os.cpus()[0]?.model,
    memoryGb: Math.round(os.totalmem() / 2 ** 30),
    node: process.version,
    postgres: usePglite
      ? undefined
      : (await queryOne('select version()', { databaseUrl: adminUrl }).catch(() => ({ version: 'unknown' }))).version,
    pglite: JSON.parse(fs.readFileSync('node_modules/@electric-sql/pglite/package.json', 'utf8')).version,
  };
  const table = renderTable(rows);
  console.log(
    `\nCrowdMix benchmark — ${usePglite ? 'PGlite' : 'PostgreSQL'}${quick ? ' (quick)' : ''}, ${new Date().toISOString()}`,
  );
  console.log(
    `Machine: ${machine.cpus} cores (${machine.cpuModel}), ${machine.memoryGb} GB, Node ${machine.node}, ${machine.postgres ?? ''} PGlite ${machine.pglite}`,
  );
  console.log(
    `Data: ${Object.entries(sizes)
      .map(([k, v]) => `${fmt(v)} ${k}`)
      .join(', ')}; ${rounds} rounds, median; took ${fmt((Date.now() - t0) / 1000)} s\n`,
  );
  console.log(table);
  const result = {
    date: new Date().toISOString(),
    driver: usePglite ? 'pglite' : 'postgres',
    quick,
    sizes,
    rounds,
    duration,
    machine,
    rows,
    details,
    seconds: (Date.now() - t0) / 1000,
  };
  fs.mkdirSync('bench/results', { recursive: true });
  fs.writeFileSync('bench/results/latest.json', JSON.stringify(result, null, 2));
  fs.writeFileSync('bench/results/latest.md', `${table}\n`);
  return rows.every((r) => r.met !== false);
}

// ---------------------------------------------------------------------------------------------- --scale
/**
 * The community-sized data set (issue 19): generated once into `crowdmix_bench_scale` with set-based SQL (the
 * secondary indexes of the big tables dropped during the load and built again after it), and kept for the next
 * run while the sizes and migrations match (`--fresh` loads it again; `--dropScale` drops it at the end).
 */
async function scaleDatabase() {
  const name = 'crowdmix_bench_scale';
  const key = crypto
    .createHash('sha256')
    .update(JSON.stringify(sizes) + fs.readFileSync('drizzle/meta/_journal.json', 'utf8'))
    .digest('hex')
    .slice(0, 12);
  const u = new URL(adminUrl);
  u.pathname = `/${name}`;
  databaseUrl = u.toString();
  const db = { databaseUrl };
  if (args.dropScale)
    cleanups.push(async () => {
      const a = new pg.Client({ connectionString: adminUrl });
      await a.connect();
      await a.query(`drop database if exists ${name} with (force)`);
      await a.end();
      log(`dropped database ${name}`);
    });
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  const exists = (await admin.query('select 1 from pg_database where datname = $1', [name])).rowCount > 0;
  let ready = false;
  if (exists && !args.fresh) {
    const row = await queryOne(
      `select to_regclass('bench_scale_ready') is not null and exists (select 1 from bench_scale_ready where key = '${key}') as ok`,
      db,
    ).catch(() => ({ ok: false }));
    ready = Boolean(row?.ok);
  }
  if (ready) {
    await admin.end();
    log(`reusing ${name} (key ${key})`);
    return { db, loadSeconds: null };
  }
  // --migrateScale: a database loaded by an older checkout (other migrations) is migrated forward instead of
  // loaded again (~15 min): the app applies the newer migrations on start (their backfills included), and the
  // new key is added beside the old one, so both checkouts keep reusing it.
  if (exists && !args.fresh && args.migrateScale) {
    await admin.end();
    const loaded = await queryOne(
      `select to_regclass('bench_scale_ready') is not null and exists (select 1 from bench_scale_ready) as ok`,
      db,
    ).catch(() => ({ ok: false }));
    if (!loaded?.ok) throw new Error(`--migrateScale: ${name} was never loaded completely; run without it`);
    const t = performance.now();
    const app = await startApp({ buildDir, db, timeoutMs: 3_600_000 });
    await app.stop();
    await queryOne(`insert into bench_scale_ready (key) values ('${key}') on conflict do nothing returning key`, db);
    log(`migrated ${name} forward in ${fmt((performance.now() - t) / 1000, 1)} s (key ${key} added)`);
    return { db, loadSeconds: null };
  }
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name}`);
  await admin.end();
  const first = await startApp({ buildDir, db });
  await first.stop();
  const t0 = performance.now();
  const c = new pg.Client({ connectionString: databaseUrl });
  await c.connect();
  try {
    await c.query(`set maintenance_work_mem = '512MB'`);
    // Secondary indexes (not those behind a constraint) of the tables the load fills: dropped, built after.
    const { rows: indexes } = await c.query(`
      select i.indexname, i.indexdef from pg_indexes i
      where i.schemaname = 'public' and i.tablename in ('songs', 'votes', 'vote_tallies', 'messages', 'sessions')
        and not exists (select 1 from pg_constraint k where k.conname = i.indexname)`);
    for (const ix of indexes) await c.query(`drop index ${ix.indexname}`);
    const steps = {};
    for (const statement of dataStatements(sizes)) {
      const t = performance.now();
      await c.query(statement);
      const label = statement.trim().split(/\s+/).slice(0, 3).join(' ');
      steps[label] = (steps[label] ?? 0) + (performance.now() - t) / 1000;
      log(`scale data: ${label} … ${fmt((performance.now() - t) / 1000, 1)} s`);
    }
    const ti = performance.now();
    for (const ix of indexes) await c.query(ix.indexdef);
    steps['indexes again'] = (performance.now() - ti) / 1000;
    log(`scale data: ${indexes.length} indexes built again in ${fmt((performance.now() - ti) / 1000, 1)} s`);
    await c.query('vacuum analyze');
    await c.query(`create table bench_scale_ready (key text primary key, at timestamptz default now())`);
    await c.query(`insert into bench_scale_ready (key) values ($1)`, [key]);
    details.scaleLoadSteps = steps;
  } finally {
    await c.end();
  }
  return { db, loadSeconds: (performance.now() - t0) / 1000 };
}

async function scaleMain() {
  const t0 = Date.now();
  if (usePglite) throw new Error('--scale runs on PostgreSQL');
  log(`community-sized data set ${JSON.stringify(sizes)}; ${rounds} rounds of ${duration} s`);
  if (!args['no-build']) {
    log(`building into ${buildDir}`);
    buildApp(buildDir);
  }
  const { db, loadSeconds } = await scaleDatabase();
  details.loadSeconds = loadSeconds;
  if (loadSeconds !== null) log(`data set loaded in ${fmt(loadSeconds, 0)} s`);
  const counts =
    await queryOne(`select (select count(*) from songs)::int as songs, (select count(*) from votes)::int as votes,
      (select count(*) from users)::int as users, (select count(*) from messages)::int as messages,
      pg_database_size(current_database()) as bytes`);
  details.scaleCounts = counts;
  addRow({
    name: 'Community-sized data set (set-based SQL)',
    figureText: `${fmt(counts.songs)} songs, ${fmt(counts.votes)} votes, ${fmt(counts.users)} users, ${fmt(counts.messages)} messages`,
    baselineText: `${fmt(Number(counts.bytes) / 2 ** 30, 1)} GB on disk; ${loadSeconds === null ? 'reused' : `loaded in ${fmt(loadSeconds, 0)} s`}`,
    goalText: 'informative',
    met: null,
  });

  // Start: spawn → /readyz, then the first mix read (the mix cache loads the global candidates), with RSS.
  const starts = [];
  for (let r = 0; r < (wants('start') ? rounds : 0); r++) {
    const a = await startApp({ buildDir, db });
    const rss0 = rssOf(a.child.pid);
    const t = performance.now();
    const res = await fetch(`${a.url}/api/mix/global`);
    await res.arrayBuffer();
    starts.push({ readyMs: a.readyMs, firstMixMs: performance.now() - t, rssReady: rss0, rssMix: rssOf(a.child.pid) });
    await a.stop();
  }
  details.scaleStarts = starts;
  const ready = median(starts.map((x) => x.readyMs));
  if (starts.length)
    addRow({
      name: 'Server start on the community-sized data set',
      figure: ready,
      figureText: `${ms(ready, 0)} to /readyz`,
      baselineText: `first GET /api/mix/global after it: ${ms(median(starts.map((x) => x.firstMixMs)), 0)}; RSS ${starts.map((x) => `${fmt(x.rssReady / 2 ** 20, 0)} → ${fmt(x.rssMix / 2 ** 20, 0)} MB`).join(', ')}`,
      goalText: 'informative',
      met: null,
    });

  const app = await startApp({ buildDir, db });
  cleanups.push(() => app.stop());
  const rss = { ready: rssOf(app.child.pid) };
  // The first read loads the mix cache (every public song of the million): wait for it, then warm up.
  await fetch(`${app.url}/api/mix/global`).then((r) => r.arrayBuffer());
  await hammer(app.url, { path: '/api/mix/global', connections: 4, duration: 1 });
  rss.afterMix = rssOf(app.child.pid);
  const d = { connections: 10, duration };
  const livez = { url: app.url, opts: { path: '/livez', ...d }, label: '/livez' };
  if (wants('mix'))
    await throughputPair(
      'Global mix, anonymous vs /livez (community-sized)',
      { url: app.url, opts: { path: '/api/mix/global', ...d } },
      livez,
      { text: 'informative' },
    );
  let u = 0;
  if (wants('mix'))
    await throughputPair(
      'Global mix, signed in (own votes) vs /livez (community-sized)',
      {
        url: app.url,
        opts: {
          ...d,
          path: '/api/mix/global',
          // Data-set users spread over all 100,000: each has voted on 100 songs.
          setup: () => ({ headers: { cookie: cookieOf(`u${((u++ * 7919) % sizes.users) + 1}`) } }),
        },
      },
      livez,
      { text: 'informative' },
    );
  rss.afterSignedIn = rssOf(app.child.pid);

  // Votes/s: 16 writers, random songs of the million, each vote by a bench voter (no votes yet).
  const voteReq = () => ({
    method: 'POST',
    path: '/api/votes',
    headers: { 'content-type': 'application/json', cookie: cookieOf(nextVoter()) },
    body: JSON.stringify({ songId: 1 + Math.floor(Math.random() * sizes.songs), voteType: 'up' }),
  });
  const voteRuns = [];
  if (wants('votes'))
    for (let r = 0; r < rounds; r++)
      voteRuns.push(await hammer(app.url, { connections: 16, duration, setup: () => voteReq() }));
  const vps = median(voteRuns.map((x) => x.rps));
  const voteErrs = voteRuns.reduce((sum, x) => sum + x.errors + x.non2xx, 0);
  details.scaleVotes = voteRuns;
  if (voteRuns.length)
    addRow({
      name: 'Votes/s, 16 writers on random songs of the million (community-sized)',
      figure: vps,
      figureText: `${rps(vps)}${voteErrs ? ` (${voteErrs} errors/non-2xx: ${JSON.stringify(voteRuns[0].status)})` : ''}`,
      baselineText: `p99 ${ms(median(voteRuns.map((x) => x.p99)))}`,
      goalText: 'informative',
      met: null,
    });
  rss.afterVotes = rssOf(app.child.pid);

  if (wants('search')) await searchScenario(app);
  rss.afterSearch = rssOf(app.child.pid);
  details.scaleRss = rss;
  const mb = (b) => `${fmt(b / 2 ** 20, 0)} MB`;
  addRow({
    name: 'Server memory (RSS) on the community-sized data set',
    figure: rss.afterSearch,
    figureText: `${mb(rss.ready)} ready → ${mb(rss.afterMix)} after the first mix read → ${mb(rss.afterSearch)} at the end`,
    baselineText: `after signed-in mix reads ${mb(rss.afterSignedIn)}, after the votes ${mb(rss.afterVotes)}`,
    goalText: 'informative',
    met: null,
  });
  await app.stop();

  const tt = performance.now();
  const { n } = voteRuns.length ? await queryOne(TALLY_MISMATCH_SQL, db) : { n: null };
  if (voteRuns.length)
    addRow({
      name: 'Tallies equal their rows (community-sized, after the votes)',
      figureText: `${n} mismatched (song, context) pairs`,
      baselineText: `checked over ${fmt(counts.votes)}+ votes in ${fmt((performance.now() - tt) / 1000, 0)} s`,
      goalText: '0',
      met: Number(n) === 0,
    });

  const table = renderTable(rows);
  console.log(`\nCrowdMix benchmark — community-sized data set (PostgreSQL), ${new Date().toISOString()}`);
  console.log(
    `Machine: ${os.cpus().length} cores, load ${os
      .loadavg()
      .map((x) => x.toFixed(1))
      .join(' ')}; took ${fmt((Date.now() - t0) / 1000)} s\n`,
  );
  console.log(table);
  fs.mkdirSync('bench/results', { recursive: true });
  fs.writeFileSync(
    'bench/results/scale.json',
    JSON.stringify(
      { date: new Date().toISOString(), sizes, rounds, duration, load: os.loadavg(), rows, details },
      null,
      2,
    ),
  );
  fs.writeFileSync('bench/results/scale.md', `${table}\n`);
  return rows.every((r) => r.met !== false);
}

(scale ? scaleMain() : main())
  .then(async (ok) => {
    await cleanup();
    process.exit(ok ? 0 : 1);
  })
  .catch(async (err) => {
    console.error(err);
    await cleanup();
    process.exit(2);
  });
