/** Small building blocks for the API schemas. */
import { z } from 'zod';

/** A positive integer id in a path parameter or body. */
export const IdSchema = z.coerce
  .number({ message: 'must be a number' })
  .int({ message: 'must be a whole number' })
  .positive({ message: 'must be a positive id' })
  .max(2_147_483_647, { message: 'is not a valid id' });

export const IdParamsSchema = z.object({ id: IdSchema });

/** Rejects NUL and other control characters apart from tab and newlines. */
export const noControlChars = (s: string) => !/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/.test(s);

/** A trimmed single-line text field with a length range and a message per rule. */
export function text(
  label: string,
  opts: { min?: number; max: number; requiredMessage?: string; tooLongMessage?: string },
) {
  const min = opts.min ?? 0;
  return z
    .string({ message: opts.requiredMessage ?? `${label} is required` })
    .trim()
    .refine(noControlChars, { message: `${label} contains characters that are not allowed` })
    .refine((s) => s.length >= min, { message: opts.requiredMessage ?? `${label} is required` })
    .refine((s) => s.length <= opts.max, {
      message: opts.tooLongMessage ?? `${label} must be at most ${opts.max} characters`,
    });
}

export const ErrorBodySchema = z.object({
  message: z.string(),
  code: z.string(),
  field: z.string().optional(),
});

/**
 * 409 of POST /api/songs: the venue is deactivated, or the video is already on CrowdMix — then `songId` names the
 * song to open and vote for instead.
 */
export const UploadConflictSchema = ErrorBodySchema.extend({ songId: z.number().int().optional() });
