/**
 * Server-side sessions in the sessions table. The cookie carries a random token; the table keeps its SHA-256,
 * so a leaked database dump holds no usable session.
 *
 * Each instance keeps the sessions it has seen in memory (hashed id → user id, expiry), so that a signed-in
 * request costs no database round trip. Ending a session drops it here at once and on every other instance through
 * the hub's `session_ended` signal (NOTIFY, milliseconds); a cached entry is re-checked against the table after
 * CACHE_RECHECK_MS in any case. See docs/decisions/009-read-path-caches.md.
 */
import crypto from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import cookie from '@fastify/cookie';
import { and, eq, gt, inArray, lt, ne, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { sessions, users } from '../db/schema';
import { InFlightBatcher } from '../lib/in-flight-batcher';
import type { RealtimeHub } from '../realtime/hub';

/** The session cookie's name over plain http (local development). */
export const SESSION_COOKIE = 'crowdmix_sid';
/**
 * Its name behind https: the `__Host-` prefix makes the browser refuse it unless it is Secure, for path / and
 * without a Domain, so a sibling host or a plain-http page cannot plant or shadow it (ADR 014).
 */
export const SECURE_SESSION_COOKIE = `__Host-${SESSION_COOKIE}`;

/** The session cookie's name for a server whose public URL is https (`secure`) or not. */
export const sessionCookieName = (secure: boolean) => (secure ? SECURE_SESSION_COOKIE : SESSION_COOKIE);

export type UserRow = typeof users.$inferSelect;

/**
 * Who a request is signed in as. Identity only: profile fields (name, mood…) change under a live session, so a
 * route that shows them loads the user's row itself.
 */
export interface SessionUser {
  id: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, or null for visitors. Loaded for /api and /ws requests only. */
    user: SessionUser | null;
    /** The hashed session id of this request's cookie, when it named a live session. */
    sessionSid: string | null;
    /** The session cookie's value as sent (live or not), for API and websocket requests. */
    sessionToken: string | null;
  }
}

export const hashToken = (token: string) => crypto.createHash('sha256').update(token).digest('base64url');

export interface SessionOptions {
  db: Db;
  ttlMs: number;
  secure: boolean;
  /** Carries `session_ended` to the other instances and closes the session's sockets. */
  hub: Pick<RealtimeHub, 'signal' | 'onSignal' | 'onResync' | 'closeSession'>;
  now?: () => number;
  /** Sessions cached at most (SESSION_CACHE_MAX, ADR 022); also the cap on last-seen times and recent sign-outs. */
  cacheMax?: number;
}

/** How long a cached session is trusted before the table is asked again (a bound for a missed signal). */
export const CACHE_RECHECK_MS = 60_000;
/** A session's last-seen time is written at most this often. */
export const TOUCH_EVERY_MS = 5 * 60_000;
/** At most this many sessions are looked up in one statement. */
const LOOKUP_BATCH_MAX = 200;
/** Last-seen times recorded within this long are written together. */
export const TOUCH_WRITE_MS = 1_000;
/** At most this many sessions' last-seen times go in one statement. */
const TOUCH_WRITE_MAX = 1_000;
/** At most this many sessions are cached per instance by default; the least recently checked go first. */
const CACHE_MAX = 100_000;

/** Drops a map's oldest entries (insertion order) until it holds at most `max`. */
function capOldest(map: Map<string, unknown>, max: number) {
  while (map.size > max) map.delete(map.keys().next().value!);
}

interface CachedSession {
  userId: string;
  expiresAt: number;
  checkedAt: number;
}

export class SessionStore {
  /**
   * Looks uncached sessions up, built once and prepared (it runs on every uncached signed-in request, see `npm run
   * bench`); the sessions asked for in one turn of the event loop, or while a lookup is in flight, go together (a
   * burst of requests after a restart, ADR 048).
   */
  private readonly lookups: InFlightBatcher<string, { userId: string; expire: Date } | undefined>;
  private readonly cache = new Map<string, CachedSession>();
  private readonly now: () => number;
  private readonly cacheMax: number;
  /** `__Host-crowdmix_sid` behind https, `crowdmix_sid` over plain http. */
  readonly cookieName: string;

