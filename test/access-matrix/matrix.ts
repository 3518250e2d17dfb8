/**
 * The access-control matrix: every HTTP route and every websocket client message, with the status (or outcome)
 * each actor gets. `access-matrix.int.test.ts` seeds the scenario described below, runs every cell and fails on
 * any difference — and on any registered route that has no row here.
 *
 * Actors (one account each, apart from the visitor):
 * - visitor      — not signed in
 * - other        — signed in, unrelated to anything in the scenario (the "outsider")
 * - owner        — uploaded the songs (public, private, PDFs), owns the venue, is a participant of the private
 *                  conversation (with a `friend` account) and is "self" for /api/users/{id} routes. Not a
 *                  member of any playlist.
 * - noVote       — playlist member with canVote false
 * - noPropose    — playlist member with canPropose false
 * - noModerate   — plain playlist member (role member, canModerate false)
 * - moderator    — playlist member with role moderator
 * - mutedModerator — playlist member with role moderator whose canModerate an admin switched off: flags bite for
 *                  everyone but admins (ADR 013), so the role alone moderates nothing
 * - admin        — the playlists' creator (role admin): the highest role within a playlist.
 * - blocked      — signed in, blocked by the spare account (cannot message it).
 * - muted        — signed in, muted by the owner in the scenario venue's chat.
 * - siteAdmin    — a site administrator (named in ADMIN_EMAILS): the report queue, the audit log, every venue chat.
 * - suspended    — suspended by the site administrator after signing in: their session ended, so they are a
 *                  visitor to every route (and cannot sign in again).
 * - patron       — joined the scenario venue's live night with its code (present): requests, votes, skip votes.
 * - cohost       — a co-host of the scenario venue, added by the owner by email: hosts its live nights.
 * Venue Live: the owner started the scenario venue's live session on device `matrix-device`. `other` stands for
 * the other owners and the signed-in people who did not join (not present).
 * The owner owns the scenario venue, so the owner is also the "venue owner" actor.
 * Every playlist member belongs to all three scenario playlists: a democratic and a moderated public one and a
 * private (democratic) one.
 *
 * `_` in an expectation stands for every actor not listed. Rows that change state name a `fresh` fixture: the
 * test creates it anew for every cell, so each actor meets the same situation.
 */

export const ACTORS = [
  'visitor',
  'other',
  'owner',
  'noVote',
  'noPropose',
  'noModerate',
  'moderator',
  'mutedModerator',
  'admin',
  'blocked',
  'muted',
  'siteAdmin',
  'suspended',
  'patron',
  'cohost',
] as const;
export type Actor = (typeof ACTORS)[number];
export type SignedInActor = Exclude<Actor, 'visitor'>;
/** The playlist members among the actors. */
export const MEMBERS = [
  'noVote',
  'noPropose',
  'noModerate',
  'moderator',
  'mutedModerator',
  'admin',
] as const satisfies readonly Actor[];

export type PlaylistKey = 'democratic' | 'moderated' | 'private';

/** What the test seeds once; rows build their URLs and bodies from it. */
export interface Scenario {
  users: Record<SignedInActor | 'friend' | 'spare', { id: string; email: string }>;
  password: string;
  venueId: number;
  /** A venue of the owner's that the owner deactivated, with one public song of the owner's in its mix. */
  inactiveVenueId: number;
  inactiveVenueSongId: number;
  publicSongId: number;
  /** The video of the public song: uploading it publicly again is a duplicate. */
  publicSongVideo: string;
  privateSongId: number;
  publicPdfFileId: number;
  privatePdfFileId: number;
  playlists: Record<PlaylistKey, number>;
  /** The scenario venue's current live join code. */
  liveCode: string;
}

/** Per-cell fixtures, created just before the request (see the test's `makeFresh`). */
export type FreshKind =
  | 'ownerSong'
  | 'ownerPrivateSong'
  | 'venueSong'
  | 'strangerPrivateVenueSong'
  | `proposal:${PlaylistKey}`
  | `entry:${PlaylistKey}`
  | 'playlist:public'
  | 'playlist:private'
  | 'report'
  | 'user'
  | 'suspendedUser'
  | 'venueMessage'
  | 'liveEntry'
  | 'livePlaying'
  | 'liveBan'
  | 'liveCohost';
export interface Fresh {
  songId: number;
  entryId: number;
  playlistId: number;
  reportId: number;
  userId: string;
  messageId: number;
  /** The email of a fresh `user`. */
  email?: string;
}

export type Expectation = Partial<Record<Actor | '_', number>>;

export interface HttpRow {
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  /** The route's pattern exactly as Fastify registers it. */
  path: string;
  /** Tells apart several rows for one route. */
  case?: string;
  url: (s: Scenario, f: Fresh, actor: Actor) => string;
  body?: (s: Scenario, f: Fresh, actor: Actor) => unknown;
  /** A multipart form (uploads). */
  form?: (s: Scenario) => Record<string, string>;
  fresh?: FreshKind;
  /** The request signs in or out: send it with a second session of the actor, so the actor's own one survives. */
  freshSession?: boolean;
  /** The request ends the actor's other sessions: sign the actor in again afterwards. */
  relogin?: boolean;
  expect: Expectation;
}

const PL = '/api/community-playlists';
const members = (status: number): Expectation => Object.fromEntries(MEMBERS.map((m) => [m, status]));
let seq = 0;
const unique = () => `${Date.now().toString(36)}${(++seq).toString(36)}`;
/** A YouTube-shaped id no other cell uses. */
const video = () => `m${unique()}`.padEnd(11, '0').slice(-11);

