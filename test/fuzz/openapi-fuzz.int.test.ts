/**
 * Fuzzing from the OpenAPI document: every documented operation gets generated requests (wrong types, missing
 * and extra fields, 1 MB strings, NUL bytes, `__proto__` keys, repeated query parameters, unknown and known
 * ids, raw non-JSON bodies), each sent as a visitor and as a signed-in user. Pass: no 5xx; a 4xx is JSON
 * `{message, code}`; a 2xx body fits the schema the document declares for it; no stack trace, SQL or path in
 * any body; a refused request writes nothing. Mass-assignment fields (ownerId, role, upVotes…) change nothing.
 *
 * The multipart upload is left to targeted cases at the end. FUZZ_RUNS (default 20) and FUZZ_SEED set the
 * run count per operation and the seed; `npm run fuzz` runs a long pass and prints the seed.
 */
import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { communityPlaylistSongs, songs, venues } from '../../src/server/db/schema';
import { createSong } from '../helpers/factories';
import { multipartBody, samplePdf } from '../helpers/multipart';
import { cookieFrom, createTestApp } from '../helpers/test-app';
import {
  LEAK_PATTERNS,
  ONE_MB,
  bodyArb,
  encodeSegment,
  operationsOf,
  pathParamArb,
  queryArb,
  validate,
  type KnownIds,
  type Operation,
} from './openapi-fuzz';

const RUNS = Number(process.env.FUZZ_RUNS ?? 20);
const SEED = Number(process.env.FUZZ_SEED ?? crypto.randomInt(0, 2 ** 31 - 1));
const PASSWORD = 'fuzz password 123';

// The rate limiter's clock jumps a day per reading: no limit ever stands between the fuzzer and the code behind it.
let clock = Date.now();
const t = await createTestApp({}, { now: () => (clock += 86_400_000) });
afterAll(async () => t?.close());

async function register(firstName: string) {
  const email = `fuzz-${firstName.toLowerCase()}-${crypto.randomBytes(4).toString('hex')}@example.test`;
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/register',
    payload: { email, password: PASSWORD, firstName, lastName: 'Fuzz' },
  });
  if (res.statusCode !== 201) throw new Error(`register: ${res.statusCode} ${res.body}`);
  return { id: (res.json() as { id: string }).id, email, cookie: cookieFrom(res) };
}
const inject = (opts: InjectOptions): Promise<LightMyRequestResponse> => t.app.inject(opts);

// ── Seed: things for known ids to point at ──────────────────────────────────────────────────────────────────
const fuzzer = await register('Fuzzer');
const neighbour = await register('Neighbour');
const db = t.database.db;
const known: KnownIds = { ints: [], strings: [fuzzer.id, neighbour.id] };
{
  const venue = await inject({
    method: 'POST',
    url: '/api/venues',
    headers: { cookie: fuzzer.cookie },
    payload: { name: 'Fuzz Hall', location: 'Fuzz City' },
  });
  const venueId = (venue.json() as { id: number }).id;
  const mine = await createSong(db, { uploaderId: fuzzer.id, venueId });
  const theirs = await createSong(db, { uploaderId: neighbour.id, isPrivate: true });
  const pdf = multipartBody({ type: 'pdf', title: 'Fuzz Sheet', artist: 'Fuzz' }, [
    { filename: 'a.pdf', content: samplePdf() },
  ]);
  const upload = await inject({
    method: 'POST',
    url: '/api/songs',
    headers: { ...pdf.headers, cookie: fuzzer.cookie },
    payload: pdf.payload,
  });
  const fileId = Number(/(\d+)$/.exec((upload.json() as { pdfUrl: string }).pdfUrl)?.[1]);
  const playlist = await inject({
    method: 'POST',
    url: '/api/community-playlists',
    headers: { cookie: fuzzer.cookie },
    payload: { name: 'Fuzz List' },
  });
  const playlistId = (playlist.json() as { id: number }).id;
  const [entry] = await db
    .insert(communityPlaylistSongs)
    .values({ playlistId, songId: mine.id, proposedById: fuzzer.id })
    .returning();
  await inject({
    method: 'POST',
    url: '/api/messages',
    headers: { cookie: neighbour.cookie },
    payload: { receiverId: fuzzer.id, content: 'hello fuzzer' },
  });
  known.ints.push(venueId, mine.id, theirs.id, fileId, playlistId, entry.id, 1, 2);
}

