/**
 * `npm run eval:ai`: DJ Verse judged over HTTP against the real app, on hand-written labels.
 *
 * Starts the app in-process on a loopback port with a fresh PGlite directory and the demo seed, signs in the
 * demo listener (who has votes) and registers a new one (who has none), adds a private song of another user
 * (which must never surface) and one of the new listener, then asks every case of scripts/eval-ai.cases.ts
 * through POST /api/ai/chat (each case on a cleared conversation). Reports strict precision@5, recall of the
 * obvious songs, honesty, privacy, p95 latency and per-category precision, and exits 1 when a figure drops
 * below its floor. The labels are written song by song; nothing here reads the engine's own tables.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { and, eq, isNull } from 'drizzle-orm';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { DEMO_PASSWORD, DEMO_USERS } from '../src/server/db/demo-catalogue';
import { songs, venues, votes } from '../src/server/db/schema';
import { seedDemoData } from '../src/server/db/seed';
import { RATE_RULES } from '../src/server/lib/rate-limiter';
import { CASES, type Category, type EvalCase } from './eval-ai.cases';

/** Below any of these the run fails (the goals of issue 18). */
const FLOORS = { precision: 0.9, categoryPrecision: 0.8, obviousRecall: 0.9, honesty: 1, privacy: 1, p95Ms: 500 };
const SECRET_TITLE = 'EVAL Secret Heartbreak Ballad';
const OWN_PRIVATE_TITLE = 'EVAL My Private Jazz Sketch';
const LANG_MARKERS: Record<string, RegExp> = {
  es: /\b(?:canciones|canción|aquí|tienes|quieres|opciones)\b/i,
  de: /\b(?:hier|sind|ist|für|dich|Songs?)\b/,
  fr: /\b(?:voici|morceaux?|pour|toi)\b/i,
  pt: /\b(?:músicas|música|você|aqui|vão|vai)\b/i,
};

interface Card {
  songId: number;
  title: string;
  reason: string;
  confidence: number;
}
interface Reply {
  message: string;
  recommendations: Card[];
}
interface Listener {
  id: string;
  cookie: string;
  label: 'demo' | 'new';
}

