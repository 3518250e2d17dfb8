// The per-user caches' memory (`npm run bench -- --only=caches`; run alone with
// `node --expose-gc --import tsx bench/lib/cache-memory.ts [users…]`): the real SessionStore, OwnVotes and
// RateLimiter of src/server with their default caps, filled as N active users fill them (a session checked and
// touched, own votes read in the global mix, a vote and a mix read under the rate limits), then the V8 heap used
// after a full GC, less the heap before. The database is a stand-in that answers every lookup at once: only what
// the caches hold is measured. Prints one JSON line.
import { loadConfig } from '../../src/server/config';
import type { Db } from '../../src/server/db/client';
import { RATE_RULES, RateLimiter } from '../../src/server/lib/rate-limiter';
import { OwnVotes } from '../../src/server/modules/votes/own-votes';
import { SessionStore } from '../../src/server/plugins/session';

const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error('run with --expose-gc');
const VOTES_PER_USER = Number(process.env.VOTES_PER_USER ?? 20);
const counts = process.argv.slice(2).map(Number).filter(Boolean);
const userCounts = counts.length ? counts : [100_000, 300_000];

/** A user id as the app makes them (uuid text). */
const userId = (i: number) => `00000000-0000-4000-8000-${i.toString(16).padStart(12, '0')}`;

/** The stand-in database: a session lookup finds its user; a user's votes are VOTES_PER_USER song ids. */
function fakeDb(): Db {
  let next = 0;
  const prepared = {
    // Users sign in in order: the n-th lookup is the n-th user's session.
    execute: async () => [{ userId: userId(next++), expire: new Date(Date.now() + 86_400_000) }],
  };
  const chain: Record<string, unknown> = {};
  for (const k of ['select', 'from', 'innerJoin', 'where', 'limit']) chain[k] = () => chain;
  chain.prepare = () => prepared;
  chain.execute = async () => ({
    rows: Array.from({ length: VOTES_PER_USER }, (_, k) => ({ song_id: 1 + k * 37, vote_type: k % 5 ? 'up' : 'down' })),
  });
  chain.update = () => ({ set: () => ({ where: async () => undefined }) });
  return chain as unknown as Db;
}

const heapMb = () => {
  gc!();
  gc!();
  return process.memoryUsage().heapUsed / 2 ** 20;
};

async function fill(users: number) {
  const caps = loadConfig({}).caches;
  const db = fakeDb();
  const hub = { onSignal() {}, onResync() {}, async signal() {}, closeSession() {} };
  // One cache at a time, so that each one's share is known; all three stay alive to the end.
  const base = heapMb();
  const sessions = new SessionStore({ db, ttlMs: 30 * 86_400_000, secure: true, hub, cacheMax: caps.sessions });
  for (let i = 0; i < users; i++) {
    // A 43-character token like the app's.
    const token = `${i.toString(36).padStart(8, '0')}${'x'.repeat(35)}`;
    const found = await sessions.userFor(token);
    sessions.touch(found!.sid);
  }
  const afterSessions = heapMb();
  const own = new OwnVotes(db, Date.now, {
    maxEntries: caps.ownVotesEntries,
    maxVotes: caps.ownVotesVotes,
    maxPerEntry: 100_000,
  });
  for (let i = 0; i < users; i++) await own.of(userId(i), null);
  const afterOwnVotes = heapMb();
  const limiter = new RateLimiter(Date.now, { maxKeys: caps.rateLimitKeys });
  for (let i = 0; i < users; i++) {
    limiter.record(RATE_RULES.votes, userId(i));
    limiter.record(RATE_RULES.chat, userId(i));
  }
  const afterLimiter = heapMb();
  // Typed arrays' contents (the own votes) live outside the JavaScript heap.
  const arrayBuffersMb = process.memoryUsage().arrayBuffers / 2 ** 20;
  return {
    users,
    heapMb: afterLimiter - base,
    sessionsMb: afterSessions - base,
    ownVotesMb: afterOwnVotes - afterSessions,
    rateLimiterMb: afterLimiter - afterOwnVotes,
    arrayBuffersMb,
    held: { ...sessions.held, ownVoteEntries: own.entryCount, ownVotes: own.size, rateLimitBuckets: limiter.size },
  };
}

const results = [];
for (const n of userCounts) results.push(await fill(n));
console.log(JSON.stringify({ votesPerUser: VOTES_PER_USER, caps: loadConfig({}).caches, results }));
