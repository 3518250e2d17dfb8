/**
 * Runs the access-control matrix (matrix.ts) against the real app: every HTTP route × every actor, every
 * websocket client message × every actor. A registered route without a row fails the test. Then checks that
 * private messages, private songs (and their PDF) and private playlists leak through no listing, count, search,
 * file download or websocket event to an outsider.
 */
import crypto from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ClientMessageSchema, type ServerEvent } from '../../src/shared/realtime';
import {
  communityPlaylistMembers,
  communityPlaylistSongs,
  communityPlaylists,
  liveBans,
  liveCohosts,
  liveEntries,
  liveSessions,
  messages,
  reports,
  users as usersTable,
} from '../../src/server/db/schema';
import { and, eq } from 'drizzle-orm';
import { createSong, createUser } from '../helpers/factories';
import { multipartBody, samplePdf } from '../helpers/multipart';
import { cookieFrom, createTestApp, listenOnLoopback, type TestApp } from '../helpers/test-app';
import { connectWs, settle, type WsTestClient } from '../helpers/ws-client';
import {
  ACTORS,
  HTTP_MATRIX,
  LIVE_DEVICE,
  WS_MATRIX,
  expected,
  isIgnoredRoute,
  type Actor,
  type Fresh,
  type FreshKind,
  type HttpRow,
  type Scenario,
  type SignedInActor,
} from './matrix';
import { registeredRoutes, urlMatches } from './registered-routes';

const PASSWORD = 'correct horse battery';
const SITE_ADMIN_EMAIL = `matrix-siteadmin-${crypto.randomBytes(4).toString('hex')}@example.test`;
const SECRET = `Zyxqv${crypto.randomBytes(4).toString('hex')}`;

let t: TestApp;
let baseUrl: string;
let s: Scenario;
const cookies = {} as Record<SignedInActor | 'friend' | 'spare', string>;

let addressSeq = 0;
/** A distinct client address per request, so that the per-IP sign-in and sign-up limits never interfere. */
const nextAddress = () => {
  const n = ++addressSeq;
  return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
};

function call(
  method: string,
  url: string,
  opts: { cookie?: string; body?: unknown; form?: Record<string, string>; file?: Buffer } = {},
) {
  const headers: Record<string, string> = opts.cookie ? { cookie: opts.cookie } : {};
  let payload: string | Buffer | object | undefined = opts.body as object | undefined;
  if (opts.form) {
    const mp = multipartBody(opts.form, opts.file ? [{ filename: 'sheet.pdf', content: opts.file }] : []);
    Object.assign(headers, mp.headers);
    payload = mp.payload;
  }
  return t.app.inject({
    method: method as 'GET',
    url,
    headers,
    remoteAddress: nextAddress(),
    ...(payload !== undefined ? { payload } : {}),
  });
}

async function ok(res: LightMyRequestResponse, status: number) {
  if (res.statusCode !== status) throw new Error(`expected ${status}, got ${res.statusCode}: ${res.body}`);
  return res.json();
}

async function register(firstName: string, chosenEmail?: string) {
  const email =
    chosenEmail ?? `matrix-${firstName.toLowerCase()}-${crypto.randomBytes(4).toString('hex')}@example.test`;
  const res = await call('POST', '/api/auth/register', {
    body: { email, password: PASSWORD, firstName, lastName: 'Matrix' },
  });
  const user = (await ok(res, 201)) as { id: string };
  return { id: user.id, email, cookie: cookieFrom(res) };
}

/** A second session of `actor`, for requests that sign in or out. */
async function freshSession(actor: SignedInActor) {
  const res = await call('POST', '/api/auth/login', { body: { email: s.users[actor].email, password: PASSWORD } });
  await ok(res, 200);
  return cookieFrom(res);
}

