/** Accounts people manage themselves: password, email, sessions, reset links, export and deletion. */
import { z } from 'zod';
import { DELETE_CONFIRMATION } from '../constants';
import { EmailSchema, PasswordSchema } from './auth';

export { DELETE_CONFIRMATION };

const CurrentPasswordSchema = z
  .string({ message: 'Enter your current password' })
  .min(1, { message: 'Enter your current password' })
  .max(128, { message: 'Password must be at most 128 characters' });

export const ChangePasswordSchema = z.strictObject({
  currentPassword: CurrentPasswordSchema,
  newPassword: PasswordSchema,
});
export type ChangePasswordInput = z.infer<typeof ChangePasswordSchema>;

export const ChangeEmailSchema = z.strictObject({ email: EmailSchema, password: CurrentPasswordSchema });
export type ChangeEmailInput = z.infer<typeof ChangeEmailSchema>;

export const DeleteAccountSchema = z.strictObject({
  /** Required for accounts with a password; accounts that sign in through OpenID Connect have none. */
  password: CurrentPasswordSchema.optional(),
  confirmation: z
    .string({ message: `Type "${DELETE_CONFIRMATION}" to confirm` })
    .max(100, { message: `Type "${DELETE_CONFIRMATION}" to confirm` }),
  /** What happens to one's public songs and chat messages: kept under "Former member", or deleted. */
  publicContent: z.enum(['keep', 'delete'], { message: 'publicContent must be keep or delete' }),
});
export type DeleteAccountInput = z.infer<typeof DeleteAccountSchema>;

export const AccountSchema = z.object({
  id: z.string(),
  email: z.string().nullable(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  /** True when the account has a password (it can change it; deleting asks for it). */
  hasPassword: z.boolean(),
  /** True when the account signs in through OpenID Connect. */
  hasOidc: z.boolean(),
  isAdmin: z.boolean(),
  createdAt: z.string(),
});
export type Account = z.infer<typeof AccountSchema>;

export const SessionInfoSchema = z.object({
  id: z.string(),
  browser: z.string(),
  os: z.string(),
  /** Where it signed in from: the network address. */
  ip: z.string().nullable(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
  current: z.boolean(),
});
export type SessionInfo = z.infer<typeof SessionInfoSchema>;

export const SessionIdParamsSchema = z.object({ id: z.string().regex(/^[a-f0-9]{24}$/, 'not a session id') });
export const EndedSessionsSchema = z.object({ ended: z.number().int() });

export const PasswordResetRequestSchema = z.strictObject({ email: EmailSchema });
export const PasswordResetConfirmSchema = z.strictObject({
  token: z.string({ message: 'The reset link is incomplete' }).min(20).max(200),
  password: PasswordSchema,
});
export const PasswordResetAnswerSchema = z.object({ message: z.string() });
/** Whether this server can mail reset links (otherwise its operator prints them). */
export const PasswordResetAvailabilitySchema = z.object({ email: z.boolean() });