const doc = (await inject({ method: 'GET', url: '/api/docs/json' })).json() as Parameters<typeof operationsOf>[0];
const operations = operationsOf(doc);
/** The multipart upload has targeted cases below; JSON generators cannot speak multipart. */
const isUpload = (op: Operation) => op.method === 'POST' && op.path === '/api/songs';
/** Routes that sign in or out: a signed-in fuzz request to them uses a throwaway session. */
const SESSION_ROUTES = new Set([
  'POST /api/auth/register',
  'POST /api/auth/login',
  'POST /api/auth/logout',
  'GET /api/logout',
  'GET /api/callback',
]);

// ── Row fingerprints: "nothing written" ─────────────────────────────────────────────────────────────────────
async function fingerprint(): Promise<Record<string, string>> {
  const res = await db.execute(sql`select
    (select count(*) from users)::text as users,
    (select md5(coalesce(string_agg(u.id || coalesce(u.first_name, '') || coalesce(u.last_name, '') || coalesce(u.current_mood, ''), ',' order by u.id), '')) from users u) as users_hash,
    (select md5(coalesce(string_agg(v::text, ',' order by v.id), '')) from venues v) as venues,
    (select count(*) || ':' || coalesce(max(id), 0) from songs)::text as songs,
    (select md5(coalesce(string_agg(s.id || s.title || s.is_private::text || coalesce(s.venue_id::text, '') || s.uploader_id, ',' order by s.id), '')) from songs s) as songs_hash,
    (select count(*) from files)::text as files,
    (select count(*) || ':' || coalesce(max(id), 0) from votes)::text as votes,
    (select coalesce(sum(up_votes), 0) || ':' || coalesce(sum(down_votes), 0) from vote_tallies)::text as tallies,
    (select count(*) || ':' || count(*) filter (where is_read) from messages)::text as messages,
    (select count(*) from ai_chats)::text as ai_chats,
    (select md5(coalesce(string_agg(p::text, ',' order by p.id), '')) from community_playlists p) as playlists,
    (select md5(coalesce(string_agg(x::text, ',' order by x.id), '')) from community_playlist_songs x) as playlist_songs,
    (select count(*) from community_playlist_votes)::text as playlist_votes,
    (select md5(coalesce(string_agg(x.id || x.role || x.can_vote::text || x.can_propose::text || x.can_moderate::text, ',' order by x.id), '')) from community_playlist_members x) as members`);
  return (res as unknown as { rows: Array<Record<string, string>> }).rows[0];
}

async function freshCookie() {
  const res = await inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: fuzzer.email, password: PASSWORD },
  });
  return cookieFrom(res);
}

/** The checks every response must pass; returns the problems found. */
function problemsOf(op: Operation, res: LightMyRequestResponse): string[] {
  const problems: string[] = [];
  const type = String(res.headers['content-type'] ?? '');
  if (res.statusCode >= 500) problems.push(`status ${res.statusCode}`);
  if (!type.includes('pdf'))
    for (const p of LEAK_PATTERNS) if (p.test(res.body)) problems.push(`body leaks ${p}: ${res.body.slice(0, 200)}`);
  if (res.statusCode >= 400) {
    let body: { message?: unknown; code?: unknown } | null;
    try {
      body = type.includes('application/json') ? res.json() : null;
    } catch {
      body = null;
    }
    if (!body || typeof body.message !== 'string' || !body.message || typeof body.code !== 'string')
      problems.push(`${res.statusCode} is not JSON {message, code}: ${type} ${res.body.slice(0, 200)}`);
  } else if (res.statusCode >= 200 && res.statusCode < 300 && type.includes('application/json')) {
    const declared = op.responses[String(res.statusCode)];
    const schema = declared?.content?.['application/json']?.schema;
    if (!declared) problems.push(`status ${res.statusCode} is not declared in the document`);
    else if (schema)
      problems.push(
        ...validate(schema, res.json())
          .slice(0, 5)
          .map((p) => `response does not fit its schema: ${p}`),
      );
  }
  return problems;
}

