/**
 * Server-side sessions in the sessions table. The cookie carries a random token; the table keeps its SHA-256,
 * so a leaked database dump holds no usable session.
 */
import crypto from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import cookie from '@fastify/cookie';
import { and, eq, gt, lt } from 'drizzle-orm';
import type { Db } from '../db/client';
import { sessions, users } from '../db/schema';
import { unauthorized } from '../lib/http-errors';

export const SESSION_COOKIE = 'crowdmix_sid';

export type UserRow = typeof users.$inferSelect;

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, or null for visitors. Loaded for /api and /ws requests only. */
    user: UserRow | null;
    /** The hashed session id of this request's cookie, when it named a live session. */
    sessionSid: string | null;
  }
}

export const hashToken = (token: string) => crypto.createHash('sha256').update(token).digest('base64url');

export interface SessionOptions {
  db: Db;
  ttlMs: number;
  secure: boolean;
}

export class SessionStore {
  /** Built once and prepared: the lookup runs on every signed-in request (see `npm run bench`). */
  private readonly lookup;

  constructor(private readonly opts: SessionOptions) {
    this.lookup = opts.db
      .select({ user: users })
      .from(sessions)
      .innerJoin(users, eq(users.id, sql`${sessions.sess}->>'userId'`))
      .where(and(eq(sessions.sid, sql.placeholder('sid')), gt(sessions.expire, sql`now()`)))
      .limit(1)
      .prepare('crowdmix_session_user');
  }

  /** Creates a session for `userId` and returns the cookie token. */
  async create(userId: string, extra: Record<string, unknown> = {}): Promise<string> {
    const token = crypto.randomBytes(32).toString('base64url');
    await this.opts.db.insert(sessions).values({
      sid: hashToken(token),
      sess: { userId, createdAt: new Date().toISOString(), ...extra },
      expire: new Date(Date.now() + this.opts.ttlMs),
    });
    return token;
  }

  /** Finds the user of a live session token. */
  async userFor(token: string): Promise<{ sid: string; user: UserRow } | null> {
    const sid = hashToken(token);
    const rows = await this.lookup.execute({ sid });
    return rows[0] ? { sid, user: rows[0].user } : null;
  }

  async destroyBySid(sid: string): Promise<void> {
    await this.opts.db.delete(sessions).where(eq(sessions.sid, sid));
  }

  /** Deletes expired sessions; returns how many. */
  async sweep(): Promise<number> {
    const deleted = await this.opts.db.delete(sessions).where(lt(sessions.expire, new Date())).returning({ sid: sessions.sid });
    return deleted.length;
  }

  setCookie(reply: FastifyReply, token: string) {
    reply.setCookie(SESSION_COOKIE, token, {
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure: this.opts.secure,
      maxAge: Math.floor(this.opts.ttlMs / 1000),
    });
  }

  clearCookie(reply: FastifyReply) {
    reply.clearCookie(SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax', secure: this.opts.secure });
  }

  /** Signs `userId` in on this response: ends the request's old session and issues a new id. */
  async signIn(request: FastifyRequest, reply: FastifyReply, userId: string): Promise<void> {
    if (request.sessionSid) await this.destroyBySid(request.sessionSid);
    const old = request.cookies[SESSION_COOKIE];
    if (old) await this.destroyBySid(hashToken(old));
    const token = await this.create(userId);
    this.setCookie(reply, token);
  }

  async signOut(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const token = request.cookies[SESSION_COOKIE];
    if (token) await this.destroyBySid(hashToken(token));
    this.clearCookie(reply);
  }
}

import { sql } from 'drizzle-orm';

/** Registers cookie parsing and loads `request.user` for API and websocket requests. */
export async function registerSessions(app: FastifyInstance, store: SessionStore) {
  await app.register(cookie);
  app.decorateRequest('user', null);
  app.decorateRequest('sessionSid', null);
  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith('/api/') && !request.url.startsWith('/ws')) return;
    const token = request.cookies[SESSION_COOKIE];
    if (!token || token.length > 100) return;
    const found = await store.userFor(token);
    if (found) {
      request.user = found.user;
      request.sessionSid = found.sid;
    }
  });
}

/** The signed-in user, or a 401. */
export function requireUser(request: FastifyRequest): UserRow {
  if (!request.user) throw unauthorized();
  return request.user;
}