/** Adds the member actors to a playlist created by the admin, each with the flags its name says. */
async function addMembers(playlistId: number) {
  const u = s.users;
  await t.database.db.insert(communityPlaylistMembers).values([
    { playlistId, userId: u.noVote.id, role: 'member', canVote: false, canPropose: true, canModerate: false },
    { playlistId, userId: u.noPropose.id, role: 'member', canVote: true, canPropose: false, canModerate: false },
    { playlistId, userId: u.noModerate.id, role: 'member', canVote: true, canPropose: true, canModerate: false },
    { playlistId, userId: u.moderator.id, role: 'moderator', canVote: true, canPropose: true, canModerate: true },
    {
      playlistId,
      userId: u.mutedModerator.id,
      role: 'moderator',
      canVote: true,
      canPropose: true,
      canModerate: false,
    },
  ]);
}

async function newPlaylist(opts: { isPublic: boolean; mode: 'democratic' | 'moderated' }) {
  const [row] = await t.database.db
    .insert(communityPlaylists)
    .values({
      name: `Fresh ${crypto.randomBytes(3).toString('hex')}`,
      creatorId: s.users.admin.id,
      isPublic: opts.isPublic,
      collaborativeMode: opts.mode,
    })
    .returning();
  await t.database.db.insert(communityPlaylistMembers).values({
    playlistId: row.id,
    userId: s.users.admin.id,
    role: 'admin',
    canVote: true,
    canPropose: true,
    canModerate: true,
  });
  await addMembers(row.id);
  return row.id;
}

/** Creates the per-cell fixture a mutating row needs. */
async function makeFresh(kind: FreshKind): Promise<Fresh> {
  const db = t.database.db;
  const f: Fresh = { songId: 0, entryId: 0, playlistId: 0, reportId: 0, userId: '', messageId: 0 };
  const owner = s.users.owner.id;
  if (kind === 'ownerSong') f.songId = (await createSong(db, { uploaderId: owner })).id;
  else if (kind === 'ownerPrivateSong') f.songId = (await createSong(db, { uploaderId: owner, isPrivate: true })).id;
  else if (kind === 'venueSong') f.songId = (await createSong(db, { uploaderId: owner, venueId: s.venueId })).id;
  else if (kind === 'strangerPrivateVenueSong')
    f.songId = (await createSong(db, { uploaderId: s.users.other.id, venueId: s.venueId, isPrivate: true })).id;
  else if (kind.startsWith('proposal:')) f.songId = (await createSong(db)).id;
  else if (kind.startsWith('entry:')) {
    const playlistId = s.playlists[kind.slice('entry:'.length) as keyof Scenario['playlists']];
    const song = await createSong(db);
    const [entry] = await db
      .insert(communityPlaylistSongs)
      .values({ playlistId, songId: song.id, proposedById: s.users.admin.id, status: 'pending' })
      .returning();
    f.entryId = entry.id;
  } else if (kind === 'playlist:public') f.playlistId = await newPlaylist({ isPublic: true, mode: 'democratic' });
  else if (kind === 'playlist:private') f.playlistId = await newPlaylist({ isPublic: false, mode: 'democratic' });
  else if (kind === 'user') {
    const u = await createUser(db);
    f.userId = u.id;
    f.email = u.email ?? undefined;
  } else if (kind === 'liveEntry' || kind === 'livePlaying') {
    const [session] = await db
      .select()
      .from(liveSessions)
      .where(and(eq(liveSessions.venueId, s.venueId), eq(liveSessions.status, 'live')));
    const [playing] =
      kind === 'livePlaying'
        ? await db
            .select()
            .from(liveEntries)
            .where(and(eq(liveEntries.sessionId, session.id), eq(liveEntries.status, 'playing')))
        : [];
    const song = playing ? null : await createSong(db, { uploaderId: owner });
    f.entryId =
      playing?.id ??
      (
        await db
          .insert(liveEntries)
          .values({
            sessionId: session.id,
            venueId: s.venueId,
            songId: song!.id,
            requesterId: s.users.spare.id,
            requestedAt: new Date(),
            status: kind === 'livePlaying' ? 'playing' : 'queued',
            startedAt: kind === 'livePlaying' ? new Date() : null,
          })
          .returning()
      )[0].id;
  } else if (kind === 'liveBan') {
    const [ban] = await db
      .insert(liveBans)
      .values({ venueId: s.venueId, artist: `Matrix banned ${crypto.randomBytes(3).toString('hex')}` })
      .returning();
    f.entryId = ban.id;
  } else if (kind === 'liveCohost') {
    f.userId = (await createUser(db)).id;
    await db.insert(liveCohosts).values({ venueId: s.venueId, userId: f.userId });
  } else if (kind === 'suspendedUser')
    f.userId = (await createUser(db, { suspendedUntil: new Date(Date.now() + 86_400_000), suspensionReason: 'x' })).id;
  else if (kind === 'report') {
    const song = await createSong(db, { uploaderId: owner });
    const [r] = await db
      .insert(reports)
      .values({
        reporterId: s.users.spare.id,
        targetType: 'song',
        targetId: String(song.id),
        targetUserId: owner,
        targetSummary: song.title,
        reason: 'spam',
      })
      .returning();
    f.reportId = r.id;
  } else if (kind === 'venueMessage') {
    const [m] = await db
      .insert(messages)
      .values({ senderId: s.users.spare.id, venueId: s.venueId, messageType: 'venue', content: 'Matrix venue line' })
      .returning();
    f.messageId = m.id;
  }
  return f;
}