interface Generated {
  path: Record<string, string>;
  query: Array<[string, string]>;
  body: { json?: unknown; raw?: { contentType: string; payload: string } };
}

function requestArb(op: Operation): fc.Arbitrary<Generated> {
  const pathParams = op.parameters.filter((p) => p.in === 'path');
  const pathArb = fc.record(
    Object.fromEntries(pathParams.map((p) => [p.name, pathParamArb(p.schema, known)])) as Record<
      string,
      fc.Arbitrary<string>
    >,
  );
  const hasBody = op.body !== undefined || op.method !== 'GET';
  return fc.record({
    path: pathArb,
    query: queryArb(op.parameters, known),
    body: hasBody ? bodyArb(op.body, known) : fc.constant({}),
  });
}

async function send(op: Operation, g: Generated, cookie: string | undefined) {
  const url =
    op.path.replace(/\{(\w+)\}/g, (_, name: string) => g.path[name]) +
    (g.query.length ? `?${g.query.map(([k, v]) => `${encodeSegment(k)}=${encodeSegment(v)}`).join('&')}` : '');
  const headers: Record<string, string> = cookie ? { cookie } : {};
  let payload: string | undefined;
  if (g.body.raw) {
    headers['content-type'] = g.body.raw.contentType;
    payload = g.body.raw.payload;
  } else if (g.body.json !== undefined) {
    headers['content-type'] = 'application/json';
    payload = JSON.stringify(g.body.json);
  }
  return inject({ method: op.method as 'GET', url, headers, ...(payload !== undefined ? { payload } : {}) });
}

/**
 * The rows as the last refused request left them: the next request's "before" (requests run one at a time, so nothing
 * else writes in between; a late write of a refused request is then caught too). Null after a request that may write.
 */
let unchangedSince: Record<string, string> | null = null;

describe(`OpenAPI fuzzing (${RUNS} runs per operation, seed ${SEED})`, () => {
  it('walks every documented operation', () => {
    expect(operations.length).toBeGreaterThan(40);
    expect(operations.filter(isUpload)).toHaveLength(1);
  });

  for (const op of operations.filter((o) => !isUpload(o))) {
    it(
      `${op.method} ${op.path}`,
      async () => {
        const key = `${op.method} ${op.path.replace(/\{(\w+)\}/g, ':$1')}`;
        await fc.assert(
          fc.asyncProperty(requestArb(op), async (g) => {
            for (const signedIn of [false, true]) {
              const cookie = signedIn ? (SESSION_ROUTES.has(key) ? await freshCookie() : fuzzer.cookie) : undefined;
              const before = unchangedSince ?? (await fingerprint());
              unchangedSince = null;
              const res = await send(op, g, cookie);
              const problems = problemsOf(op, res);
              if (res.statusCode >= 400) {
                const after = await fingerprint();
                const changed = Object.keys(before).filter((k) => before[k] !== after[k]);
                if (changed.length)
                  problems.push(`a refused request (${res.statusCode}) changed ${changed.join(', ')}`);
                else unchangedSince = after;
              }
              if (problems.length)
                throw new Error(
                  `${signedIn ? 'signed in' : 'visitor'}: ${res.statusCode} ${res.body.slice(0, 300)}\n${problems.join('\n')}`,
                );
            }
          }),
          { numRuns: RUNS, seed: SEED, endOnFailure: true },
        );
      },
      Math.max(60_000, RUNS * 3_000),
    );
  }
});

