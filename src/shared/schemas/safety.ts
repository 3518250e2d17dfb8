/** Blocks, reports, notices, venue chat mutes and the administrators' moderation queue. */
import { z } from 'zod';
import { noControlChars } from './common';
import { PublicUserSchema } from './auth';
import { REPORT_TARGET_TYPES, REPORT_REASONS, REPORT_STATUSES, SUSPEND_DURATIONS } from './safety-constants';

export * from './safety-constants';

export const UserIdBodySchema = z.strictObject({
  userId: z.string({ message: 'userId is required' }).trim().min(1, { message: 'userId is required' }).max(100),
});
export const UserParamsSchema = z.object({ userId: z.string().min(1).max(100) });

export const BlockSchema = z.object({ user: PublicUserSchema, createdAt: z.string() });
export type Block = z.infer<typeof BlockSchema>;

export const CreateReportSchema = z
  .strictObject({
    targetType: z.enum(REPORT_TARGET_TYPES, { message: `targetType must be one of ${REPORT_TARGET_TYPES.join(', ')}` }),
    targetId: z.string({ message: 'targetId is required' }).trim().min(1, { message: 'targetId is required' }).max(100),
    reason: z.enum(REPORT_REASONS, { message: `reason must be one of ${REPORT_REASONS.join(', ')}` }),
    details: z
      .string()
      .trim()
      .max(1000, { message: 'Details must be at most 1000 characters' })
      .refine(noControlChars, { message: 'Details contain characters that are not allowed' })
      .optional(),
  })
  .refine((r) => r.reason !== 'other' || (r.details ?? '').length > 0, {
    message: 'Tell us what is wrong',
    path: ['details'],
  });
export type CreateReportInput = z.infer<typeof CreateReportSchema>;

export const ReportSchema = z.object({
  id: z.number().int(),
  targetType: z.enum(REPORT_TARGET_TYPES),
  targetId: z.string(),
  reason: z.enum(REPORT_REASONS),
  status: z.enum(REPORT_STATUSES),
  createdAt: z.string(),
});

export const NotificationSchema = z.object({
  id: z.number().int(),
  body: z.string(),
  read: z.boolean(),
  createdAt: z.string(),
});
export const NotificationsSchema = z.object({ unread: z.number().int(), items: z.array(NotificationSchema) });
export type Notifications = z.infer<typeof NotificationsSchema>;
export const MuteSchema = z.strictObject({
  userId: z.string({ message: 'userId is required' }).trim().min(1, { message: 'userId is required' }).max(100),
  minutes: z.union([z.literal(10), z.literal(60), z.literal(1440)], { message: 'minutes must be 10, 60 or 1440' }),
});
export const MuteInfoSchema = z.object({
  userId: z.string(),
  name: z.string().nullable(),
  until: z.string(),
});
export const MyMuteSchema = z.object({ mutedUntil: z.string().nullable() });
export const VenueMessageParamsSchema = z.object({
  id: z.coerce.number().int().positive().max(2_147_483_647),
  messageId: z.coerce.number().int().positive().max(2_147_483_647),
});
export const VenueUserParamsSchema = z.object({
  id: z.coerce.number().int().positive().max(2_147_483_647),
  userId: z.string().min(1).max(100),
});
const ReasonSchema = z
  .string({ message: 'Give a reason' })
  .trim()
  .min(1, { message: 'Give a reason' })
  .max(500, { message: 'The reason must be at most 500 characters' })
  .refine(noControlChars, { message: 'The reason contains characters that are not allowed' });

export const ResolveReportSchema = z.strictObject({
  action: z.enum(['dismiss', 'hide', 'remove', 'suspend'], {
    message: 'action must be dismiss, hide, remove or suspend',
  }),
  reason: ReasonSchema,
  duration: z.enum(SUSPEND_DURATIONS).optional(),
});
export type ResolveReportInput = z.infer<typeof ResolveReportSchema>;

export const SuspendSchema = z.strictObject({ duration: z.enum(SUSPEND_DURATIONS), reason: ReasonSchema });
export const RestoreSchema = z.strictObject({
  targetType: z.enum(['song', 'playlist', 'venue', 'user'], {
    message: 'targetType must be song, playlist, venue or user',
  }),
  targetId: z.string().trim().min(1).max(100),
  reason: ReasonSchema,
});
export const ReportQuerySchema = z.strictObject({ status: z.enum(['open', 'closed']).optional() });

const PersonSchema = z.object({ id: z.string(), name: z.string().nullable() }).nullable();

export const AdminReportSchema = z.object({
  id: z.number().int(),
  targetType: z.enum(REPORT_TARGET_TYPES),
  targetId: z.string(),
  targetSummary: z.string(),
  /** Whether the item still exists and how it stands now. */
  targetState: z.enum(['visible', 'hidden', 'gone']),
  reason: z.enum(REPORT_REASONS),
  details: z.string().nullable(),
  status: z.enum(REPORT_STATUSES),
  resolution: z.string().nullable(),
  createdAt: z.string(),
  handledAt: z.string().nullable(),
  reporter: PersonSchema,
  author: z.object({ id: z.string(), name: z.string().nullable(), suspendedUntil: z.string().nullable() }).nullable(),
  /** Other reports about the same item or its author, newest first (at most 5), and how many in all. */
  earlier: z.array(
    z.object({
      id: z.number().int(),
      targetType: z.enum(REPORT_TARGET_TYPES),
      targetSummary: z.string(),
      reason: z.enum(REPORT_REASONS),
      status: z.enum(REPORT_STATUSES),
      createdAt: z.string(),
    }),
  ),
  earlierCount: z.number().int(),
});
export type AdminReport = z.infer<typeof AdminReportSchema>;

export const AuditEntrySchema = z.object({
  id: z.number().int(),
  actor: PersonSchema,
  action: z.string(),
  targetType: z.string(),
  targetId: z.string(),
  targetSummary: z.string(),
  reason: z.string(),
  until: z.string().nullable(),
  reportId: z.number().int().nullable(),
  createdAt: z.string(),
  /** True when "restore" applies to this entry now (a hidden item still hidden, a suspension still running). */
  restorable: z.boolean(),
});
export type AuditEntry = z.infer<typeof AuditEntrySchema>;