async function main() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'crowdmix-eval-'));
  const config = loadConfig({ NODE_ENV: 'development', DATA_DIR: dir, SEED_DEMO: 'true', LOG_LEVEL: 'silent' });
  const built = await buildApp(config, { logger: false });
  await built.app.ready();
  await built.app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(built.app.server.address() as AddressInfo).port}`;
  const db = built.deps.db;
  await seedDemoData(db);

  const request = async (method: string, url: string, body?: unknown, cookie?: string) => {
    const res = await fetch(`${base}${url}`, {
      method,
      headers: { ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...(cookie ? { cookie } : {}) },
      body: body !== undefined ? JSON.stringify(body) : undefined,
    });
    const text = await res.text();
    return { status: res.status, json: text ? JSON.parse(text) : null, cookie: res.headers.get('set-cookie') };
  };
  const session = (setCookie: string | null) => (setCookie ?? '').split(';')[0];
  const register = async (firstName: string) => {
    const email = `eval-${firstName.toLowerCase()}-${Date.now()}@example.test`;
    const res = await request('POST', '/api/auth/register', {
      email,
      password: 'correct horse battery',
      firstName,
      lastName: 'Eval',
    });
    if (res.status !== 201) throw new Error(`register failed: ${res.status}`);
    return { id: res.json.id as string, cookie: session(res.cookie) };
  };

  const login = await request('POST', '/api/auth/login', { email: DEMO_USERS[0].email, password: DEMO_PASSWORD });
  if (login.status !== 200) throw new Error(`demo login failed: ${login.status}`);
  const demo: Listener = { id: login.json.user?.id ?? login.json.id, cookie: session(login.cookie), label: 'demo' };
  if (!demo.id) throw new Error('demo login returned no user id');
  const fresh: Listener = { ...(await register('Newcomer')), label: 'new' };
  const other = await register('Stranger');
  const venueVoter = await register('Voter');

  // Privacy fixtures: another user's private song that fits breakup requests; the new listener's own one.
  await db.insert(songs).values([
    {
      title: SECRET_TITLE,
      artist: 'Hidden Hand',
      genre: 'Soul',
      youtubeId: 'EvalSecret1',
      uploaderId: other.id,
      isPrivate: true,
      energy: 1,
      moods: ['melancholy', 'heartbreak'],
    },
    {
      title: OWN_PRIVATE_TITLE,
      artist: 'Newcomer Eval',
      genre: 'Jazz',
      youtubeId: 'EvalOwnPri1',
      uploaderId: fresh.id,
      isPrivate: true,
      energy: 2,
      moods: ['chill'],
    },
  ]);
  // A listener who loves Despacito but voted it down at Taco Fiesta.
  const [despacito] = await db.select({ id: songs.id }).from(songs).where(eq(songs.title, 'Despacito'));
  const [tacos] = await db.select({ id: venues.id }).from(venues).where(eq(venues.name, 'Taco Fiesta'));
  await request('POST', '/api/votes', { songId: despacito.id, voteType: 'up' }, venueVoter.cookie);
  await request('POST', '/api/votes', { songId: despacito.id, voteType: 'down', venueId: tacos.id }, venueVoter.cookie);

  const latencies: number[] = [];
  let replies = 0;
  let privateLeaks = 0;
  /** Titles shown in the earlier turns of the last conversation (a follow-up may not repeat them). */
  let earlier = new Set<string>();
  const ask = async (who: { id: string; cookie: string }, messages: string[]): Promise<Reply> => {
    earlier = new Set();
    built.deps.limiter.reset(RATE_RULES.aiMinute, who.id);
    built.deps.limiter.reset(RATE_RULES.aiDay, who.id);
    await request('DELETE', '/api/ai/history', undefined, who.cookie);
    let reply: Reply | null = null;
    for (const message of messages) {
      const start = performance.now();
      const res = await request('POST', '/api/ai/chat', { message }, who.cookie);
      latencies.push(performance.now() - start);
      if (res.status !== 200) throw new Error(`chat "${message}" failed: ${res.status} ${JSON.stringify(res.json)}`);
      if (reply) for (const c of reply.recommendations) earlier.add(c.title);
      reply = res.json as Reply;
      replies++;
      const leak =
        reply.recommendations.some((c) => c.title === SECRET_TITLE) ||
        JSON.stringify(reply).includes('Hidden Hand') ||
        reply.recommendations.some((c) => c.title === OWN_PRIVATE_TITLE && /Top 100/.test(c.reason));
      if (leak) privateLeaks++;
    }
    return reply!;
  };

  const perCategory = new Map<Category, { sum: number; n: number }>();
  let precisionSum = 0;
  let judged = 0;
  let obviousFound = 0;
  let obviousTotal = 0;
  let honestOk = 0;
  let honestTotal = 0;
  const rows: string[] = [];
  const honestyCheck = (ok: boolean, label: string, why: string) => {
    honestTotal++;
    if (ok) honestOk++;
    rows.push(`${ok ? '  honest' : 'NOT HONEST'}  ${label}${ok ? '' : `  — ${why}`}`);
  };

  // What a DJ would not play to a listener: the songs they voted down everywhere (global context).
  const disliked = new Map<string, Set<string>>();
  for (const l of [demo, fresh]) {
    const rows = await db
      .select({ title: songs.title })
      .from(votes)
      .innerJoin(songs, eq(songs.id, votes.songId))
      .where(and(eq(votes.userId, l.id), eq(votes.voteType, 'down'), isNull(votes.venueId)));
    disliked.set(l.label, new Set(rows.map((r) => r.title)));
  }

  for (const c of CASES) {
    const messages = Array.isArray(c.ask) ? c.ask : [c.ask];
    const who = c.users === 'demo' ? [demo] : c.users === 'new' ? [fresh] : [demo, fresh];
    for (const listener of who) {
      const reply = await ask(listener, messages);
      const label = `[${c.category}/${listener.label}] ${messages.join(' → ')}`;
      // Labels are per song; per listener, leave out what they voted down or were shown a turn earlier, and
      // count their own private jazz sketch wherever Take Five (same genre, mood and energy) is relevant.
      // Asking the very same thing again may rightly bring the same songs back.
      const repeated = messages.length > 1 && messages.slice(0, -1).includes(messages[messages.length - 1]);
      const skip = (t: string) => disliked.get(listener.label)!.has(t) || (!repeated && earlier.has(t));
      const own = listener === fresh && c.relevant?.includes('Take Five') ? [OWN_PRIVATE_TITLE] : [];
      judge(
        {
          ...c,
          relevant: c.relevant ? [...c.relevant.filter((t) => !skip(t)), ...own] : undefined,
          obvious: c.obvious?.filter((t) => !skip(t)),
        },
        reply,
        label,
      );
    }
  }

  // Personal: a venue down vote is not a global dislike.
  {
    const reply = await ask(venueVoter, ['latin music']);
    const ok = reply.recommendations.some((x) => x.title === 'Despacito') && !/voted down/.test(reply.message);
    honestyCheck(ok, '[personal/venue-voter] latin music', 'Despacito treated as disliked everywhere');
  }

  function judge(c: EvalCase, reply: Reply, label: string) {
    const cards = reply.recommendations;
    if (c.none || c.notAName || (c.category === 'personal' && !c.relevant)) {
      if (c.none) {
        const plain = /isn't in our crates|searched every crate|no .* in our crates|high and low/.test(reply.message);
        const labelled = cards.every((x) => x.confidence < 0.6 && /^Nearest match/.test(x.reason));
        const named = c.name ? reply.message.includes(c.name) : true;
        honestyCheck(plain && labelled && named, label, `plain=${plain} labelled=${labelled} named=${named}`);
      } else if (c.notAName) {
        honestyCheck(!/isn't in our crates/.test(reply.message), label, `echoed: ${reply.message.slice(0, 80)}`);
      } else {
        const newListener = label.includes('/new]');
        const ok =
          cards.length > 0 && (!newListener || (!/from your votes/.test(reply.message) && /\?/.test(reply.message)));
        honestyCheck(ok, label, reply.message.slice(0, 100));
      }
      return;
    }
    const top = cards.slice(0, 5);
    let precision: number;
    if (c.relevant) {
      const hits = top.filter((x) => c.relevant!.includes(x.title)).length;
      const denom = Math.max(Math.min(c.count ?? 5, c.relevant.length), top.length);
      precision = denom ? hits / denom : 0;
    } else precision = top.length ? 1 : 0;
    if (c.count !== undefined && cards.length !== c.count) precision = 0;
    if (c.lang && !LANG_MARKERS[c.lang].test(reply.message)) precision = 0;
    for (const o of c.obvious ?? []) {
      obviousTotal++;
      if (cards.some((x) => x.title === o)) obviousFound++;
    }
    precisionSum += precision;
    judged++;
    const cat = perCategory.get(c.category) ?? { sum: 0, n: 0 };
    cat.sum += precision;
    cat.n++;
    perCategory.set(c.category, cat);
    rows.push(
      `${precision.toFixed(2).padStart(8)}  ${label}  [${top.map((x) => `${x.title}${c.relevant && !c.relevant.includes(x.title) ? ' ✗' : ''}`).join('; ')}]`,
    );
  }

  await built.close();
  fs.rmSync(dir, { recursive: true, force: true });

  const sorted = [...latencies].sort((a, b) => a - b);
  const p95 = sorted[Math.min(sorted.length - 1, Math.ceil(0.95 * sorted.length) - 1)];
  const precision = precisionSum / judged;
  const obviousRecall = obviousTotal ? obviousFound / obviousTotal : 1;
  const honesty = honestTotal ? honestOk / honestTotal : 1;
  const privacy = replies ? (replies - privateLeaks) / replies : 1;
  const pct = (x: number) => `${(100 * x).toFixed(1)}%`;

  console.log('DJ Verse — evaluation over HTTP on the demo catalogue (hand-written labels)\n');
  for (const row of rows) console.log(row);
  console.log('');
  console.log(
    `cases: ${CASES.length}; judged replies: ${judged}; honesty checks: ${honestTotal}; requests: ${replies}`,
  );
  const failures: string[] = [];
  // Figures are compared with a hair of tolerance, so that 0.8 summed from fractions still meets 0.8.
  const EPS = 1e-9;
  const line = (name: string, value: string, ok: boolean, floor: string) => {
    console.log(`${name.padEnd(26)} ${value.padStart(9)}   floor ${floor}${ok ? '' : '   BELOW FLOOR'}`);
    if (!ok) failures.push(name);
  };
  line('strict precision@5', precision.toFixed(3), precision + EPS >= FLOORS.precision, FLOORS.precision.toFixed(2));
  line(
    'recall of obvious songs',
    pct(obviousRecall),
    obviousRecall + EPS >= FLOORS.obviousRecall,
    pct(FLOORS.obviousRecall),
  );
  line('honesty', pct(honesty), honesty + EPS >= FLOORS.honesty, pct(FLOORS.honesty));
  line('privacy', pct(privacy), privacy + EPS >= FLOORS.privacy, pct(FLOORS.privacy));
  line('p95 latency', `${p95.toFixed(0)} ms`, p95 < FLOORS.p95Ms, `< ${FLOORS.p95Ms} ms`);
  console.log('\nper category (strict precision@5):');
  for (const [cat, v] of [...perCategory.entries()].sort()) {
    const p = v.sum / v.n;
    line(`  ${cat} (${v.n})`, p.toFixed(3), p + EPS >= FLOORS.categoryPrecision, FLOORS.categoryPrecision.toFixed(2));
  }
  if (failures.length) {
    console.log(`\nFAILED: ${failures.join(', ')}`);
    process.exit(1);
  }
  console.log('\nAll figures at or above their floors.');
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
