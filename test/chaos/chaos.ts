/**
 * Crash safety (quality bar, "Correctness under concurrency and faults"): the real server process under 50
 * concurrent writers is killed with SIGKILL at a seeded random moment, restarted on the same data, and the data
 * is checked — every write acknowledged with 2xx is there, no partial rows, counters equal their rows. Used by
 * `test/chaos/crash.int.test.ts` (a few rounds in CI) and `npm run chaos` (many rounds, both databases).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { openDatabase, type Database } from '../../src/server/db/client';
import { multipartBody, samplePdf } from '../helpers/multipart';
import { startServerProcess, type ServerProcess } from '../helpers/server-process';

/** Where the server keeps its data: a PGlite data directory or a PostgreSQL database (already created). */
export type ChaosTarget = { driver: 'pglite'; dataDir: string } | { driver: 'pg'; databaseUrl: string };

export interface ChaosOptions {
  target: ChaosTarget;
  rounds: number;
  seed: number;
  writers?: number;
  users?: number;
  /** The SIGKILL lands this many milliseconds after the first acknowledged write, drawn from [min, max). */
  killWindowMs?: [number, number];
  log?: (line: string) => void;
}

export interface RoundReport {
  round: number;
  killedAfterMs: number;
  acknowledged: number;
  inFlight: number;
  refused: number;
  restartMs: number;
}

export interface ChaosReport {
  seed: number;
  driver: ChaosTarget['driver'];
  rounds: RoundReport[];
}

type VoteType = 'up' | 'down';
type VoteState = VoteType | null;

/** mulberry32: a small seeded generator, so that a failing round can be replayed from its seed. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The toggle rule shared by song votes and playlist votes: the same way again removes, the other way switches. */
function applyVote(state: VoteState, voteType: VoteType): VoteState {
  return state === voteType ? null : voteType;
}

interface User {
  id: string;
  cookie: string;
  ip: string;
}

/** What the writers were told (2xx) and what they sent without hearing back. */
interface Ledger {
  /** Per (user, song, venue) key, owned by one writer: the last acknowledged state and an unanswered vote. */
  votes: Map<string, { userId: string; songId: number; venueId: number | null; acked: VoteState; pending?: VoteType }>;
  playlistVotes: Map<string, { userId: string; entryId: number; acked: VoteState; pending?: VoteType }>;
  messages: { id: number; senderId: string; content: string }[];
  pdfs: { id: number; sha256: string; size: number }[];
}

class Client {
  constructor(public base: string) {}

  async request(
    method: string,
    url: string,
    opts: { as?: User; json?: unknown; ip?: string; multipart?: ReturnType<typeof multipartBody> } = {},
  ) {
    const headers: Record<string, string> = {};
    if (opts.as) {
      headers.cookie = opts.as.cookie;
      headers['x-forwarded-for'] = opts.as.ip;
    }
    if (opts.ip) headers['x-forwarded-for'] = opts.ip;
    let body: BodyInit | undefined;
    if (opts.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(opts.json);
    } else if (opts.multipart) {
      Object.assign(headers, opts.multipart.headers);
      body = new Uint8Array(opts.multipart.payload);
    }
    const res = await fetch(`${this.base}${url}`, { method, headers, body, signal: AbortSignal.timeout(30_000) });
    const text = await res.text();
    return { status: res.status, headers: res.headers, json: () => JSON.parse(text) as Record<string, unknown>, text };
  }

  /** A request that must succeed (setup and the after-restart checks). */
  async ok(method: string, url: string, opts: Parameters<Client['request']>[2] = {}) {
    const res = await this.request(method, url, opts);
    if (res.status < 200 || res.status > 299) throw new Error(`${method} ${url} answered ${res.status}: ${res.text}`);
    return res;
  }
}

interface World {
  users: User[];
  venueId: number;
  songs: { id: number; venueId: number | null }[];
  playlistId: number;
  entries: number[];
}

