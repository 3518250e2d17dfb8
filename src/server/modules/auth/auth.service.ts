/** Local accounts: registration and sign-in with argon2id and throttling. */
import type { LoginInput, RegisterInput } from '../../../shared/schemas/auth';
import type { Db } from '../../db/client';
import { AppError, conflict, isUniqueViolation, unauthorized } from '../../lib/http-errors';
import { hashPassword, verifyPassword } from '../../lib/password';
import { RATE_RULES, type RateLimiter } from '../../lib/rate-limiter';
import * as repo from './auth.repository';

const WRONG_CREDENTIALS = 'Incorrect email or password';
let dummyHash: Promise<string> | undefined;

/** The signed-in user's row, read fresh (the session cache holds identity only); 401 when it is gone. */
export async function currentUser(db: Db, userId: string) {
  const user = await repo.findUserById(db, userId);
  if (!user) throw unauthorized();
  return user;
}

export async function register(db: Db, input: RegisterInput) {
  const existing = await repo.findUserByEmail(db, input.email);
  if (existing) throw conflict('An account with this email already exists');
  const passwordHash = await hashPassword(input.password);
  try {
    return await repo.insertLocalUser(db, {
      email: input.email,
      firstName: input.firstName,
      lastName: input.lastName,
      hash: passwordHash,
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict('An account with this email already exists');
    throw err;
  }
}

/** Checks credentials; throttles per account (5 failures / 30 min) and per IP (25 / 5 min). */
export async function login(db: Db, limiter: RateLimiter, input: LoginInput, ip: string) {
  const account = input.email.toLowerCase();
  const retry = Math.max(limiter.check(RATE_RULES.loginPerAccount, account), limiter.check(RATE_RULES.loginPerIp, ip));
  if (retry > 0) {
    const rule =
      limiter.check(RATE_RULES.loginPerAccount, account) > 0 ? RATE_RULES.loginPerAccount : RATE_RULES.loginPerIp;
    throw new AppError(429, rule.message, 'RATE_LIMITED', { retryAfterSeconds: retry });
  }
  limiter.record(RATE_RULES.loginPerIp, ip);
  const found = await repo.findUserByEmail(db, input.email);
  const ok = found?.hash ? await verifyPassword(found.hash, input.password) : await burnTime(input.password);
  if (!found || !found.hash || !ok) {
    limiter.record(RATE_RULES.loginPerAccount, account);
    throw unauthorized(WRONG_CREDENTIALS);
  }
  limiter.reset(RATE_RULES.loginPerAccount, account);
  return found.user;
}

/** Spends the same time as a real verification so that unknown emails cannot be told apart by timing. */
async function burnTime(password: string): Promise<false> {
  dummyHash ??= hashPassword('crowdmix-timing-equaliser');
  await verifyPassword(await dummyHash, password);
  return false;
}