/** The scenario venue's live host device. */
export const LIVE_DEVICE = 'matrix-device';
/** The venue's hosts (its owner and co-host) get `status`. */
const liveHosts = (status: number): Expectation => ({ owner: status, cohost: status });

/** Statuses shared by the rows of the private playlist: outsiders get 404 (it does not exist for them). */
const privateOutsiders: Expectation = { visitor: 401, other: 404, owner: 404 };

export const HTTP_MATRIX: HttpRow[] = [
  // ── Operations ────────────────────────────────────────────────────────────────────────────────────────
  { method: 'GET', path: '/livez', url: () => '/livez', expect: { _: 200 } },
  { method: 'GET', path: '/readyz', url: () => '/readyz', expect: { _: 200 } },

  // ── Auth ──────────────────────────────────────────────────────────────────────────────────────────────
  { method: 'GET', path: '/api/auth/user', url: () => '/api/auth/user', expect: { visitor: 401, _: 200 } },
  { method: 'GET', path: '/api/auth/providers', url: () => '/api/auth/providers', expect: { _: 200 } },
  {
    method: 'POST',
    path: '/api/auth/register',
    url: () => '/api/auth/register',
    body: () => ({
      email: `matrix-${unique()}@example.test`,
      password: 'matrix password 1',
      firstName: 'Matrix',
      lastName: 'New',
    }),
    freshSession: true,
    expect: { _: 201 },
  },
  {
    method: 'POST',
    path: '/api/auth/login',
    case: 'right password',
    url: () => '/api/auth/login',
    body: (s) => ({ email: s.users.spare.email, password: s.password }),
    freshSession: true,
    expect: { _: 200 },
  },
  {
    method: 'POST',
    path: '/api/auth/login',
    case: 'wrong password',
    url: () => '/api/auth/login',
    // Each actor fails on its own account (the visitor on the spare one): five failures lock an account.
    body: (s, _f, actor) => ({
      email: s.users[actor === 'visitor' ? 'spare' : actor].email,
      password: 'not the password',
    }),
    freshSession: true,
    expect: { _: 401 },
  },
  { method: 'POST', path: '/api/auth/logout', url: () => '/api/auth/logout', freshSession: true, expect: { _: 204 } },
  { method: 'GET', path: '/api/login', url: () => '/api/login', expect: { _: 302 } },
  { method: 'GET', path: '/api/callback', url: () => '/api/callback?code=x&state=y', expect: { _: 302 } },
  { method: 'GET', path: '/api/logout', url: () => '/api/logout', freshSession: true, expect: { _: 302 } },

  // ── Songs and files ───────────────────────────────────────────────────────────────────────────────────
  { method: 'GET', path: '/api/songs', url: () => '/api/songs', expect: { _: 200 } },
  {
    method: 'GET',
    path: '/api/songs/:id',
    case: 'public song',
    url: (s) => `/api/songs/${s.publicSongId}`,
    expect: { _: 200 },
  },
  {
    method: 'GET',
    path: '/api/songs/:id',
    case: 'private song',
    url: (s) => `/api/songs/${s.privateSongId}`,
    expect: { owner: 200, _: 404 },
  },
  {
    method: 'GET',
    path: '/api/songs/:id/attributes',
    case: 'public song',
    url: (s) => `/api/songs/${s.publicSongId}/attributes`,
    expect: { _: 200 },
  },
  {
    method: 'GET',
    path: '/api/songs/:id/attributes',
    case: 'private song',
    url: (s) => `/api/songs/${s.privateSongId}/attributes`,
    expect: { owner: 200, _: 404 },
  },
  { method: 'GET', path: '/api/user/songs', url: () => '/api/user/songs', expect: { visitor: 401, _: 200 } },
  {
    method: 'POST',
    path: '/api/songs',
    url: () => '/api/songs',
    // A new video for every cell: a video is on CrowdMix once.
    form: () => ({
      type: 'youtube',
      title: 'Matrix upload',
      artist: 'Matrix',
      youtubeUrl: `https://youtu.be/${video()}`,
    }),
    expect: { visitor: 401, _: 201 },
  },
  {
    method: 'POST',
    path: '/api/songs',
    case: 'a video already on CrowdMix',
    url: () => '/api/songs',
    form: (s) => ({
      type: 'youtube',
      title: 'Again',
      artist: 'Matrix',
      youtubeUrl: `https://youtu.be/${s.publicSongVideo}`,
    }),
    expect: { visitor: 401, _: 409 },
  },
  {
    method: 'POST',
    path: '/api/songs',
    case: 'into a deactivated venue',
    url: () => '/api/songs',
    form: (s) => ({
      type: 'youtube',
      title: 'Too late',
      artist: 'Matrix',
      youtubeUrl: `https://youtu.be/${video()}`,
      venueId: String(s.inactiveVenueId),
    }),
    expect: { visitor: 401, _: 409 },
  },
  {
    method: 'DELETE',
    path: '/api/songs/:id',
    case: "the owner's public song",
    fresh: 'ownerSong',
    url: (_s, f) => `/api/songs/${f.songId}`,
    expect: { visitor: 401, owner: 204, _: 403 },
  },
  {
    method: 'DELETE',
    path: '/api/songs/:id',
    case: "the owner's private song",
    fresh: 'ownerPrivateSong',
    url: (_s, f) => `/api/songs/${f.songId}`,
    expect: { visitor: 401, owner: 204, _: 404 },
  },
  {
    method: 'PATCH',
    path: '/api/songs/:id/attributes',
    case: "the owner's public song",
    fresh: 'ownerSong',
    url: (_s, f) => `/api/songs/${f.songId}/attributes`,
    body: () => ({ energy: 3 }),
    expect: { visitor: 401, owner: 200, _: 403 },
  },
  {
    method: 'PATCH',
    path: '/api/songs/:id/attributes',
    case: "the owner's private song",
    fresh: 'ownerPrivateSong',
    url: (_s, f) => `/api/songs/${f.songId}/attributes`,
    body: () => ({ energy: 3 }),
    expect: { visitor: 401, owner: 200, _: 404 },
  },
  {
    method: 'GET',
    path: '/api/files/:id',
    case: 'public PDF',
    url: (s) => `/api/files/${s.publicPdfFileId}`,
    expect: { _: 200 },
  },
  {
    method: 'GET',
    path: '/api/files/:id',
    case: 'private PDF',
    url: (s) => `/api/files/${s.privatePdfFileId}`,
    expect: { owner: 200, _: 404 },
  },

  // ── Votes and mixes ───────────────────────────────────────────────────────────────────────────────────
  {
    method: 'POST',
    path: '/api/votes',
    case: 'public song',
    url: () => '/api/votes',
    body: (s) => ({ songId: s.publicSongId, voteType: 'up' }),
    expect: { visitor: 401, _: 200 },
  },
  {
    method: 'POST',
    path: '/api/votes',
    case: 'private song',
    url: () => '/api/votes',
    body: (s) => ({ songId: s.privateSongId, voteType: 'up' }),
    expect: { visitor: 401, owner: 200, _: 404 },
  },
  {
    method: 'POST',
    path: '/api/votes',
    case: 'in a deactivated venue',
    url: () => '/api/votes',
    body: (s) => ({ songId: s.inactiveVenueSongId, voteType: 'up', venueId: s.inactiveVenueId }),
    expect: { visitor: 401, _: 409 },
  },
  {
    method: 'GET',
    path: '/api/votes/:songId',
    case: 'public song',
    url: (s) => `/api/votes/${s.publicSongId}`,
    expect: { _: 200 },
  },
  {
    method: 'GET',
    path: '/api/votes/:songId',
    case: 'private song',
    url: (s) => `/api/votes/${s.privateSongId}`,
    expect: { owner: 200, _: 404 },
  },
  { method: 'GET', path: '/api/mix/global', url: () => '/api/mix/global', expect: { _: 200 } },
  { method: 'GET', path: '/api/mix/venue/:id', url: (s) => `/api/mix/venue/${s.venueId}`, expect: { _: 200 } },
  { method: 'GET', path: '/api/mix/global/export', url: () => '/api/mix/global/export?format=csv', expect: { _: 200 } },
  {
    method: 'GET',
    path: '/api/mix/venue/:id/export',
    url: (s) => `/api/mix/venue/${s.venueId}/export?format=m3u`,
    expect: { _: 200 },
  },
  { method: 'GET', path: '/api/songs/trending', url: () => '/api/songs/trending', expect: { _: 200 } },

  // ── Venues ────────────────────────────────────────────────────────────────────────────────────────────
  { method: 'GET', path: '/api/venues', url: () => '/api/venues', expect: { _: 200 } },
  { method: 'GET', path: '/api/venues/:id', url: (s) => `/api/venues/${s.venueId}`, expect: { _: 200 } },
  { method: 'GET', path: '/api/user/venues', url: () => '/api/user/venues', expect: { visitor: 401, _: 200 } },
  {
    method: 'POST',
    path: '/api/venues',
    url: () => '/api/venues',
    body: () => ({ name: `Matrix venue ${unique()}`, location: 'Matrix City', type: 'bar' }),
    expect: { visitor: 401, _: 201 },
  },
  {
    method: 'PATCH',
    path: '/api/venues/:id',
    url: (s) => `/api/venues/${s.venueId}`,
    body: () => ({ description: 'Edited by the matrix' }),
    expect: { visitor: 401, owner: 200, _: 403 },
  },
  {
    method: 'DELETE',
    path: '/api/venues/:id/songs/:songId',
    fresh: 'venueSong',
    url: (s, f) => `/api/venues/${s.venueId}/songs/${f.songId}`,
    expect: { visitor: 401, owner: 204, _: 403 },
  },
  {
    method: 'DELETE',
    path: '/api/venues/:id/songs/:songId',
    // Another user's private song uploaded "into" the owner's venue: not in the mix, so 404 like a missing id.
    case: "another user's private song in the venue",
    fresh: 'strangerPrivateVenueSong',
    url: (s, f) => `/api/venues/${s.venueId}/songs/${f.songId}`,
    expect: { visitor: 401, owner: 404, _: 403 },
  },

  // ── Chat rooms ────────────────────────────────────────────────────────────────────────────────────────
  { method: 'GET', path: '/api/messages/global', url: () => '/api/messages/global', expect: { _: 200 } },
  {
    method: 'POST',
    path: '/api/messages/global',
    url: () => '/api/messages/global',
    body: () => ({ content: 'Hello from the matrix' }),
    expect: { visitor: 401, _: 201 },
  },
  {
    method: 'GET',
    path: '/api/venues/:id/messages',
    url: (s) => `/api/venues/${s.venueId}/messages`,
    expect: { _: 200 },
  },
  {
    method: 'POST',
    path: '/api/venues/:id/messages',
    url: (s) => `/api/venues/${s.venueId}/messages`,
    body: () => ({ content: 'Hello venue' }),
    expect: { visitor: 401, muted: 403, _: 201 },
  },

  // ── Private messages ──────────────────────────────────────────────────────────────────────────────────
  { method: 'GET', path: '/api/messages', url: () => '/api/messages', expect: { visitor: 401, _: 200 } },
  {
    method: 'POST',
    path: '/api/messages',
    url: () => '/api/messages',
    body: (s) => ({ receiverId: s.users.spare.id, content: 'A private hello from the matrix' }),
    // The spare account blocked the blocked member.
    expect: { visitor: 401, blocked: 403, _: 201 },
  },
  {
    method: 'GET',
    path: '/api/messages/conversations',
    url: () => '/api/messages/conversations',
    expect: { visitor: 401, _: 200 },
  },
  {
    method: 'GET',
    path: '/api/messages/unread-count',
    url: () => '/api/messages/unread-count',
    expect: { visitor: 401, _: 200 },
  },
  {
    method: 'POST',
    path: '/api/messages/read',
    url: () => '/api/messages/read',
    body: (s) => ({ otherUserId: s.users.friend.id }),
    expect: { visitor: 401, _: 200 },
  },

  // ── Presence, users, profile ──────────────────────────────────────────────────────────────────────────
  { method: 'GET', path: '/api/users/online', url: () => '/api/users/online', expect: { visitor: 401, _: 200 } },
  {
    method: 'GET',
    path: '/api/venues/:id/users',
    url: (s) => `/api/venues/${s.venueId}/users`,
    expect: { visitor: 401, _: 200 },
  },
  {
    method: 'GET',
    path: '/api/users/:id',
    url: (s) => `/api/users/${s.users.owner.id}`,
    expect: { visitor: 401, _: 200 },
  },
  {
    method: 'PATCH',
    path: '/api/users/:id/mood',
    case: "the owner's mood",
    url: (s) => `/api/users/${s.users.owner.id}/mood`,
    body: () => ({ mood: 'chill' }),
    expect: { visitor: 401, owner: 200, _: 403 },
  },
  { method: 'GET', path: '/api/users/me/stats', url: () => '/api/users/me/stats', expect: { visitor: 401, _: 200 } },

  // ── DJ Verse ──────────────────────────────────────────────────────────────────────────────────────────
  {
    method: 'POST',
    path: '/api/ai/chat',
    url: () => '/api/ai/chat',
    body: () => ({ message: 'Something chill for tonight' }),
    expect: { visitor: 401, _: 200 },
  },
  { method: 'GET', path: '/api/ai/history', url: () => '/api/ai/history', expect: { visitor: 401, _: 200 } },
  { method: 'DELETE', path: '/api/ai/history', url: () => '/api/ai/history', expect: { visitor: 401, _: 204 } },
  {
    method: 'GET',
    path: '/api/ai/song-attributes',
    url: () => '/api/ai/song-attributes?genre=Jazz',
    expect: { _: 200 },
  },

  // ── Search ────────────────────────────────────────────────────────────────────────────────────────────
  { method: 'GET', path: '/api/search', url: () => '/api/search?q=matrix', expect: { _: 200 } },

  // ── Community playlists: reading ──────────────────────────────────────────────────────────────────────
  { method: 'GET', path: PL, url: () => PL, expect: { _: 200 } },
  {
    method: 'GET',
    path: `${PL}/:id`,
    case: 'public',
    url: (s) => `${PL}/${s.playlists.democratic}`,
    expect: { _: 200 },
  },
  {
    method: 'GET',
    path: `${PL}/:id`,
    case: 'private',
    url: (s) => `${PL}/${s.playlists.private}`,
    expect: { visitor: 404, other: 404, owner: 404, ...members(200) },
  },
  {
    method: 'GET',
    path: `${PL}/:id/songs`,
    case: 'public',
    url: (s) => `${PL}/${s.playlists.democratic}/songs`,
    expect: { _: 200 },
  },
  {
    method: 'GET',
    path: `${PL}/:id/songs`,
    case: 'private',
    url: (s) => `${PL}/${s.playlists.private}/songs`,
    expect: { visitor: 404, other: 404, owner: 404, ...members(200) },
  },
  {
    method: 'GET',
    path: `${PL}/:id/export`,
    case: 'public',
    url: (s) => `${PL}/${s.playlists.democratic}/export?format=json`,
    expect: { _: 200 },
  },
  {
    method: 'GET',
    path: `${PL}/:id/export`,
    case: 'private',
    url: (s) => `${PL}/${s.playlists.private}/export?format=youtube`,
    expect: { visitor: 404, other: 404, owner: 404, ...members(200) },
  },
  {
    method: 'GET',
    path: `${PL}/:id/members`,
    case: 'public',
    url: (s) => `${PL}/${s.playlists.moderated}/members`,
    expect: { _: 200 },
  },
  {
    method: 'GET',
    path: `${PL}/:id/members`,
    case: 'private',
    url: (s) => `${PL}/${s.playlists.private}/members`,
    expect: { visitor: 404, other: 404, owner: 404, ...members(200) },
  },

  // ── Community playlists: changing ─────────────────────────────────────────────────────────────────────
  {
    method: 'POST',
    path: PL,
    url: () => PL,
    body: () => ({ name: `Matrix playlist ${unique()}` }),
    expect: { visitor: 401, _: 201 },
  },
  ...(['democratic', 'moderated', 'private'] as const).map((key): HttpRow => ({
    method: 'POST',
    path: `${PL}/:id/songs`,
    case: `propose, ${key}`,
    fresh: `proposal:${key}`,
    url: (s) => `${PL}/${s.playlists[key]}/songs`,
    body: (_s, f) => ({ songId: f.songId }),
    expect: {
      ...(key === 'private' ? privateOutsiders : { visitor: 401, other: 403, owner: 403 }),
      ...members(201),
      noPropose: 403,
    },
  })),
  ...(['democratic', 'moderated', 'private'] as const).map((key): HttpRow => ({
    method: 'POST',
    path: `${PL}/songs/:playlistSongId/vote`,
    case: `vote, ${key}`,
    fresh: `entry:${key}`,
    url: (_s, f) => `${PL}/songs/${f.entryId}/vote`,
    body: () => ({ voteType: 'up' }),
    // canVote bites in every mode (ADR 013), democratic playlists included.
    expect: {
      ...(key === 'private' ? privateOutsiders : { visitor: 401, other: 403, owner: 403 }),
      ...members(200),
      noVote: 403,
    },
  })),
  ...(['approve', 'reject'] as const).flatMap((decision) =>
    (['democratic', 'moderated', 'private'] as const).map((key): HttpRow => ({
      method: 'POST',
      path: `${PL}/songs/:playlistSongId/${decision}`,
      case: key,
      fresh: `entry:${key}`,
      url: (_s, f) => `${PL}/songs/${f.entryId}/${decision}`,
      expect: {
        ...(key === 'private' ? privateOutsiders : { visitor: 401, other: 403, owner: 403 }),
        ...members(403),
        moderator: 200,
        admin: 200,
      },
    })),
  ),
  ...(['moderated', 'private'] as const).map((key): HttpRow => ({
    method: 'DELETE',
    path: `${PL}/songs/:playlistSongId`,
    case: key,
    fresh: `entry:${key}`,
    url: (_s, f) => `${PL}/songs/${f.entryId}`,
    expect: {
      ...(key === 'private' ? privateOutsiders : { visitor: 401, other: 403, owner: 403 }),
      ...members(403),
      moderator: 204,
      admin: 204,
    },
  })),
  ...(['public', 'private'] as const).flatMap((kind): HttpRow[] => [
    {
      method: 'POST',
      path: `${PL}/:id/join`,
      case: kind,
      fresh: `playlist:${kind}`,
      url: (_s, f) => `${PL}/${f.playlistId}/join`,
      expect:
        kind === 'private'
          ? { ...privateOutsiders, ...members(409) }
          : { visitor: 401, other: 200, owner: 200, ...members(409) },
    },
    {
      method: 'POST',
      path: `${PL}/:id/leave`,
      case: kind,
      fresh: `playlist:${kind}`,
      url: (_s, f) => `${PL}/${f.playlistId}/leave`,
      // The last admin cannot leave (409); non-members have nothing to leave (409).
      expect: {
        ...(kind === 'private' ? privateOutsiders : { visitor: 401, other: 409, owner: 409 }),
        ...members(204),
        admin: 409,
      },
    },
  ]),
  ...(['moderated', 'private'] as const).map((key): HttpRow => ({
    method: 'PATCH',
    path: `${PL}/:id/members/:userId`,
    case: `an admin's flag, ${key}`,
    // Admins can always do everything: switching off one of their flags is refused (400), not ignored.
    url: (s) => `${PL}/${s.playlists[key]}/members/${s.users.admin.id}`,
    body: () => ({ canVote: false }),
    expect: {
      ...(key === 'private' ? privateOutsiders : { visitor: 401, other: 403, owner: 403 }),
      ...members(403),
      admin: 400,
    },
  })),
  ...(['moderated', 'private'] as const).map((key): HttpRow => ({
    method: 'PATCH',
    path: `${PL}/:id/members/:userId`,
    case: key,
    url: (s) => `${PL}/${s.playlists[key]}/members/${s.users.noModerate.id}`,
    body: () => ({ canModerate: false }),
    expect: {
      ...(key === 'private' ? privateOutsiders : { visitor: 401, other: 403, owner: 403 }),
      ...members(403),
      admin: 200,
    },
  })),

  // ── Accounts ──────────────────────────────────────────────────────────────────────────────────────────
  { method: 'GET', path: '/api/account', url: () => '/api/account', expect: { visitor: 401, _: 200 } },
  {
    method: 'POST',
    path: '/api/account/password',
    case: 'wrong current password',
    url: () => '/api/account/password',
    body: () => ({ currentPassword: 'not the password', newPassword: 'a new matrix password' }),
    expect: { visitor: 401, _: 403 },
  },
  {
    method: 'PATCH',
    path: '/api/account/email',
    case: 'wrong password',
    url: () => '/api/account/email',
    body: () => ({ email: `moved-${unique()}@example.test`, password: 'not the password' }),
    expect: { visitor: 401, _: 403 },
  },
  {
    method: 'GET',
    path: '/api/account/sessions',
    url: () => '/api/account/sessions',
    expect: { visitor: 401, _: 200 },
  },
  {
    method: 'DELETE',
    path: '/api/account/sessions/:id',
    case: 'not one of yours',
    url: () => `/api/account/sessions/${'0'.repeat(24)}`,
    expect: { visitor: 401, _: 404 },
  },
  {
    method: 'POST',
    path: '/api/account/sessions/end-others',
    url: () => '/api/account/sessions/end-others',
    freshSession: true,
    relogin: true,
    expect: { visitor: 401, _: 200 },
  },
  { method: 'GET', path: '/api/account/export', url: () => '/api/account/export', expect: { visitor: 401, _: 200 } },
  {
    method: 'POST',
    path: '/api/account/delete',
    case: 'wrong password',
    url: () => '/api/account/delete',
    body: () => ({ password: 'not the password', confirmation: 'delete my account', publicContent: 'keep' }),
    expect: { visitor: 401, _: 403 },
  },
  { method: 'GET', path: '/api/auth/password-reset', url: () => '/api/auth/password-reset', expect: { _: 200 } },
  {
    method: 'POST',
    path: '/api/auth/password-reset',
    url: () => '/api/auth/password-reset',
    body: () => ({ email: `reset-${unique()}@example.test` }),
    expect: { _: 202 },
  },
  {
    method: 'POST',
    path: '/api/auth/password-reset/confirm',
    case: 'an unknown link',
    url: () => '/api/auth/password-reset/confirm',
    body: () => ({ token: 'x'.repeat(43), password: 'a new matrix password' }),
    expect: { _: 400 },
  },

  // ── Safety: blocks, reports, notices ──────────────────────────────────────────────────────────────────
  { method: 'GET', path: '/api/blocks', url: () => '/api/blocks', expect: { visitor: 401, _: 200 } },
  {
    method: 'POST',
    path: '/api/blocks',
    fresh: 'user',
    url: () => '/api/blocks',
    body: (_s, f) => ({ userId: f.userId }),
    expect: { visitor: 401, _: 201 },
  },
  {
    method: 'DELETE',
    path: '/api/blocks/:userId',
    fresh: 'user',
    url: (_s, f) => `/api/blocks/${f.userId}`,
    expect: { visitor: 401, _: 204 },
  },
  {
    method: 'POST',
    path: '/api/reports',
    case: "the owner's song",
    fresh: 'ownerSong',
    url: () => '/api/reports',
    body: (_s, f) => ({ targetType: 'song', targetId: String(f.songId), reason: 'spam' }),
    expect: { visitor: 401, owner: 400, _: 201 },
  },
  { method: 'GET', path: '/api/notifications', url: () => '/api/notifications', expect: { visitor: 401, _: 200 } },
  {
    method: 'POST',
    path: '/api/notifications/read',
    url: () => '/api/notifications/read',
    expect: { visitor: 401, _: 200 },
  },

  // ── Moderation: site administrators ───────────────────────────────────────────────────────────────────
  {
    method: 'GET',
    path: '/api/admin/reports',
    url: () => '/api/admin/reports',
    expect: { visitor: 401, siteAdmin: 200, _: 403 },
  },
  {
    method: 'POST',
    path: '/api/admin/reports/:id/resolve',
    fresh: 'report',
    url: (_s, f) => `/api/admin/reports/${f.reportId}/resolve`,
    body: () => ({ action: 'dismiss', reason: 'Checked by the matrix' }),
    expect: { visitor: 401, siteAdmin: 204, _: 403 },
  },
  {
    method: 'POST',
    path: '/api/admin/users/:userId/suspend',
    fresh: 'user',
    url: (_s, f) => `/api/admin/users/${f.userId}/suspend`,
    body: () => ({ duration: '1d', reason: 'Matrix' }),
    expect: { visitor: 401, siteAdmin: 200, _: 403 },
  },
  {
    method: 'POST',
    path: '/api/admin/restore',
    fresh: 'suspendedUser',
    url: () => '/api/admin/restore',
    body: (_s, f) => ({ targetType: 'user', targetId: f.userId, reason: 'Matrix' }),
    expect: { visitor: 401, siteAdmin: 204, _: 403 },
  },
  {
    method: 'GET',
    path: '/api/admin/audit',
    url: () => '/api/admin/audit',
    expect: { visitor: 401, siteAdmin: 200, _: 403 },
  },

  // ── Moderation: venue owners (and site administrators) ────────────────────────────────────────────────
  {
    method: 'DELETE',
    path: '/api/venues/:id/messages/:messageId',
    fresh: 'venueMessage',
    url: (s, f) => `/api/venues/${s.venueId}/messages/${f.messageId}`,
    expect: { visitor: 401, owner: 204, siteAdmin: 204, _: 403 },
  },
  {
    method: 'GET',
    path: '/api/venues/:id/mutes',
    url: (s) => `/api/venues/${s.venueId}/mutes`,
    expect: { visitor: 401, owner: 200, siteAdmin: 200, _: 403 },
  },
  {
    method: 'POST',
    path: '/api/venues/:id/mutes',
    fresh: 'user',
    url: (s) => `/api/venues/${s.venueId}/mutes`,
    body: (_s, f) => ({ userId: f.userId, minutes: 10 }),
    expect: { visitor: 401, owner: 201, siteAdmin: 201, _: 403 },
  },
  {
    method: 'DELETE',
    path: '/api/venues/:id/mutes/:userId',
    url: (s) => `/api/venues/${s.venueId}/mutes/${s.users.spare.id}`,
    expect: { visitor: 401, owner: 204, siteAdmin: 204, _: 403 },
  },
  {
    method: 'GET',
    path: '/api/venues/:id/my-mute',
    url: (s) => `/api/venues/${s.venueId}/my-mute`,
    expect: { visitor: 401, _: 200 },
  },
  // ── Venue Live (issue 16) ─────────────────────────────────────────────────────────────────────────────
  { method: 'GET', path: '/api/venues/:id/live', url: (s) => `/api/venues/${s.venueId}/live`, expect: { _: 200 } },
  {
    method: 'GET',
    path: '/api/venues/:id/live/history',
    url: (s) => `/api/venues/${s.venueId}/live/history`,
    expect: { _: 200 },
  },
  {
    method: 'GET',
    path: '/api/venues/:id/live/code',
    case: 'without the TV key',
    url: (s) => `/api/venues/${s.venueId}/live/code`,
    expect: { ...liveHosts(200), _: 403 },
  },
  {
    method: 'POST',
    path: '/api/venues/:id/live/requests',
    fresh: 'ownerSong',
    url: (s) => `/api/venues/${s.venueId}/live/requests`,
    body: (_s, f) => ({ songId: f.songId }),
    expect: { visitor: 401, patron: 201, _: 403 },
  },
  {
    method: 'POST',
    path: '/api/live/entries/:entryId/vote',
    fresh: 'liveEntry',
    url: (_s, f) => `/api/live/entries/${f.entryId}/vote`,
    body: () => ({ value: 1 }),
    expect: { visitor: 401, patron: 200, _: 403 },
  },
  {
    method: 'POST',
    path: '/api/live/entries/:entryId/skip',
    fresh: 'livePlaying',
    url: (_s, f) => `/api/live/entries/${f.entryId}/skip`,
    expect: { visitor: 401, patron: 200, _: 403 },
  },
  {
    method: 'POST',
    path: '/api/venues/:id/live/reactions',
    url: (s) => `/api/venues/${s.venueId}/live/reactions`,
    body: () => ({ emoji: '🎉' }),
    expect: { visitor: 401, patron: 204, _: 403 },
  },
  {
    method: 'GET',
    path: '/api/venues/:id/live/host',
    url: (s) => `/api/venues/${s.venueId}/live/host`,
    expect: { visitor: 401, ...liveHosts(200), _: 403 },
  },
  {
    method: 'POST',
    path: '/api/venues/:id/live/session',
    url: (s) => `/api/venues/${s.venueId}/live/session`,
    body: () => ({ deviceId: LIVE_DEVICE }),
    expect: { visitor: 401, ...liveHosts(200), _: 403 },
  },
  {
    method: 'POST',
    path: '/api/venues/:id/live/heartbeat',
    url: (s) => `/api/venues/${s.venueId}/live/heartbeat`,
    body: () => ({ deviceId: LIVE_DEVICE }),
    expect: { visitor: 401, ...liveHosts(200), _: 403 },
  },
  {
    method: 'POST',
    path: '/api/venues/:id/live/playback',
    fresh: 'livePlaying',
    url: (s) => `/api/venues/${s.venueId}/live/playback`,
    body: (_s, f) => ({ deviceId: LIVE_DEVICE, entryId: f.entryId, event: 'started', positionMs: 0 }),
    expect: { visitor: 401, ...liveHosts(200), _: 403 },
  },
  {
    method: 'POST',
    path: '/api/venues/:id/live/control',
    url: (s) => `/api/venues/${s.venueId}/live/control`,
    body: () => ({ action: 'resume' }),
    expect: { visitor: 401, ...liveHosts(200), _: 403 },
  },
  {
    method: 'DELETE',
    path: '/api/live/entries/:entryId',
    fresh: 'liveEntry',
    url: (_s, f) => `/api/live/entries/${f.entryId}`,
    expect: { visitor: 401, ...liveHosts(204), _: 403 },
  },
  {
    method: 'GET',
    path: '/api/venues/:id/live/settings',
    url: (s) => `/api/venues/${s.venueId}/live/settings`,
    expect: { visitor: 401, ...liveHosts(200), _: 403 },
  },
  {
    method: 'PUT',
    path: '/api/venues/:id/live/settings',
    url: (s) => `/api/venues/${s.venueId}/live/settings`,
    body: () => ({ noRepeatHours: 3 }),
    expect: { visitor: 401, ...liveHosts(200), _: 403 },
  },
  {
    method: 'POST',
    path: '/api/venues/:id/live/display-key',
    url: (s) => `/api/venues/${s.venueId}/live/display-key`,
    expect: { visitor: 401, ...liveHosts(200), _: 403 },
  },
  {
    method: 'GET',
    path: '/api/venues/:id/live/bans',
    url: (s) => `/api/venues/${s.venueId}/live/bans`,
    expect: { visitor: 401, ...liveHosts(200), _: 403 },
  },
  {
    method: 'POST',
    path: '/api/venues/:id/live/bans',
    fresh: 'ownerSong',
    url: (s) => `/api/venues/${s.venueId}/live/bans`,
    body: (_s, f) => ({ songId: f.songId }),
    expect: { visitor: 401, ...liveHosts(201), _: 403 },
  },
  {
    method: 'DELETE',
    path: '/api/venues/:id/live/bans/:banId',
    fresh: 'liveBan',
    url: (s, f) => `/api/venues/${s.venueId}/live/bans/${f.entryId}`,
    expect: { visitor: 401, ...liveHosts(204), _: 403 },
  },
  {
    method: 'GET',
    path: '/api/venues/:id/live/report',
    url: (s) => `/api/venues/${s.venueId}/live/report`,
    expect: { visitor: 401, ...liveHosts(200), _: 403 },
  },
  {
    method: 'GET',
    path: '/api/venues/:id/live/report.csv',
    url: (s) => `/api/venues/${s.venueId}/live/report.csv`,
    expect: { visitor: 401, ...liveHosts(200), _: 403 },
  },
  {
    method: 'GET',
    path: '/api/venues/:id/live/cohosts',
    url: (s) => `/api/venues/${s.venueId}/live/cohosts`,
    expect: { visitor: 401, owner: 200, _: 403 },
  },
  {
    method: 'POST',
    path: '/api/venues/:id/live/cohosts',
    fresh: 'user',
    url: (s) => `/api/venues/${s.venueId}/live/cohosts`,
    body: (_s, f) => ({ email: f.email }),
    expect: { visitor: 401, owner: 201, _: 403 },
  },
  {
    method: 'DELETE',
    path: '/api/venues/:id/live/cohosts/:userId',
    fresh: 'liveCohost',
    url: (s, f) => `/api/venues/${s.venueId}/live/cohosts/${f.userId}`,
    expect: { visitor: 401, owner: 204, _: 403 },
  },
  // Last: joining makes everyone present, leaving makes them absent (the rows above rely on who is present).
  {
    method: 'POST',
    path: '/api/live/join',
    url: () => '/api/live/join',
    body: (s) => ({ code: s.liveCode }),
    expect: { visitor: 401, _: 200 },
  },
  {
    method: 'POST',
    path: '/api/venues/:id/live/leave',
    url: (s) => `/api/venues/${s.venueId}/live/leave`,
    expect: { visitor: 401, _: 204 },
  },
];