async function register(client: Client, n: number): Promise<User> {
  // Each account from its own address: sign-up is limited per address (TRUST_PROXY is on for this server).
  const ip = `10.77.${Math.floor(n / 250)}.${(n % 250) + 1}`;
  const res = await client.ok('POST', '/api/auth/register', {
    ip,
    json: {
      email: `chaos-${crypto.randomBytes(5).toString('hex')}@example.test`,
      password: 'correct horse battery',
      firstName: 'Chaos',
      lastName: `Writer ${n}`,
    },
  });
  const cookie = (res.headers.getSetCookie().find((c) => c.startsWith('crowdmix_sid=')) ?? '').split(';')[0];
  if (!cookie) throw new Error('sign-up set no session cookie');
  return { id: String(res.json().id), cookie, ip };
}

/** Users, a venue, songs (half in the venue) and a democratic playlist every user joined, all through the API. */
async function setUp(client: Client, userCount: number): Promise<World> {
  const users: User[] = [];
  for (let i = 0; i < userCount; i += 5) {
    users.push(
      ...(await Promise.all(Array.from({ length: Math.min(5, userCount - i) }, (_, k) => register(client, i + k)))),
    );
  }
  const owner = users[0];
  const venue = await client.ok('POST', '/api/venues', {
    as: owner,
    json: { name: 'Chaos Club', location: 'Loopback 1' },
  });
  const venueId = Number(venue.json().id);
  const songs: World['songs'] = [];
  for (let i = 0; i < 8; i++) {
    const inVenue = i % 2 === 1;
    const youtubeId = `chaos${String(i).padStart(6, '0')}`;
    const res = await client.ok('POST', '/api/songs', {
      as: owner,
      multipart: multipartBody({
        type: 'youtube',
        title: `Chaos song ${i}`,
        artist: 'The Writers',
        youtubeUrl: `https://www.youtube.com/watch?v=${youtubeId}`,
        venueId: inVenue ? String(venueId) : 'global',
      }),
    });
    songs.push({ id: Number(res.json().id), venueId: inVenue ? venueId : null });
  }
  // The threshold is the highest allowed, so that the crowd's votes keep every entry pending (open to votes).
  const playlist = await client.ok('POST', '/api/community-playlists', {
    as: owner,
    json: { name: 'Chaos list', collaborativeMode: 'democratic', voteThreshold: 20 },
  });
  const playlistId = Number(playlist.json().id);
  for (const u of users.slice(1)) await client.ok('POST', `/api/community-playlists/${playlistId}/join`, { as: u });
  const entries: number[] = [];
  for (const s of songs.slice(0, 6)) {
    const res = await client.ok('POST', `/api/community-playlists/${playlistId}/songs`, {
      as: owner,
      json: { songId: s.id },
    });
    entries.push(Number(res.json().id));
  }
  return { users, venueId, songs, playlistId, entries };
}

const WRITER_KINDS = ['vote', 'vote', 'chat', 'private', 'pdf', 'playlistVote'] as const;

/**
 * One writer: a loop of one kind of write as one user, sequential so that each of its keys has at most one
 * unanswered request. Writers sharing a user work on disjoint keys (their lane).
 */