const label = (row: HttpRow) => `${row.method} ${row.path}${row.case ? ` [${row.case}]` : ''}`;

beforeAll(async () => {
  // Mail goes to a closed loopback port: reset requests answer as they would with a mail server, and mail nothing.
  t = await createTestApp({
    ADMIN_EMAILS: SITE_ADMIN_EMAIL,
    SMTP_URL: 'smtp://127.0.0.1:9',
    APP_URL: 'http://matrix.test',
  });
  baseUrl = await listenOnLoopback(t.app);

  const names = [
    'other',
    'owner',
    'noVote',
    'noPropose',
    'noModerate',
    'moderator',
    'mutedModerator',
    'admin',
    'friend',
    'spare',
    'blocked',
    'muted',
    'siteAdmin',
    'suspended',
    'patron',
    'cohost',
  ] as const;
  const users = {} as Scenario['users'];
  for (const name of names) {
    const u = await register(
      name[0].toUpperCase() + name.slice(1),
      name === 'siteAdmin' ? SITE_ADMIN_EMAIL : undefined,
    );
    users[name] = { id: u.id, email: u.email };
    cookies[name] = u.cookie;
  }
  const as = (who: keyof typeof cookies) => cookies[who];

  const venue = (await ok(
    await call('POST', '/api/venues', {
      cookie: as('owner'),
      body: { name: 'Matrix Hall', location: 'Matrix City', type: 'club' },
    }),
    201,
  )) as { id: number };
  const upload = async (form: Record<string, string>, file?: Buffer) =>
    (await ok(await call('POST', '/api/songs', { cookie: as('owner'), form, file }), 201)) as {
      id: number;
      pdfUrl: string | null;
    };
  const yt = (title: string, isPrivate: boolean, youtubeId: string) =>
    upload({
      type: 'youtube',
      title,
      artist: 'Matrix Band',
      genre: 'Ambient',
      youtubeUrl: `https://youtu.be/${youtubeId}`,
      venueId: String(venue.id),
      isPrivate: String(isPrivate),
    });
  const publicSong = await yt('Open Door', false, 'aaaaaaaaaaa');
  const closed = (await ok(
    await call('POST', '/api/venues', {
      cookie: as('owner'),
      body: { name: 'Matrix Closed', location: 'Matrix City', type: 'bar' },
    }),
    201,
  )) as { id: number };
  const closedSong = (await ok(
    await call('POST', '/api/songs', {
      cookie: as('owner'),
      form: {
        type: 'youtube',
        title: 'Last Dance',
        artist: 'Matrix Band',
        youtubeUrl: 'https://youtu.be/ddddddddddd',
        venueId: String(closed.id),
      },
    }),
    201,
  )) as { id: number };
  await ok(await call('PATCH', `/api/venues/${closed.id}`, { cookie: as('owner'), body: { isActive: false } }), 200);
  const privateSong = await yt(`${SECRET} Hidden Ballad`, true, 'bbbbbbbbbbb');
  const pdf = (title: string, isPrivate: boolean) =>
    upload(
      { type: 'pdf', title, artist: 'Matrix Band', venueId: String(venue.id), isPrivate: String(isPrivate) },
      samplePdf(title),
    );
  const publicPdf = await pdf('Open Sheet', false);
  const privatePdf = await pdf(`${SECRET} Hidden Sheet`, true);
  await ok(
    await call('POST', '/api/messages', {
      cookie: as('owner'),
      body: { receiverId: users.friend.id, content: `${SECRET} meet me at nine` },
    }),
    201,
  );

  const playlist = async (body: object) =>
    ((await ok(await call('POST', '/api/community-playlists', { cookie: as('admin'), body }), 201)) as { id: number })
      .id;
  const playlists = {
    democratic: await playlist({ name: 'Matrix Democratic', collaborativeMode: 'democratic' }),
    moderated: await playlist({ name: 'Matrix Moderated', collaborativeMode: 'moderated' }),
    private: await playlist({ name: `${SECRET} Private List`, description: `${SECRET} description`, isPublic: false }),
  };
  const fileId = (song: { pdfUrl: string | null }) => Number(/\/api\/files\/(\d+)$/.exec(song.pdfUrl ?? '')?.[1]);
  s = {
    users,
    password: PASSWORD,
    venueId: venue.id,
    inactiveVenueId: closed.id,
    inactiveVenueSongId: closedSong.id,
    publicSongId: publicSong.id,
    publicSongVideo: 'aaaaaaaaaaa',
    privateSongId: privateSong.id,
    publicPdfFileId: fileId(publicPdf),
    privatePdfFileId: fileId(privatePdf),
    playlists,
    liveCode: '',
  };
  for (const id of Object.values(playlists)) await addMembers(id);
  // Venue Live: the owner adds the co-host and goes live; the patron joins with the code.
  await ok(
    await call('POST', `/api/venues/${venue.id}/live/cohosts`, {
      cookie: as('owner'),
      body: { email: users.cohost.email },
    }),
    201,
  );
  await ok(
    await call('POST', `/api/venues/${venue.id}/live/session`, {
      cookie: as('owner'),
      body: { deviceId: LIVE_DEVICE },
    }),
    200,
  );
  s.liveCode = (
    (await ok(await call('GET', `/api/venues/${venue.id}/live/code`, { cookie: as('owner') }), 200)) as {
      code: string;
    }
  ).code;
  await ok(await call('POST', '/api/live/join', { cookie: as('patron'), body: { code: s.liveCode } }), 200);
  // Safety: the spare account blocks one member, the owner mutes another in the venue; the site administrator suspends one.
  await ok(await call('POST', '/api/blocks', { cookie: as('spare'), body: { userId: users.blocked.id } }), 201);
  await ok(
    await call('POST', `/api/venues/${venue.id}/mutes`, {
      cookie: as('owner'),
      body: { userId: users.muted.id, minutes: 1440 },
    }),
    201,
  );
  await ok(
    await call('POST', `/api/admin/users/${users.suspended.id}/suspend`, {
      cookie: as('siteAdmin'),
      body: { duration: 'forever', reason: 'Matrix' },
    }),
    200,
  );
  const [suspended] = await t.database.db.select().from(usersTable).where(eq(usersTable.id, users.suspended.id));
  expect(suspended.suspendedUntil).not.toBeNull();
}, 180_000);