describe('mass assignment: fields the client must not set change nothing', () => {
  const call = (method: string, url: string, payload: unknown, cookie = fuzzer.cookie) =>
    inject({ method: method as 'POST', url, headers: { cookie }, payload: payload as object });

  it('refuses ownerId, role, upVotes and friends on every JSON body, and writes nothing', async () => {
    const [venue] = await db.select().from(venues).limit(1);
    const cases: Array<[string, string, Record<string, unknown>]> = [
      ['POST', '/api/venues', { name: 'Taken Over', location: 'X', ownerId: neighbour.id }],
      ['PATCH', `/api/venues/${venue.id}`, { description: 'x', ownerId: neighbour.id }],
      ['PATCH', `/api/venues/${venue.id}`, { id: 999 }],
      ['POST', '/api/votes', { songId: known.ints[1], voteType: 'up', upVotes: 9999 }],
      ['POST', '/api/community-playlists', { name: 'Mine', creatorId: neighbour.id }],
      ['POST', '/api/community-playlists', { name: 'Mine', role: 'admin' }],
      ['POST', '/api/messages', { receiverId: neighbour.id, content: 'hi', senderId: neighbour.id }],
      ['POST', '/api/messages/global', { content: 'hi', senderId: neighbour.id }],
      ['PATCH', `/api/users/${fuzzer.id}/mood`, { mood: 'chill', role: 'admin' }],
      ['POST', '/api/ai/chat', { message: 'hi', userId: neighbour.id }],
    ];
    for (const [method, url, payload] of cases) {
      const before = await fingerprint();
      const res = await call(method, url, payload);
      expect(res.statusCode, `${method} ${url} ${JSON.stringify(payload)}`).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION', message: expect.stringMatching(/Unknown field/) });
      expect(await fingerprint()).toEqual(before);
    }
    const register = await inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: {
        email: `r-${crypto.randomBytes(3).toString('hex')}@example.test`,
        password: PASSWORD,
        firstName: 'A',
        lastName: 'B',
        role: 'admin',
        id: 'chosen',
      },
    });
    expect(register.statusCode).toBe(400);
  });

  it('the upload form ignores uploaderId, upVotes and other fields it does not know', async () => {
    const form = multipartBody({
      type: 'youtube',
      title: 'Mine',
      artist: 'Me',
      youtubeUrl: 'https://youtu.be/dQw4w9WgXcQ',
      uploaderId: neighbour.id,
      upVotes: '9999',
      id: '1',
      isPrivate: 'false',
    });
    const res = await inject({
      method: 'POST',
      url: '/api/songs',
      headers: { ...form.headers, cookie: fuzzer.cookie },
      payload: form.payload,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ uploaderId: fuzzer.id, upVotes: 0, downVotes: 0 });
    expect((res.json() as { id: number }).id).not.toBe(1);
  });
});

