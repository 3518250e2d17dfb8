/** A person's own account: who they are, password and email changes, their sessions, export and deletion. */
import crypto from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type {
  Account,
  ChangeEmailInput,
  ChangePasswordInput,
  DeleteAccountInput,
  SessionInfo,
} from '../../../shared/schemas/account';
import { DELETE_CONFIRMATION } from '../../../shared/schemas/account';
import type { AppDeps } from '../../deps';
import { oidcIdentities, passwordCredentials, passwordResets, sessions, users } from '../../db/schema';
import { badRequest, conflict, isUniqueViolation, notFound, unauthorized } from '../../lib/http-errors';
import { hashPassword } from '../../lib/password';
import { isAdminRow, findUserRow } from '../safety/roles';
import { deleteAccountData } from './account-deletion';
import { checkPassword, passwordHashOf } from './passwords';
import { describeUserAgent } from './user-agent';

type Deps = Pick<AppDeps, 'db' | 'hub' | 'config' | 'sessions' | 'limiter'>;

/** The id a session is known by on screen: derived from its hashed id, so the hashed id itself never leaves. */
export const publicSessionId = (sid: string) =>
  crypto.createHash('sha256').update(`session:${sid}`).digest('hex').slice(0, 24);

async function me(deps: Pick<AppDeps, 'db'>, userId: string) {
  const row = await findUserRow(deps.db, userId);
  if (!row) throw unauthorized();
  return row;
}

export async function getAccount(deps: Deps, userId: string): Promise<Account> {
  const row = await me(deps, userId);
  const [hash, oidc] = await Promise.all([
    passwordHashOf(deps.db, userId),
    deps.db
      .select({ s: oidcIdentities.subject })
      .from(oidcIdentities)
      .where(eq(oidcIdentities.userId, userId))
      .limit(1),
  ]);
  return {
    id: row.id,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    hasPassword: hash !== null,
    hasOidc: oidc.length > 0,
    isAdmin: isAdminRow(deps.config, row),
    createdAt: row.createdAt.toISOString(),
  };
}

const NO_PASSWORD = 'This account signs in through your identity provider and has no password here';

/** Changes the password (the current one required); every other session of the person ends at once. */
export async function changePassword(
  deps: Deps,
  userId: string,
  currentSid: string | null,
  input: ChangePasswordInput,
) {
  const hash = await passwordHashOf(deps.db, userId);
  if (!hash) throw badRequest(NO_PASSWORD);
  await checkPassword(deps, userId, hash, input.currentPassword);
  const next = await hashPassword(input.newPassword);
  await deps.db.transaction(async (tx) => {
    await tx
      .update(passwordCredentials)
      .set({ hash: next, updatedAt: new Date() })
      .where(eq(passwordCredentials.userId, userId));
    // A reset link mailed before the change must not undo it.
    await tx.delete(passwordResets).where(eq(passwordResets.userId, userId));
  });
  return deps.sessions.destroyAllForUser(userId, currentSid);
}

/** Changes the sign-in email (the password required). Addresses that would make an administrator are refused. */
export async function changeEmail(deps: Deps, userId: string, input: ChangeEmailInput) {
  const hash = await passwordHashOf(deps.db, userId);
  if (!hash) throw badRequest(`${NO_PASSWORD}; its email comes from there`);
  await checkPassword(deps, userId, hash, input.password);
  const row = await me(deps, userId);
  if (deps.config.adminEmails.includes(input.email.toLowerCase()) && !isAdminRow(deps.config, row))
    throw conflict('This email address is not available');
  try {
    await deps.db.update(users).set({ email: input.email, updatedAt: new Date() }).where(eq(users.id, userId));
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict('An account with this email already exists');
    throw err;
  }
  return getAccount(deps, userId);
}

/** The person's sessions, this device first, then by last activity. */
export async function listSessions(deps: Deps, userId: string, currentSid: string | null): Promise<SessionInfo[]> {
  const rows = await deps.db
    .select()
    .from(sessions)
    .where(and(eq(sessions.userId, userId), sql`${sessions.expire} > now()`));
  return rows
    .map((s) => ({
      id: publicSessionId(s.sid),
      ...describeUserAgent(s.userAgent),
      ip: s.ip,
      createdAt: s.createdAt.toISOString(),
      lastSeenAt: s.lastSeenAt.toISOString(),
      current: s.sid === currentSid,
    }))
    .sort((a, b) => Number(b.current) - Number(a.current) || b.lastSeenAt.localeCompare(a.lastSeenAt));
}

/** Ends one of the person's sessions (this one too, which signs this browser out). */
export async function endSession(deps: Deps, userId: string, publicId: string) {
  const rows = await deps.db.select({ sid: sessions.sid }).from(sessions).where(eq(sessions.userId, userId));
  const found = rows.find((r) => publicSessionId(r.sid) === publicId);
  if (!found) throw notFound('Session not found');
  await deps.sessions.destroyBySid(found.sid);
  return found.sid;
}

export function endOtherSessions(deps: Deps, userId: string, currentSid: string | null) {
  return deps.sessions.destroyAllForUser(userId, currentSid);
}

/**
 * Deletes the account: the password (when it has one) and the typed confirmation first; then every session ends,
 * the data goes in one transaction, and every instance hears what changed.
 */
export async function deleteAccount(deps: Deps, userId: string, input: DeleteAccountInput) {
  const hash = await passwordHashOf(deps.db, userId);
  if (hash) {
    if (!input.password) throw badRequest('Enter your password to delete your account', 'password');
    await checkPassword(deps, userId, hash, input.password);
  }
  if (input.confirmation.trim().toLowerCase() !== DELETE_CONFIRMATION)
    throw badRequest(`Type "${DELETE_CONFIRMATION}" to confirm`, 'confirmation');
  await deps.sessions.destroyAllForUser(userId);
  const out = await deleteAccountData(deps, userId, input.publicContent);
  const hub = deps.hub;
  for (const venueId of out.mixContexts) await hub.publish({ type: 'songs_changed', venueId }, { kind: 'all' }, []);
  await hub.signal('votes_changed', userId);
  if (out.venuesChanged) await hub.publish({ type: 'venues_changed' }, { kind: 'all' });
  for (const playlistId of out.playlists)
    await hub.publish({ type: 'playlist_changed', playlistId }, { kind: 'room', room: `playlist:${playlistId}` });
  if (out.playlists.size || out.publicSongsChanged) await hub.publish({ type: 'playlists_changed' }, { kind: 'all' });
  for (const m of out.removedChat)
    await hub.publish(
      { type: 'chat_message_removed', room: m.room, messageId: m.messageId },
      { kind: 'room', room: m.room },
    );
  await hub.publish({ type: 'presence_changed' }, { kind: 'all' });
}