// ── Websocket client messages ─────────────────────────────────────────────────────────────────────────────
/** `ok`: the server accepts the message; `refused`: it answers with an `error` event and does nothing. */
export type WsOutcome = 'ok' | 'refused';
export interface WsRow {
  type: 'ping' | 'subscribe' | 'unsubscribe' | 'presence';
  case: string;
  message: (s: Scenario) => Record<string, unknown>;
  expect: Partial<Record<Actor | '_', WsOutcome>>;
}

const okMembers = Object.fromEntries(MEMBERS.map((m) => [m, 'ok'])) as Partial<Record<Actor, WsOutcome>>;

export const WS_MATRIX: WsRow[] = [
  { type: 'ping', case: 'ping', message: () => ({ type: 'ping' }), expect: { _: 'ok' } },
  {
    type: 'subscribe',
    case: 'global room',
    message: () => ({ type: 'subscribe', room: 'global' }),
    expect: { _: 'ok' },
  },
  {
    type: 'subscribe',
    case: 'venue room',
    message: (s) => ({ type: 'subscribe', room: `venue:${s.venueId}` }),
    expect: { _: 'ok' },
  },
  {
    type: 'subscribe',
    case: 'public playlist room',
    message: (s) => ({ type: 'subscribe', room: `playlist:${s.playlists.democratic}` }),
    expect: { _: 'ok' },
  },
  {
    type: 'subscribe',
    case: 'private playlist room',
    message: (s) => ({ type: 'subscribe', room: `playlist:${s.playlists.private}` }),
    expect: { visitor: 'refused', other: 'refused', owner: 'refused', ...okMembers },
  },
  {
    type: 'subscribe',
    case: 'unknown playlist room',
    message: () => ({ type: 'subscribe', room: 'playlist:999999' }),
    expect: { _: 'refused' },
  },
  {
    type: 'subscribe',
    case: 'live room of the venue',
    message: (s) => ({ type: 'subscribe', room: `live:${s.venueId}` }),
    expect: { _: 'ok' },
  },
  {
    type: 'subscribe',
    case: 'live room of a deactivated venue',
    message: (s) => ({ type: 'subscribe', room: `live:${s.inactiveVenueId}` }),
    expect: { _: 'refused' },
  },
  {
    type: 'unsubscribe',
    case: 'a room',
    message: () => ({ type: 'unsubscribe', room: 'global' }),
    expect: { _: 'ok' },
  },
  {
    type: 'presence',
    case: 'in a venue',
    message: (s) => ({ type: 'presence', venueId: s.venueId }),
    expect: { visitor: 'refused', _: 'ok' },
  },
  {
    type: 'presence',
    case: 'no venue',
    message: () => ({ type: 'presence', venueId: null }),
    expect: { visitor: 'refused', _: 'ok' },
  },
  {
    type: 'presence',
    case: 'unknown venue',
    message: () => ({ type: 'presence', venueId: 999999 }),
    expect: { _: 'refused' },
  },
];

/** Registered routes that are not part of the API and so not in the table. */
export function isIgnoredRoute(method: string, path: string): boolean {
  if (method === 'HEAD' || method === 'OPTIONS') return true;
  if (path === '/ws') return true; // the websocket upgrade: covered by WS_MATRIX
  if (path === '/api/docs' || path.startsWith('/api/docs/')) return true; // the OpenAPI UI and document
  if (path.includes('*')) return true; // static assets and the SPA fallback
  return false;
}

/**
 * The expected value of `actor` in an expectation (`_` is the default). Unless a row names them, the blocked and
 * muted members and the site administrator get what `other` gets (they are signed in, unrelated to the item), and
 * the suspended member what the visitor gets (their session ended).
 */
export function expected<T>(e: Partial<Record<Actor | '_', T>>, actor: Actor): T | undefined {
  const like: Partial<Record<Actor, Actor>> = {
    blocked: 'other',
    muted: 'other',
    patron: 'other',
    cohost: 'other',
    siteAdmin: 'other',
    suspended: 'visitor',
  };
  const fallback = like[actor];
  return e[actor] ?? (fallback ? e[fallback] : undefined) ?? e._;
}