afterAll(async () => t?.close());

describe('access-control matrix: HTTP', () => {
  it('has a row for every registered route, and no row for a route that does not exist', () => {
    const routes = registeredRoutes(t.app).filter((r) => !isIgnoredRoute(r.method, r.path));
    // The parser must have seen the tree; a format change would otherwise pass vacuously.
    expect(routes).toContainEqual({ method: 'POST', path: '/api/auth/register' });
    const inTable = new Set(HTTP_MATRIX.map((r) => `${r.method} ${r.path}`));
    const missing = routes.map((r) => `${r.method} ${r.path}`).filter((k) => !inTable.has(k));
    expect(missing, 'registered routes missing from test/access-matrix/matrix.ts').toEqual([]);
    const registered = new Set(routes.map((r) => `${r.method} ${r.path}`));
    expect(
      [...inTable].filter((k) => !registered.has(k)),
      'rows for routes that are not registered',
    ).toEqual([]);
    for (const row of HTTP_MATRIX)
      for (const a of ACTORS)
        expect(expected(row.expect, a), `${label(row)} has an expectation for ${a}`).toBeTypeOf('number');
  });

  it('gives every actor the expected status on every route', async () => {
    const mismatches: string[] = [];
    for (const row of HTTP_MATRIX) {
      for (const actor of ACTORS) {
        const f = row.fresh
          ? await makeFresh(row.fresh)
          : { songId: 0, entryId: 0, playlistId: 0, reportId: 0, userId: '', messageId: 0 };
        const url = row.url(s, f, actor);
        expect(urlMatches(row.path, url), `${label(row)}: ${url} fits its pattern`).toBe(true);
        // The suspended member's session ended and they cannot sign in: they send what cookie they had, or none.
        const cookie =
          actor === 'visitor'
            ? undefined
            : row.freshSession
              ? actor === 'suspended'
                ? undefined
                : await freshSession(actor)
              : cookies[actor];
        const res = await call(row.method, url, { cookie, body: row.body?.(s, f, actor), form: row.form?.(s) });
        if (row.relogin && actor !== 'visitor' && actor !== 'suspended') cookies[actor] = await freshSession(actor);
        const want = expected(row.expect, actor);
        if (res.statusCode !== want)
          mismatches.push(
            `${label(row)} as ${actor}: expected ${want}, got ${res.statusCode} ${res.body.slice(0, 160)}`,
          );
        if (res.statusCode >= 400) {
          const body = res.json() as { message?: unknown; code?: unknown };
          if (typeof body.message !== 'string' || typeof body.code !== 'string')
            mismatches.push(`${label(row)} as ${actor}: ${res.statusCode} without {message, code}: ${res.body}`);
        }
      }
    }
    expect(mismatches).toEqual([]);
  }, 300_000);
});

