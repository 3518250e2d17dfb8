/** Password hashing: argon2id, OWASP's second recommended profile (19 MiB, t=2, p=1). */

const ARGON = { memoryCost: 19_456, timeCost: 2, parallelism: 1, algorithm: 2 as const };

/** The native argon2 addon, loaded on the first password operation rather than at boot (`npm run bench`, cold start). */
let argon2: Promise<typeof import('@node-rs/argon2')> | undefined;
const argon = () => (argon2 ??= import('@node-rs/argon2'));

export async function hashPassword(password: string): Promise<string> {
  return (await argon()).hash(password, ARGON);
}

/** True when the password matches the hash (false for a malformed hash, never a throw). */
export async function verifyPassword(hash: string, password: string): Promise<boolean> {
  return (await argon()).verify(hash, password).catch(() => false);
}
