/**
 * Password reset by a single-use link that expires: the token travels only in the mail (or the operator's
 * terminal), the table keeps its SHA-256. Asking for a link answers the same, at once, whether or not an account
 * has the address: the lookup and the mail happen after the answer. Using a link ends every session of the account.
 */
import crypto from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { AppDeps } from '../../deps';
import type { DbOrTx } from '../../db/client';
import { passwordCredentials, passwordResets, users } from '../../db/schema';
import { badRequest } from '../../lib/http-errors';
import { RATE_RULES } from '../../lib/rate-limiter';
import { hashPassword } from '../../lib/password';
import { hashToken } from '../../plugins/session';
import type { Mailer } from './mailer';

export const RESET_ANSWER =
  'If an account uses this address, we have sent it a link to choose a new password. The link works once, for a limited time.';
export const INVALID_LINK = 'This reset link is not valid any more. Ask for a new one.';

/** The page that takes a reset token. */
export const resetLink = (baseUrl: string, token: string) =>
  `${baseUrl.replace(/\/$/, '')}/reset-password?token=${encodeURIComponent(token)}`;

/** Makes a new reset token for the user (earlier unused ones stay valid until they expire or one is used). */
export async function createResetToken(db: DbOrTx, userId: string, ttlMs: number): Promise<string> {
  const token = crypto.randomBytes(32).toString('base64url');
  await db
    .insert(passwordResets)
    .values({ userId, tokenHash: hashToken(token), expiresAt: new Date(Date.now() + ttlMs) });
  return token;
}

/** The local account that owns an address, if any (accounts without a password have nothing to reset). */
export async function findResettable(db: DbOrTx, email: string) {
  const [row] = await db
    .select({ id: users.id, email: users.email, firstName: users.firstName })
    .from(users)
    .innerJoin(passwordCredentials, eq(passwordCredentials.userId, users.id))
    .where(sql`lower(${users.email}) = lower(${email})`)
    .limit(1);
  return row ?? null;
}

/** Answers a reset request: rate limits first (per network and per address), then the work in the background. */
export function requestReset(
  deps: Pick<AppDeps, 'db' | 'config' | 'limiter'>,
  mailer: Mailer,
  email: string,
  ip: string,
) {
  deps.limiter.hit(RATE_RULES.resetPerIp, ip);
  deps.limiter.hit(RATE_RULES.resetPerEmail, email.toLowerCase());
  const appUrl = deps.config.appUrl!;
  const minutes = Math.round(deps.config.passwordResetTtlMs / 60_000);
  mailer.background(async () => {
    const account = await findResettable(deps.db, email);
    if (!account?.email) return;
    const token = await createResetToken(deps.db, account.id, deps.config.passwordResetTtlMs);
    await mailer.send({
      to: account.email,
      subject: 'Reset your CrowdMix password',
      text: [
        `Hi ${account.firstName ?? 'there'},`,
        '',
        'Someone (hopefully you) asked to reset the password of your CrowdMix account. Choose a new one here:',
        '',
        resetLink(appUrl, token),
        '',
        `The link works once and expires in ${minutes} minutes. Using it signs your account out everywhere.`,
        'If you did not ask for this, ignore this mail: your password stays as it is.',
      ].join('\n'),
    });
  });
}

/** Sets a new password through a reset link: single use, unexpired; then every session of the account ends. */
export async function confirmReset(deps: Pick<AppDeps, 'db' | 'sessions'>, token: string, password: string) {
  const hash = await hashPassword(password);
  const userId = await deps.db.transaction(async (tx) => {
    // Taking the link and using it is one statement: two uses racing each other cannot both succeed.
    const [used] = await tx
      .update(passwordResets)
      .set({ usedAt: new Date() })
      .where(
        and(
          eq(passwordResets.tokenHash, hashToken(token)),
          isNull(passwordResets.usedAt),
          gt(passwordResets.expiresAt, sql`now()`),
        ),
      )
      .returning({ userId: passwordResets.userId });
    if (!used) return null;
    await tx
      .insert(passwordCredentials)
      .values({ userId: used.userId, hash })
      .onConflictDoUpdate({ target: passwordCredentials.userId, set: { hash, updatedAt: new Date() } });
    // Every other link of the account dies with this one.
    await tx.delete(passwordResets).where(and(eq(passwordResets.userId, used.userId), isNull(passwordResets.usedAt)));
    return used.userId;
  });
  if (!userId) throw badRequest(INVALID_LINK, 'token');
  await deps.sessions.destroyAllForUser(userId);
}
