/** Local accounts: registration and sign-in with argon2id and throttling. */
import type { LoginInput, RegisterInput } from '../../../shared/schemas/auth';
import type { Db } from '../../db/client';
import { conflict, isUniqueViolation, unauthorized } from '../../lib/http-errors';
import { hashPassword, verifyPassword } from '../../lib/password';
import * as repo from './auth.repository';
import type { SignInThrottle } from './sign-in-throttle';

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

/**
 * Checks credentials, throttled (ADR 014): failures are refused per account and address and attempts per address;
 * an account failing from many addresses makes each attempt `wait` a growing, capped delay instead of a lock.
 */
export async function login(
  db: Db,
  throttle: SignInThrottle,
  wait: (ms: number) => Promise<void>,
  input: LoginInput,
  ip: string,
) {
  const account = input.email.toLowerCase();
  const delay = throttle.admit(account, ip);
  if (delay > 0) await wait(delay);
  const found = await repo.findUserByEmail(db, input.email);
  const ok = found?.hash ? await verifyPassword(found.hash, input.password) : await burnTime(input.password);
  if (!found || !found.hash || !ok) {
    throttle.failed(account, ip);
    throw unauthorized(WRONG_CREDENTIALS);
  }
  throttle.succeeded(account, ip);
  return found.user;
}

/** Spends the same time as a real verification so that unknown emails cannot be told apart by timing. */
async function burnTime(password: string): Promise<false> {
  dummyHash ??= hashPassword('crowdmix-timing-equaliser');
  await verifyPassword(await dummyHash, password);
  return false;
}