async function writer(
  w: number,
  client: Client,
  world: World,
  ledger: Ledger,
  random: () => number,
  tag: string,
  stop: { now: boolean },
  counts: { refused: number; acked: number },
) {
  const users = world.users;
  const user = users[w % users.length];
  const lane = Math.floor(w / users.length);
  const kind = WRITER_KINDS[w % WRITER_KINDS.length];
  // The proposer's own playlist votes are not ours to predict; user 0 never runs a playlist-vote writer.
  for (let n = 0; !stop.now; n++) {
    let settle: (status: number, body: () => Record<string, unknown>) => void;
    let send: () => ReturnType<Client['request']>;
    if (kind === 'vote') {
      const mine = world.songs.filter((_, i) => i % 2 === lane % 2);
      const song = mine[Math.floor(random() * mine.length)];
      const venueId = song.venueId !== null && random() < 0.5 ? song.venueId : null;
      const voteType: VoteType = random() < 0.5 ? 'up' : 'down';
      const key = `${user.id}:${song.id}:${venueId}`;
      const entry = ledger.votes.get(key) ?? { userId: user.id, songId: song.id, venueId, acked: null };
      ledger.votes.set(key, entry);
      entry.pending = voteType;
      send = () => client.request('POST', '/api/votes', { as: user, json: { songId: song.id, voteType, venueId } });
      settle = (status, body) => {
        entry.pending = undefined;
        if (status === 200) {
          const vote = body().vote as { voteType: VoteType } | null;
          if ((vote?.voteType ?? null) !== applyVote(entry.acked, voteType))
            throw new Error(`vote ${key}: answered ${JSON.stringify(vote)} after ${entry.acked} + ${voteType}`);
          entry.acked = vote?.voteType ?? null;
        }
      };
    } else if (kind === 'playlistVote') {
      const mine = world.entries.filter((_, i) => i % 2 === lane % 2);
      const entryId = mine[Math.floor(random() * mine.length)];
      const voteType: VoteType = random() < 0.5 ? 'up' : 'down';
      const key = `${user.id}:${entryId}`;
      const entry = ledger.playlistVotes.get(key) ?? { userId: user.id, entryId, acked: null };
      ledger.playlistVotes.set(key, entry);
      entry.pending = voteType;
      send = () =>
        client.request('POST', `/api/community-playlists/songs/${entryId}/vote`, { as: user, json: { voteType } });
      settle = (status, body) => {
        entry.pending = undefined;
        if (status === 200) entry.acked = (body().vote as { voteType: VoteType } | null)?.voteType ?? null;
      };
    } else if (kind === 'chat' || kind === 'private') {
      const content = `${tag} w${w} n${n} ${crypto.randomBytes(3).toString('hex')}`;
      const receiver = users[(w + 1) % users.length];
      send = () =>
        kind === 'chat'
          ? client.request('POST', '/api/messages/global', { as: user, json: { content } })
          : client.request('POST', '/api/messages', { as: user, json: { receiverId: receiver.id, content } });
      settle = (status, body) => {
        if (status === 201) ledger.messages.push({ id: Number(body().id), senderId: user.id, content });
      };
    } else {
      const bytes = samplePdf(`${tag} w${w} n${n} ${crypto.randomBytes(4).toString('hex')}`);
      const sha256 = crypto.createHash('sha256').update(bytes).digest('hex');
      send = () =>
        client.request('POST', '/api/songs', {
          as: user,
          multipart: multipartBody(
            { type: 'pdf', title: `${tag} sheet w${w} n${n}`, artist: 'The Writers', venueId: 'global' },
            [{ filename: 'sheet.pdf', content: bytes }],
          ),
        });
      settle = (status, body) => {
        if (status === 201) ledger.pdfs.push({ id: Number(body().id), sha256, size: bytes.length });
      };
    }
    let res;
    try {
      res = await send();
    } catch {
      return; // The server died with this request unanswered: its key keeps its `pending`.
    }
    settle(res.status, () => res.json());
    if (res.status >= 200 && res.status < 300) counts.acked++;
    if (res.status >= 500) throw new Error(`writer ${w} (${kind}) got ${res.status}: ${res.text}`);
    if (res.status >= 300) {
      counts.refused++;
      // A 429 (rate limit) says to slow down; the writer does, a little.
      if (res.status === 429) await new Promise((r) => setTimeout(r, 200));
    }
  }
}

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/** Every invariant of the data, on a database the caller opened. Returns the problems found (empty: all good). */
export async function checkData(database: Database, ledger: Ledger): Promise<string[]> {
  const db = database.db;
  const problems: string[] = [];
  const q = async <T>(query: ReturnType<typeof sql>) => rowsOf<T>(await db.execute(query));

  const voteRows = await q<{ user_id: string; song_id: number; venue_id: number | null; vote_type: VoteType }>(
    sql`select user_id, song_id, venue_id, vote_type from votes`,
  );
  const votes = new Map(voteRows.map((r) => [`${r.user_id}:${r.song_id}:${r.venue_id}`, r.vote_type]));
  for (const [key, v] of ledger.votes) {
    const now = votes.get(key) ?? null;
    const allowed = [v.acked, ...(v.pending ? [applyVote(v.acked, v.pending)] : [])];
    if (!allowed.includes(now))
      problems.push(`vote ${key} is ${now}; acknowledged ${v.acked}${v.pending ? `, unanswered ${v.pending}` : ''}`);
    // What the crash decided is the ground truth for the next round.
    v.acked = now;
    v.pending = undefined;
  }
  const tallies = await q<{
    song_id: number;
    venue_id: number | null;
    up: string;
    down: string;
    vup: string;
    vdown: string;
  }>(sql`
    with t as (select song_id, venue_id, sum(up_votes) up, sum(down_votes) down from vote_tallies group by song_id, venue_id),
         v as (select song_id, venue_id, count(*) filter (where vote_type = 'up') vup, count(*) filter (where vote_type = 'down') vdown from votes group by song_id, venue_id)
    select coalesce(t.song_id, v.song_id) song_id, coalesce(t.venue_id, v.venue_id) venue_id,
           coalesce(t.up, 0) up, coalesce(t.down, 0) down, coalesce(v.vup, 0) vup, coalesce(v.vdown, 0) vdown
    from t full join v on t.song_id = v.song_id and t.venue_id is not distinct from v.venue_id
    where coalesce(t.up, 0) <> coalesce(v.vup, 0) or coalesce(t.down, 0) <> coalesce(v.vdown, 0)`);
  for (const t of tallies)
    problems.push(
      `tally of song ${t.song_id} in ${t.venue_id ?? 'global'} is ${t.up}/${t.down}, its vote rows ${t.vup}/${t.vdown}`,
    );

  const plRows = await q<{ playlist_song_id: number; user_id: string; vote_type: VoteType }>(
    sql`select playlist_song_id, user_id, vote_type from community_playlist_votes`,
  );
  const plVotes = new Map(plRows.map((r) => [`${r.user_id}:${r.playlist_song_id}`, r.vote_type]));
  for (const [key, v] of ledger.playlistVotes) {
    const now = plVotes.get(key) ?? null;
    const allowed = [v.acked, ...(v.pending ? [applyVote(v.acked, v.pending)] : [])];
    if (!allowed.includes(now))
      problems.push(
        `playlist vote ${key} is ${now}; acknowledged ${v.acked}${v.pending ? `, unanswered ${v.pending}` : ''}`,
      );
    v.acked = now;
    v.pending = undefined;
  }
  const counters = await q<{
    id: number;
    up_votes: number;
    down_votes: number;
    net_votes: number;
    vup: string;
    vdown: string;
  }>(sql`
    select s.id, s.up_votes, s.down_votes, s.net_votes,
           count(v.id) filter (where v.vote_type = 'up') vup, count(v.id) filter (where v.vote_type = 'down') vdown
    from community_playlist_songs s left join community_playlist_votes v on v.playlist_song_id = s.id
    group by s.id
    having s.up_votes <> count(v.id) filter (where v.vote_type = 'up') or s.down_votes <> count(v.id) filter (where v.vote_type = 'down')`);
  for (const c of counters)
    problems.push(`playlist song ${c.id} counts ${c.up_votes}/${c.down_votes}, its vote rows ${c.vup}/${c.vdown}`);

  const messageRows = await q<{ id: number; sender_id: string; content: string }>(
    sql`select id, sender_id, content from messages`,
  );
  const messages = new Map(messageRows.map((r) => [Number(r.id), r]));
  for (const m of ledger.messages) {
    const row = messages.get(m.id);
    if (!row || row.content !== m.content || row.sender_id !== m.senderId)
      problems.push(`acknowledged message ${m.id} (${m.content}) is ${row ? 'altered' : 'missing'}`);
  }

  const pdfRows = await q<{
    id: number;
    pdf_url: string | null;
    file_id: number | null;
    size: number | null;
    length: number | null;
    sha256: string | null;
    chunks: number | null;
    last_seq: number | null;
  }>(sql`
    select s.id, s.pdf_url, f.id file_id, f.size, c.length, encode(sha256(c.bytes), 'hex') sha256,
           c.chunks, c.last_seq
    from songs s
    left join files f on f.song_id = s.id
    left join lateral (
      select sum(octet_length(data)) length, string_agg(data, ''::bytea order by seq) bytes,
             count(*) chunks, max(seq) last_seq
      from file_chunks where file_id = f.id
    ) c on true
    where s.pdf_url is not null`);
  const pdfs = new Map(pdfRows.map((r) => [Number(r.id), r]));
  for (const r of pdfRows) {
    if (r.file_id === null) problems.push(`PDF song ${r.id} has no file`);
    else if (
      Number(r.size) !== Number(r.length) ||
      Number(r.chunks) !== Number(r.last_seq) + 1 ||
      r.pdf_url !== `/api/files/${r.file_id}`
    )
      problems.push(
        `PDF song ${r.id}: file ${r.file_id} is partial (size ${r.size}, ${r.length} bytes in ${r.chunks} chunks, url ${r.pdf_url})`,
      );
  }
  for (const p of ledger.pdfs) {
    const row = pdfs.get(p.id);
    if (!row) problems.push(`acknowledged PDF song ${p.id} is missing`);
    else if (row.sha256 !== p.sha256) problems.push(`acknowledged PDF song ${p.id} has other bytes than were uploaded`);
  }
  return problems;
}