  constructor(private readonly opts: SessionOptions) {
    this.now = opts.now ?? Date.now;
    this.cacheMax = opts.cacheMax ?? CACHE_MAX;
    this.cookieName = sessionCookieName(opts.secure);
    const lookup = opts.db
      .select({ sid: sessions.sid, userId: users.id, expire: sessions.expire })
      .from(sessions)
      .innerJoin(users, eq(users.id, sql`${sessions.sess}->>'userId'`))
      .where(and(sql`${sessions.sid} = any(${sql.placeholder('sids')})`, gt(sessions.expire, sql`now()`)))
      .prepare('crowdmix_session_users');
    this.lookups = new InFlightBatcher<string, { userId: string; expire: Date } | undefined>(
      async (sids: string[]) => {
        const found = new Map((await lookup.execute({ sids })).map((row) => [row.sid, row]));
        return sids.map((sid) => found.get(sid));
      },
      (waiting) => Math.min(waiting.length, LOOKUP_BATCH_MAX),
      true,
    );
    opts.hub.onSignal('session_ended', (sid) => {
      this.forget(sid);
      opts.hub.closeSession(sid);
    });
    // A gap in the realtime channel may have hidden sign-outs: every session is checked against the table again.
    opts.hub.onResync(() => this.cache.clear());
  }

  /** Creates a session for `userId` and returns the cookie token. `device`: what the sessions list shows. */
  async create(
    userId: string,
    extra: Record<string, unknown> = {},
    device: { userAgent?: string | null; ip?: string | null } = {},
  ): Promise<string> {
    const token = crypto.randomBytes(32).toString('base64url');
    await this.opts.db.insert(sessions).values({
      sid: hashToken(token),
      sess: { userId, createdAt: new Date().toISOString(), ...extra },
      expire: new Date(Date.now() + this.opts.ttlMs),
      userAgent: device.userAgent?.slice(0, 500) ?? null,
      ip: device.ip?.slice(0, 100) ?? null,
    });
    return token;
  }

  /** Checks run before any sign-in (a suspended account is refused); they throw to refuse. */
  private readonly signInGuards: ((userId: string) => Promise<void>)[] = [];

  /** Adds a check that every sign-in must pass (password, OpenID Connect, registration). */
  onSignIn(guard: (userId: string) => Promise<void>) {
    this.signInGuards.push(guard);
  }

  /**
   * Ends every session of a user, except `exceptSid` when given, on every instance (their sockets close too).
   * Returns how many ended.
   */
  async destroyAllForUser(userId: string, exceptSid?: string | null): Promise<number> {
    const where = exceptSid
      ? and(eq(sessions.userId, userId), ne(sessions.sid, exceptSid))
      : eq(sessions.userId, userId);
    const ended = await this.opts.db.delete(sessions).where(where).returning({ sid: sessions.sid });
    for (const { sid } of ended) {
      this.forget(sid);
      await this.opts.hub.signal('session_ended', sid);
    }
    return ended.length;
  }

  /** When each session's last-seen time was last written here: at most once per TOUCH_EVERY_MS. */
  private readonly touchedAt = new Map<string, number>();
  /** Sessions seen since the last write of last-seen times, and the timer of the next write. */
  private readonly unwrittenTouches = new Set<string>();
  private touchTimer: NodeJS.Timeout | undefined;

  /**
   * Records activity on a session (the sessions list's "last seen"), throttled, off the request's path: the sessions
   * seen within TOUCH_WRITE_MS are written together, in one statement (a burst of new voters costs one write, ADR 048).
   */
  touch(sid: string) {
    const now = this.now();
    if (now - (this.touchedAt.get(sid) ?? -Infinity) < TOUCH_EVERY_MS) return;
    this.touchedAt.delete(sid);
    this.touchedAt.set(sid, now);
    capOldest(this.touchedAt, this.cacheMax);
    this.unwrittenTouches.add(sid);
    if (!this.touchTimer) {
      this.touchTimer = setTimeout(() => void this.writeTouches(), TOUCH_WRITE_MS);
      this.touchTimer.unref();
    }
  }

  /** Writes the last-seen times recorded since the last write (also when the app closes). */
  async writeTouches(): Promise<void> {
    clearTimeout(this.touchTimer);
    this.touchTimer = undefined;
    const sids = [...this.unwrittenTouches];
    this.unwrittenTouches.clear();
    const seenAt = new Date(this.now());
    for (let i = 0; i < sids.length; i += TOUCH_WRITE_MAX) {
      await this.opts.db
        .update(sessions)
        .set({ lastSeenAt: seenAt })
        .where(inArray(sessions.sid, sids.slice(i, i + TOUCH_WRITE_MAX)))
        .catch(() => undefined);
    }
  }

