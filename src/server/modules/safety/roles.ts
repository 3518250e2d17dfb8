/**
 * Who moderates and who may not sign in: administrators (the users.is_admin flag, or an address in ADMIN_EMAILS)
 * and suspensions (users.suspended_until; 9999-12-31 stands for "for good").
 */
import { eq } from 'drizzle-orm';
import type { AppDeps } from '../../deps';
import type { DbOrTx } from '../../db/client';
import { FORMER_MEMBER_ID, users } from '../../db/schema';
import { AppError, forbidden } from '../../lib/http-errors';

/** The date that stands for a suspension without end. */
export const FOREVER = new Date('9999-12-31T00:00:00Z');

export const isForever = (d: Date) => d.getTime() >= FOREVER.getTime();

/** True when the account is an administrator (flag or ADMIN_EMAILS). */
export function isAdminRow(
  config: Pick<AppDeps['config'], 'adminEmails'>,
  row: { isAdmin: boolean; email: string | null },
) {
  return row.isAdmin || (row.email !== null && config.adminEmails.includes(row.email.toLowerCase()));
}

export async function findUserRow(db: DbOrTx, userId: string) {
  if (userId === FORMER_MEMBER_ID) return null;
  const [row] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  return row ?? null;
}

export async function isAdmin(deps: Pick<AppDeps, 'db' | 'config'>, userId: string): Promise<boolean> {
  const row = await findUserRow(deps.db, userId);
  return Boolean(row && isAdminRow(deps.config, row));
}

/** 403 unless the caller is an administrator. */
export async function requireAdmin(deps: Pick<AppDeps, 'db' | 'config'>, userId: string): Promise<void> {
  if (!(await isAdmin(deps, userId))) throw forbidden('Only administrators can do this');
}

/** The words that tell a suspended person why they cannot sign in. */
export function suspensionMessage(until: Date, reason: string | null): string {
  const when = isForever(until)
    ? 'This account has been suspended.'
    : `This account is suspended until ${until.toISOString().slice(0, 16).replace('T', ' ')} UTC.`;
  return reason ? `${when} Reason: ${reason}` : when;
}

/** The sign-in guard: a suspended account gets 403 with when and why; the former-member account never signs in. */
export async function refuseSuspended(db: DbOrTx, userId: string): Promise<void> {
  if (userId === FORMER_MEMBER_ID) throw forbidden('This account cannot sign in');
  const [row] = await db
    .select({ until: users.suspendedUntil, reason: users.suspensionReason })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (row?.until && row.until.getTime() > Date.now())
    throw new AppError(403, suspensionMessage(row.until, row.reason), 'FORBIDDEN');
}