function lockPid(dataDir: string): number | null {
  try {
    return Number.parseInt(fs.readFileSync(path.join(dataDir, 'crowdmix.lock'), 'utf8'), 10);
  } catch {
    return null;
  }
}

/** After a restart: the same sessions still sign in, and reads and writes of every kind are served. */
async function checkServing(client: Client, world: World, tag: string) {
  const [a, b] = world.users;
  const me = await client.ok('GET', '/api/auth/user', { as: a });
  if (String(me.json().id) !== a.id) throw new Error('a session from before the crash signs in someone else');
  await client.ok('GET', '/api/songs', { as: a });
  await client.ok('GET', `/api/community-playlists/${world.playlistId}/songs`, { as: a });
  await client.ok('POST', '/api/messages/global', { as: a, json: { content: `${tag} after restart` } });
  await client.ok('POST', '/api/messages', { as: a, json: { receiverId: b.id, content: `${tag} after restart` } });
}

/**
 * Runs `rounds` crash rounds on one database: set up through the API, then per round 50 writers, a SIGKILL at a
 * seeded moment, a restart on the same data, serving checks, a graceful stop and the data checks. Throws with
 * every problem found (and the seed to replay it).
 */
export async function runChaos(opts: ChaosOptions): Promise<ChaosReport> {
  const { target, rounds, seed } = opts;
  const writers = opts.writers ?? 50;
  const [killMin, killMax] = opts.killWindowMs ?? [0, 2500];
  const log = opts.log ?? (() => {});
  const random = seededRandom(seed);
  const env: Record<string, string> = {
    ...(target.driver === 'pg' ? { DATABASE_URL: target.databaseUrl } : { DATA_DIR: target.dataDir }),
    TRUST_PROXY: 'true',
    LOG_LEVEL: 'error',
  };
  const ledger: Ledger = { votes: new Map(), playlistVotes: new Map(), messages: [], pdfs: [] };
  const report: ChaosReport = { seed, driver: target.driver, rounds: [] };
  let server: ServerProcess | undefined = await startServerProcess(env);
  try {
    await server.ready();
    const world = await setUp(new Client(server.url), opts.users ?? 25);
    log(`set up ${world.users.length} users, ${world.songs.length} songs, playlist ${world.playlistId} (seed ${seed})`);
    for (let round = 1; round <= rounds; round++) {
      const tag = `chaos ${seed} r${round}`;
      const victim: ServerProcess = server ?? (await startServerProcess(env));
      server = victim;
      await victim.ready();
      const client = new Client(victim.url);
      const stop = { now: false };
      const counts = { refused: 0, acked: 0 };
      const killedAfterMs = Math.round(killMin + random() * (killMax - killMin));
      const running = Array.from({ length: writers }, (_, w) =>
        writer(w, client, world, ledger, seededRandom(seed * 1000 + round * 100 + w), tag, stop, counts),
      );
      const failures: unknown[] = [];
      const all = Promise.allSettled(running).then((r) =>
        r.forEach((x) => x.status === 'rejected' && failures.push(x.reason)),
      );
      // The moment is counted from the first acknowledged write, so that on a slow machine the kill still lands
      // mid-stream rather than before the server has answered anything.
      const writersStarted = Date.now();
      while (counts.acked === 0 && Date.now() - writersStarted < 30_000) await new Promise((r) => setTimeout(r, 10));
      await new Promise((r) => setTimeout(r, killedAfterMs));
      const killedPid = victim.child.pid!;
      victim.child.kill('SIGKILL');
      stop.now = true;
      await victim.exited;
      await all;
      if (failures.length)
        throw new Error(`writers failed (seed ${seed}, round ${round}): ${failures.map(String).join('\n')}`);
      const inFlight = [...ledger.votes.values(), ...ledger.playlistVotes.values()].filter((v) => v.pending).length;

      // Restart on the same data: no repair step, the dead process's lock is simply taken over.
      if (target.driver === 'pglite' && lockPid(target.dataDir) !== killedPid)
        throw new Error('the killed server left no lock naming it');
      const restartedAt = Date.now();
      server = await startServerProcess(env);
      await server.ready();
      const restartMs = Date.now() - restartedAt;
      if (target.driver === 'pglite' && lockPid(target.dataDir) !== server.child.pid)
        throw new Error('the restarted server does not hold the data directory lock');
      await checkServing(new Client(server.url), world, tag);

      // The data checks read the database directly; PGlite's directory is one process's at a time.
      server.child.kill('SIGTERM');
      const exit = await server.exited;
      if (exit.code !== 0)
        throw new Error(`the restarted server did not stop cleanly (${JSON.stringify(exit)}):\n${server.output()}`);
      server = undefined;
      const database = await openDatabase(
        target.driver === 'pg' ? { databaseUrl: target.databaseUrl } : { dataDir: target.dataDir },
      );
      let problems: string[];
      try {
        problems = await checkData(database, ledger);
      } finally {
        await database.close();
      }
      if (problems.length)
        throw new Error(
          `crash round ${round} (seed ${seed}, ${target.driver}, killed after ${killedAfterMs} ms):\n  ${problems.join('\n  ')}`,
        );
      report.rounds.push({
        round,
        killedAfterMs,
        acknowledged: counts.acked,
        inFlight,
        refused: counts.refused,
        restartMs,
      });
      log(
        `round ${round}: killed ${killedAfterMs} ms after the first acknowledged write, ${counts.acked} writes acknowledged, ${inFlight} votes unanswered, ${counts.refused} refused, restart ${restartMs} ms — data intact`,
      );
    }
    return report;
  } finally {
    if (server && server.child.exitCode === null && server.child.signalCode === null) {
      server.child.kill('SIGKILL');
      await server.exited;
    }
  }
}