  /** Finds the user of a live session token: from the cache when it was checked recently, else from the table. */
  async userFor(token: string): Promise<{ sid: string; user: SessionUser } | null> {
    const sid = hashToken(token);
    const started = this.now();
    const hit = this.cache.get(sid);
    if (hit && started < hit.expiresAt && started - hit.checkedAt < CACHE_RECHECK_MS)
      return { sid, user: { id: hit.userId } };
    if (hit) this.cache.delete(sid);
    const row = await this.lookups.add(sid);
    if (!row) return null;
    // The session ended (here or on another instance) while the row was being read: it is over.
    if ((this.endedAt.get(sid) ?? -Infinity) >= started) return null;
    this.cache.set(sid, { userId: row.userId, expiresAt: row.expire.getTime(), checkedAt: started });
    capOldest(this.cache, this.cacheMax);
    return { sid, user: { id: row.userId } };
  }

  /** Sessions ended lately (sid → when), so that a lookup that raced the end does not cache it again. */
  private readonly endedAt = new Map<string, number>();

  private forget(sid: string) {
    const now = this.now();
    this.cache.delete(sid);
    this.touchedAt.delete(sid);
    this.unwrittenTouches.delete(sid);
    this.endedAt.delete(sid);
    this.endedAt.set(sid, now);
    if (this.endedAt.size > 1_000) {
      for (const [key, at] of this.endedAt) if (now - at > CACHE_RECHECK_MS) this.endedAt.delete(key);
    }
    // A flood of sign-outs within CACHE_RECHECK_MS: the oldest go (a lookup that raced one of them is that old).
    capOldest(this.endedAt, this.cacheMax);
  }

  /** Ends a session: deletes its row, then drops it from every instance's cache and closes its sockets. */
  async destroyBySid(sid: string): Promise<void> {
    this.forget(sid);
    await this.opts.db.delete(sessions).where(eq(sessions.sid, sid));
    await this.opts.hub.signal('session_ended', sid);
  }

  /** What this instance holds per session (for tests and the memory figures of docs/scaling.md). */
  get held() {
    return { sessions: this.cache.size, touched: this.touchedAt.size, ended: this.endedAt.size };
  }

  /** Deletes expired sessions; returns how many. (Cached entries carry their expiry and lapse on their own.) */
  async sweep(): Promise<number> {
    const deleted = await this.opts.db
      .delete(sessions)
      .where(lt(sessions.expire, new Date()))
      .returning({ sid: sessions.sid });
    return deleted.length;
  }

  setCookie(reply: FastifyReply, token: string) {
    reply.setCookie(this.cookieName, token, {
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure: this.opts.secure,
      maxAge: Math.floor(this.opts.ttlMs / 1000),
    });
  }

  clearCookie(reply: FastifyReply) {
    reply.clearCookie(this.cookieName, { path: '/', httpOnly: true, sameSite: 'lax', secure: this.opts.secure });
  }

  /** Signs `userId` in on this response: ends the request's old session and issues a new id. */
  async signIn(request: FastifyRequest, reply: FastifyReply, userId: string): Promise<void> {
    for (const guard of this.signInGuards) await guard(userId);
    if (request.sessionSid) await this.destroyBySid(request.sessionSid);
    const old = request.cookies[this.cookieName];
    if (old) await this.destroyBySid(hashToken(old));
    const token = await this.create(userId, {}, { userAgent: request.headers['user-agent'], ip: request.ip });
    this.setCookie(reply, token);
  }

  async signOut(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const token = request.cookies[this.cookieName];
    if (token) await this.destroyBySid(hashToken(token));
    this.clearCookie(reply);
  }
}

/** Parses cookies and loads `request.user` for API and websocket requests (other paths need neither). */
export async function registerSessions(app: FastifyInstance, store: SessionStore) {
  await app.register(cookie, { hook: false });
  app.decorateRequest('user', null);
  app.decorateRequest('sessionSid', null);
  app.decorateRequest('sessionToken', null);
  const name = store.cookieName;
  // Synchronous unless there is a session to look up: most requests (assets, probes, visitors) cost no promise.
  app.addHook('onRequest', (request, _reply, done) => {
    const url = request.url;
    if (!url.startsWith('/api/') && !url.startsWith('/ws')) return done();
    const header = request.headers.cookie;
    request.cookies = header ? app.parseCookie(header) : {};
    const token = request.cookies[name];
    if (!token) return done();
    request.sessionToken = token;
    if (token.length > 100) return done();
    store.userFor(token).then((found) => {
      if (found) {
        request.user = found.user;
        request.sessionSid = found.sid;
        store.touch(found.sid);
      }
      done();
    }, done);
  });
}