describe('access-control matrix: websocket', () => {
  it('has a row for every client message type', () => {
    const types = ClientMessageSchema.options.map((o) => o.shape.type.value);
    expect(types.length).toBeGreaterThan(2);
    expect(types.filter((type) => !WS_MATRIX.some((r) => r.type === type))).toEqual([]);
  });

  it('accepts or refuses every client message as the table says', async () => {
    const sockets = {} as Record<Actor, WsTestClient>;
    // The suspended member's cookie is refused at the upgrade; the browser then connects as a visitor.
    await expect(connectWs(baseUrl, cookies.suspended)).rejects.toThrow(/401/);
    for (const actor of ACTORS)
      sockets[actor] = await connectWs(
        baseUrl,
        actor === 'visitor' || actor === 'suspended' ? undefined : cookies[actor],
      );
    const errors = (c: WsTestClient) => c.events.filter((e) => e.type === 'error').length;
    const mismatches: string[] = [];
    try {
      for (const row of WS_MATRIX) {
        const before = Object.fromEntries(ACTORS.map((a) => [a, errors(sockets[a])]));
        for (const actor of ACTORS) sockets[actor].send(row.message(s) as never);
        // The refusals come back first (or not at all); then a short grace for anything slower.
        await Promise.all(
          ACTORS.filter((a) => expected(row.expect, a) === 'refused').map((a) =>
            sockets[a].waitFor(() => errors(sockets[a]) > before[a], 5000).catch(() => undefined),
          ),
        );
        await Promise.all(ACTORS.map((a) => settle(sockets[a])));
        await new Promise((r) => setTimeout(r, 200));
        for (const actor of ACTORS) {
          const got = errors(sockets[actor]) > before[actor] ? 'refused' : 'ok';
          if (got !== expected(row.expect, actor))
            mismatches.push(
              `${row.type} [${row.case}] as ${actor}: expected ${expected(row.expect, actor)}, got ${got}`,
            );
        }
      }
    } finally {
      await Promise.all(ACTORS.map((a) => sockets[a].close()));
    }
    expect(mismatches).toEqual([]);
  }, 120_000);
});

