/** Accounts and the current user. */
import { z } from 'zod';
import { noControlChars } from './common';

export const EmailSchema = z
  .string({ message: 'Email is required' })
  .trim()
  .min(1, { message: 'Email is required' })
  .max(254, { message: 'Email is too long' })
  .pipe(z.email({ message: 'Enter a valid email address' }));

export const PasswordSchema = z
  .string({ message: 'Password is required' })
  .min(8, { message: 'Password must be at least 8 characters' })
  .max(128, { message: 'Password must be at most 128 characters' });

const NameSchema = (label: string) =>
  z
    .string({ message: `${label} is required` })
    .trim()
    .min(1, { message: `${label} is required` })
    .max(50, { message: `${label} must be at most 50 characters` })
    .refine(noControlChars, { message: `${label} contains characters that are not allowed` });

export const RegisterSchema = z.strictObject({
  email: EmailSchema,
  password: PasswordSchema,
  firstName: NameSchema('First name'),
  lastName: NameSchema('Last name'),
});
export type RegisterInput = z.infer<typeof RegisterSchema>;

export const LoginSchema = z.strictObject({
  email: EmailSchema,
  password: z
    .string({ message: 'Password is required' })
    .min(1, { message: 'Password is required' })
    .max(128, { message: 'Password must be at most 128 characters' }),
});
export type LoginInput = z.infer<typeof LoginSchema>;

/** The signed-in user as the API presents it. */
export const CurrentUserSchema = z.object({
  id: z.string(),
  email: z.string().nullable(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  profileImageUrl: z.string().nullable(),
  currentMood: z.string().nullable(),
  moodUpdatedAt: z.string().nullable(),
  currentVenueId: z.number().nullable(),
  createdAt: z.string(),
});
export type CurrentUser = z.infer<typeof CurrentUserSchema>;

/** A user as others see them (no email). */
export const PublicUserSchema = z.object({
  id: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  profileImageUrl: z.string().nullable(),
  currentMood: z.string().nullable(),
});
export type PublicUser = z.infer<typeof PublicUserSchema>;

export const AuthProvidersSchema = z.object({ local: z.boolean(), oidc: z.boolean() });
