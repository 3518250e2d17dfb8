/** SQL for accounts: users, password credentials and OIDC identities. */
import crypto from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { oidcIdentities, passwordCredentials, users } from '../../db/schema';

export async function findUserById(db: DbOrTx, id: string) {
  const [user] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return user ?? null;
}

export async function findUserByEmail(db: DbOrTx, email: string) {
  const rows = await db
    .select({ user: users, hash: passwordCredentials.hash })
    .from(users)
    .leftJoin(passwordCredentials, eq(passwordCredentials.userId, users.id))
    .where(sql`lower(${users.email}) = lower(${email})`)
    .limit(1);
  return rows[0] ?? null;
}

export async function insertLocalUser(
  db: DbOrTx,
  input: { email: string; firstName: string; lastName: string; hash: string },
) {
  return db.transaction(async (tx) => {
    const [user] = await tx
      .insert(users)
      .values({ id: crypto.randomUUID(), email: input.email, firstName: input.firstName, lastName: input.lastName })
      .returning();
    await tx.insert(passwordCredentials).values({ userId: user.id, hash: input.hash });
    return user;
  });
}

export async function findUserByIdentity(db: DbOrTx, issuer: string, subject: string) {
  const rows = await db
    .select({ user: users })
    .from(oidcIdentities)
    .innerJoin(users, eq(users.id, oidcIdentities.userId))
    .where(and(eq(oidcIdentities.issuer, issuer), eq(oidcIdentities.subject, subject)))
    .limit(1);
  return rows[0]?.user ?? null;
}

/** Creates a user for a new OIDC identity. The email is stored only when no other account has it. */
export async function insertOidcUser(
  db: DbOrTx,
  input: {
    issuer: string;
    subject: string;
    email: string | null;
    firstName: string | null;
    lastName: string | null;
    profileImageUrl: string | null;
  },
) {
  return db.transaction(async (tx) => {
    const taken = input.email ? await findUserByEmail(tx, input.email) : null;
    const [user] = await tx
      .insert(users)
      .values({
        id: crypto.randomUUID(),
        email: taken ? null : input.email,
        firstName: input.firstName,
        lastName: input.lastName,
        profileImageUrl: input.profileImageUrl,
      })
      .returning();
    await tx.insert(oidcIdentities).values({ issuer: input.issuer, subject: input.subject, userId: user.id });
    return user;
  });
}

export async function updateProfileFromClaims(
  db: DbOrTx,
  userId: string,
  input: { firstName: string | null; lastName: string | null; profileImageUrl: string | null },
) {
  const [user] = await db
    .update(users)
    .set({
      firstName: sql`coalesce(${input.firstName}, ${users.firstName})`,
      lastName: sql`coalesce(${input.lastName}, ${users.lastName})`,
      profileImageUrl: sql`coalesce(${input.profileImageUrl}, ${users.profileImageUrl})`,
      updatedAt: new Date(),
    })
    .where(eq(users.id, userId))
    .returning();
  return user;
}