describe('multipart upload: targeted hostile cases', () => {
  const yt = { type: 'youtube', title: 'T', artist: 'A', youtubeUrl: 'https://youtu.be/dQw4w9WgXcQ' };
  const upload = (form: { payload: Buffer; headers: Record<string, string> }, cookie: string | null = fuzzer.cookie) =>
    inject({
      method: 'POST',
      url: '/api/songs',
      headers: { ...form.headers, ...(cookie ? { cookie } : {}) },
      payload: form.payload,
    });
  const raw = (body: string, contentType = 'multipart/form-data; boundary=b') => ({
    payload: Buffer.from(body, 'latin1'),
    headers: { 'content-type': contentType },
  });
  const png = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
    'base64',
  );

  const cases: Array<[string, () => { payload: Buffer; headers: Record<string, string> }, number[], boolean?]> = [
    ['visitor', () => multipartBody(yt), [401], true],
    ['NUL byte in the title', () => multipartBody({ ...yt, title: 'a\u0000b' }), [400]],
    ['1 MB title', () => multipartBody({ ...yt, title: ONE_MB }), [400, 413]],
    ['a field sent twice', () => multipartBody({ ...yt, title: ['one', 'two'] }), [400]],
    [
      '__proto__ and constructor fields',
      () => multipartBody({ ['__proto__']: 'x', constructor: 'y', type: 'youtube', title: 'T', artist: 'A' }),
      [400],
    ],
    ['a wrong type', () => multipartBody({ ...yt, type: 'mp3' }), [400]],
    ['a duration that is not a number', () => multipartBody({ ...yt, duration: '1e400' }), [400]],
    ['an unknown venue', () => multipartBody({ ...yt, venueId: '2147483000' }), [404]],
    ['a hostile venue id', () => multipartBody({ ...yt, venueId: "1' or '1'='1" }), [400]],
    ['isPrivate neither true nor false', () => multipartBody({ ...yt, isPrivate: 'maybe' }), [400]],
    [
      'a file under another field name',
      () =>
        multipartBody({ type: 'pdf', title: 'T', artist: 'A' }, [
          { field: 'evil', filename: 'a.pdf', content: samplePdf() },
        ]),
      [400],
    ],
    [
      'two files',
      () =>
        multipartBody({ type: 'pdf', title: 'T', artist: 'A' }, [
          { filename: 'a.pdf', content: samplePdf() },
          { filename: 'b.pdf', content: samplePdf() },
        ]),
      [400, 413],
    ],
    [
      'a PNG named .pdf',
      () => multipartBody({ type: 'pdf', title: 'T', artist: 'A' }, [{ filename: 'a.pdf', content: png }]),
      [415],
    ],
    [
      'an HTML file named .pdf',
      () =>
        multipartBody({ type: 'pdf', title: 'T', artist: 'A' }, [
          { filename: 'a.pdf', content: '<html><script>alert(1)</script></html>', contentType: 'text/html' },
        ]),
      [415],
    ],
    [
      'an empty file',
      () => multipartBody({ type: 'pdf', title: 'T', artist: 'A' }, [{ filename: 'a.pdf', content: Buffer.alloc(0) }]),
      [400],
    ],
    [
      'a hostile file name',
      () =>
        multipartBody({ type: 'pdf', title: 'T', artist: 'A' }, [
          { filename: '../../etc/passwd"\r\nX-Evil: 1\u202e.pdf', content: 'not a pdf' },
        ]),
      [415],
    ],
    ['a broken boundary', () => raw('--b\r\nContent-Disposition: form-data; name="title"\r\n\r\nT'), [400]],
    ['no boundary', () => raw('hello', 'multipart/form-data'), [400, 415]],
    [
      'JSON instead of a form',
      () => ({ payload: Buffer.from(JSON.stringify(yt)), headers: { 'content-type': 'application/json' } }),
      [415],
    ],
    [
      'a header line of 100 kB',
      () => raw(`--b\r\nContent-Disposition: form-data; name="${'n'.repeat(100_000)}"\r\n\r\nv\r\n--b--\r\n`),
      [400, 413],
    ],
  ];

  it.each(cases)('%s: refused with a clear message, nothing written', async (_name, make, statuses, visitor) => {
    const before = await fingerprint();
    const res = await upload(make(), visitor ? null : fuzzer.cookie);
    expect(statuses, res.body).toContain(res.statusCode);
    expect(problemsOf(operations.find(isUpload)!, res)).toEqual([]);
    expect(Object.keys(res.headers).join(' ')).not.toMatch(/x-evil/i);
    expect(await fingerprint()).toEqual(before);
  });

  it('a real PDF with a hostile file name is stored; the name reaches no header', async () => {
    const form = multipartBody({ type: 'pdf', title: 'Sheet', artist: 'A' }, [
      { filename: '../../x"\r\nX-Evil: 1.pdf', content: samplePdf() },
    ]);
    const res = await upload(form);
    expect(res.statusCode).toBe(201);
    const file = await inject({ method: 'GET', url: (res.json() as { pdfUrl: string }).pdfUrl });
    expect(file.statusCode).toBe(200);
    expect(JSON.stringify(file.headers)).not.toMatch(/x-evil|\.\.\//i);
    const [row] = await db
      .select()
      .from(songs)
      .where(sql`${songs.id} = ${(res.json() as { id: number }).id}`);
    expect(row.pdfUrl).toMatch(/^\/api\/files\/\d+$/);
  });
});