describe('no leaks to outsiders', () => {
  const outsiders = ['visitor', 'other'] as const;
  const get = (url: string, who: 'visitor' | SignedInActor | 'friend') =>
    call('GET', url, { cookie: who === 'visitor' ? undefined : cookies[who] });
  const hasRoute = (path: string) => registeredRoutes(t.app).some((r) => r.method === 'GET' && r.path === path);
  const hasSearch = () => hasRoute('/api/search');
  /** The bodies of every page of GET /api/songs as `who` sees it, joined (the catalogue pages: finding 10). */
  const wholeCatalogue = async (who: 'visitor' | SignedInActor) => {
    let text = '';
    let cursor: string | null = null;
    for (let n = 0; n < 1000; n++) {
      const res = await get(`/api/songs?limit=100${cursor ? `&cursor=${cursor}` : ''}`, who);
      expect(res.statusCode).toBe(200);
      text += res.body;
      cursor = (res.json() as { nextCursor: string | null }).nextCursor;
      if (!cursor) break;
    }
    return text;
  };

  it('private messages: in no listing, count or search of an outsider', async () => {
    // The participants see it (so the checks below are not vacuous).
    for (const who of ['owner', 'friend'] as const) expect((await get('/api/messages', who)).body).toContain(SECRET);
    expect(((await get('/api/messages/unread-count', 'friend')).json() as { count: number }).count).toBeGreaterThan(0);

    for (const who of outsiders) {
      const urls = [
        '/api/messages',
        `/api/messages?with=${s.users.owner.id}`,
        `/api/messages?with=${s.users.friend.id}`,
        '/api/messages/conversations',
        '/api/messages/global',
        `/api/venues/${s.venueId}/messages`,
      ];
      if (hasSearch()) urls.push(`/api/search?q=${SECRET}`);
      for (const url of urls) expect((await get(url, who)).body, `${url} as ${who}`).not.toContain(SECRET);
    }
    expect((await get('/api/messages/unread-count', 'other')).json()).toEqual({ count: 0 });
    const partners = (
      (await get('/api/messages/conversations', 'other')).json() as Array<{ otherUser: { id: string } }>
    ).map((c) => c.otherUser.id);
    expect(partners).not.toContain(s.users.owner.id);
    expect(partners).not.toContain(s.users.friend.id);
  });

  it('private songs and their PDF: in no listing, count, search, vote count or file download of an outsider', async () => {
    expect(await wholeCatalogue('owner')).toContain(SECRET);
    expect((await get(`/api/files/${s.privatePdfFileId}`, 'owner')).statusCode).toBe(200);

    const unknownFile = await get('/api/files/2147483000', 'other');
    const unknownVotes = await get('/api/votes/2147483000', 'other');
    for (const who of outsiders) {
      expect(await wholeCatalogue(who), `/api/songs (every page) as ${who}`).not.toContain(SECRET);
      const urls = [
        '/api/songs?limit=100',
        '/api/mix/global',
        `/api/mix/venue/${s.venueId}`,
        '/api/songs/trending?limit=50',
        '/api/venues',
        `/api/venues/${s.venueId}`,
        `/api/users/${s.users.owner.id}`,
      ];
      if (hasRoute('/api/mix/global/export'))
        urls.push(
          '/api/mix/global/export?format=json',
          `/api/mix/venue/${s.venueId}/export?format=csv`,
          `/api/mix/venue/${s.venueId}/export?format=m3u`,
        );
      if (who === 'other') urls.push('/api/user/songs', '/api/users/me/stats', '/api/ai/history');
      if (hasSearch()) urls.push(`/api/search?q=${SECRET}`);
      for (const url of urls) {
        const res = await get(url, who);
        expect(res.body, `${url} as ${who}`).not.toContain(SECRET);
        if (url.startsWith('/api/songs?'))
          expect((res.json() as { songs: Array<{ id: number }> }).songs.map((x) => x.id)).not.toContain(
            s.privateSongId,
          );
        if (url.startsWith('/api/songs/trending'))
          expect((res.json() as Array<{ id: number }>).map((x) => x.id)).not.toContain(s.privateSongId);
      }
      // A private file and a private song's counts look exactly like ones that do not exist.
      const file = await get(`/api/files/${s.privatePdfFileId}`, who);
      expect(file.statusCode).toBe(404);
      expect(file.json()).toEqual(unknownFile.json());
      expect(file.headers['content-type']).not.toMatch(/pdf/);
      const one = await get(`/api/songs/${s.privateSongId}`, who);
      expect(one.statusCode).toBe(404);
      expect(one.json()).toEqual((await get('/api/songs/2147483000', who)).json());
      const votes = await get(`/api/votes/${s.privateSongId}`, who);
      expect(votes.statusCode).toBe(404);
      expect(votes.json()).toEqual(unknownVotes.json());
    }
    // Counts: the venue's song count is the same for everyone and leaves the private songs out.
    const venueFor = async (who: 'visitor' | SignedInActor) =>
      ((await get(`/api/venues/${s.venueId}`, who)).json() as { songCount: number }).songCount;
    const before = await venueFor('visitor');
    await createSong(t.database.db, { uploaderId: s.users.owner.id, venueId: s.venueId, isPrivate: true });
    for (const who of ['visitor', 'other', 'owner'] as const) expect(await venueFor(who), who).toBe(before);
    // DJ Verse never recommends someone else's private song, even when asked for it by name.
    const ai = await call('POST', '/api/ai/chat', {
      cookie: cookies.other,
      body: { message: `Play ${SECRET} Hidden Ballad by Matrix Band` },
    });
    expect(ai.statusCode).toBe(200);
    expect(ai.body).not.toContain(SECRET);
    expect(ai.body).not.toMatch(new RegExp(`"songId":${s.privateSongId}\\b`));
    // Proposing it to a playlist: "not found", like a song that does not exist.
    const propose = await call('POST', `/api/community-playlists/${s.playlists.democratic}/songs`, {
      cookie: cookies.noModerate,
      body: { songId: s.privateSongId },
    });
    const proposeUnknown = await call('POST', `/api/community-playlists/${s.playlists.democratic}/songs`, {
      cookie: cookies.noModerate,
      body: { songId: 2147483000 },
    });
    expect(propose.statusCode).toBe(404);
    expect(propose.json()).toEqual(proposeUnknown.json());
  });

  it('private playlists: in no listing or search of an outsider, and 404 like a playlist that does not exist', async () => {
    expect((await get('/api/community-playlists', 'noModerate')).body).toContain(SECRET);
    for (const who of outsiders) {
      const list = await get('/api/community-playlists', who);
      expect(list.body).not.toContain(SECRET);
      expect((list.json() as Array<{ id: number }>).map((p) => p.id)).not.toContain(s.playlists.private);
      if (hasSearch()) expect((await get(`/api/search?q=${SECRET}`, who)).body).not.toContain(SECRET);
      for (const suffix of [
        '',
        '/songs',
        '/members',
        ...(hasRoute('/api/community-playlists/:id/export') ? ['/export?format=json', '/export?format=youtube'] : []),
      ]) {
        const res = await get(`/api/community-playlists/${s.playlists.private}${suffix}`, who);
        const unknown = await get(`/api/community-playlists/2147483000${suffix}`, who);
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual(unknown.json());
      }
    }
    const other = await get('/api/users/me/stats', 'other');
    expect(other.body).not.toContain(SECRET);
  });

  it('websocket: an outsider hears nothing about private messages, private songs or private playlists', async () => {
    const outsider = await connectWs(baseUrl, cookies.other);
    const visitor = await connectWs(baseUrl);
    const friend = await connectWs(baseUrl, cookies.friend);
    const owner = await connectWs(baseUrl, cookies.owner);
    const member = await connectWs(baseUrl, cookies.noModerate);
    const all = [outsider, visitor, friend, owner, member];
    try {
      for (const c of all) {
        for (const room of [
          'global',
          `venue:${s.venueId}`,
          `playlist:${s.playlists.democratic}`,
          `playlist:${s.playlists.private}`,
        ])
          c.send({ type: 'subscribe', room });
      }
      await Promise.all(all.map((c) => settle(c)));
      await new Promise((r) => setTimeout(r, 200));
      const mark = all.map((c) => c.events.length);

      // A private message, a vote on a private song, a new private song, a change to the private playlist.
      await ok(
        await call('POST', '/api/messages', {
          cookie: cookies.owner,
          body: { receiverId: s.users.friend.id, content: `${SECRET} again` },
        }),
        201,
      );
      await ok(
        await call('POST', '/api/votes', {
          cookie: cookies.owner,
          body: { songId: s.privateSongId, voteType: 'down' },
        }),
        200,
      );
      await ok(
        await call('POST', '/api/songs', {
          cookie: cookies.owner,
          form: {
            type: 'youtube',
            title: `${SECRET} Another`,
            artist: 'Matrix Band',
            youtubeUrl: 'https://youtu.be/ccccccccccc',
            venueId: String(s.venueId),
            isPrivate: 'true',
          },
        }),
        201,
      );
      const song = await createSong(t.database.db);
      await ok(
        await call('POST', `/api/community-playlists/${s.playlists.private}/songs`, {
          cookie: cookies.admin,
          body: { songId: song.id },
        }),
        201,
      );

      // Those entitled hear about it…
      await friend.waitFor((e) => e.type === 'private_message' && JSON.stringify(e).includes(SECRET));
      await owner.waitFor((e) => e.type === 'vote_update' && e.songId === s.privateSongId);
      await member.waitFor((e) => e.type === 'playlist_changed' && e.playlistId === s.playlists.private);
      // …the outsiders, by then, have heard nothing that names any of it.
      await Promise.all([settle(outsider), settle(visitor)]);
      await new Promise((r) => setTimeout(r, 300));
      for (const [i, c] of [outsider, visitor].entries()) {
        const heard: ServerEvent[] = c.events.slice(mark[i]);
        const text = JSON.stringify(heard);
        expect(text, 'outsider events').not.toContain(SECRET);
        expect(heard.filter((e) => e.type === 'private_message' || e.type === 'messages_read')).toEqual([]);
        expect(heard.filter((e) => e.type === 'vote_update' && e.songId === s.privateSongId)).toEqual([]);
        expect(heard.filter((e) => e.type === 'playlist_changed' && e.playlistId === s.playlists.private)).toEqual([]);
      }
    } finally {
      await Promise.all(all.map((c) => c.close()));
    }
  });
});
