/** Blocks, reports, notifications, the moderation log and venue mutes (ADR 017). */
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import {
  REPORT_REASONS,
  REPORT_STATUSES,
  REPORT_TARGET_TYPES,
  type ReportReason,
  type ReportStatus,
  type ReportTargetType,
} from '../../../shared/schemas/safety';
import { ts, inList } from './columns';
import { users } from './users';
import { venues } from './venues';

/** Blocks: the blocked person cannot message the blocker, and does not see their presence. */
export const userBlocks = pgTable(
  'user_blocks',
  {
    blockerId: text('blocker_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    blockedId: text('blocked_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.blockerId, t.blockedId] }),
    index('user_blocks_blocked_idx').on(t.blockedId),
    check('user_blocks_not_self', sql`${t.blockerId} <> ${t.blockedId}`),
  ],
);

/** Reports of songs, messages, playlists, venues or people; one open report per reporter and item. */
export const reports = pgTable(
  'reports',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    reporterId: text('reporter_id').references(() => users.id, { onDelete: 'set null' }),
    targetType: text('target_type').$type<ReportTargetType>().notNull(),
    targetId: text('target_id').notNull(),
    /** Who wrote or owns the item (the reported person for a user report), when known. */
    targetUserId: text('target_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** What the item said when it was reported (a title, a message), so that the queue shows it even if it changes. */
    targetSummary: text('target_summary').notNull(),
    reason: text('reason').$type<ReportReason>().notNull(),
    details: text('details'),
    status: text('status').$type<ReportStatus>().notNull().default('open'),
    resolution: text('resolution'),
    handledById: text('handled_by_id').references(() => users.id, { onDelete: 'set null' }),
    handledAt: ts('handled_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    check('reports_target_check', sql`${t.targetType} in (${inList(REPORT_TARGET_TYPES)})`),
    check('reports_reason_check', sql`${t.reason} in (${inList(REPORT_REASONS)})`),
    check('reports_status_check', sql`${t.status} in (${inList(REPORT_STATUSES)})`),
    check('reports_details_length', sql`${t.details} is null or char_length(${t.details}) <= 1000`),
    uniqueIndex('reports_open_key')
      .on(t.reporterId, t.targetType, t.targetId)
      .where(sql`${t.status} = 'open'`),
    index('reports_status_idx').on(t.status, t.id),
    index('reports_target_idx').on(t.targetType, t.targetId),
    index('reports_target_user_idx').on(t.targetUserId),
  ],
);

/** Notices to one person: a report they made was handled, they were muted, their item was removed. */
export const notifications = pgTable(
  'notifications',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    body: text('body').notNull(),
    readAt: ts('read_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('notifications_user_idx').on(t.userId, t.id)],
);

/** Every moderation action: who, what, when and why. Kept when the people involved leave (ids set null). */
export const moderationLog = pgTable(
  'moderation_log',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    actorId: text('actor_id').references(() => users.id, { onDelete: 'set null' }),
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id').notNull(),
    targetSummary: text('target_summary').notNull(),
    targetUserId: text('target_user_id').references(() => users.id, { onDelete: 'set null' }),
    reportId: integer('report_id').references(() => reports.id, { onDelete: 'set null' }),
    reason: text('reason').notNull(),
    /** Until when (suspensions and mutes). */
    until: ts('until'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('moderation_log_target_idx').on(t.targetType, t.targetId)],
);

/** A person muted in one venue's chat by its owner, until a time. */
export const venueMutes = pgTable(
  'venue_mutes',
  {
    venueId: integer('venue_id')
      .notNull()
      .references(() => venues.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    until: ts('until').notNull(),
    createdById: text('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.venueId, t.userId] })],
);
