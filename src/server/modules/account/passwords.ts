/** Checking a password an account action asks for again (the same argon2id hashes that sign-in writes). */
import { eq } from 'drizzle-orm';
import type { AppDeps } from '../../deps';
import type { DbOrTx } from '../../db/client';
import { passwordCredentials } from '../../db/schema';
import { forbidden } from '../../lib/http-errors';
import { RATE_RULES } from '../../lib/rate-limiter';

let argon2: Promise<typeof import('@node-rs/argon2')> | undefined;
const argon = () => (argon2 ??= import('@node-rs/argon2'));

export async function passwordHashOf(db: DbOrTx, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ hash: passwordCredentials.hash })
    .from(passwordCredentials)
    .where(eq(passwordCredentials.userId, userId))
    .limit(1);
  return row?.hash ?? null;
}

/**
 * Checks the current password of an account action: 403 "Your current password is not right" when wrong, and 429
 * after five wrong ones in 30 minutes (a stolen session must not be a way to guess the password).
 */
export async function checkPassword(deps: Pick<AppDeps, 'limiter'>, userId: string, hash: string, password: string) {
  const retry = deps.limiter.check(RATE_RULES.passwordCheck, userId);
  if (retry > 0) deps.limiter.hit(RATE_RULES.passwordCheck, userId);
  const ok = await (await argon()).verify(hash, password).catch(() => false);
  if (!ok) {
    deps.limiter.record(RATE_RULES.passwordCheck, userId);
    throw forbidden('Your current password is not right');
  }
}
