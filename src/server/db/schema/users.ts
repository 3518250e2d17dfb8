/** People and how they sign in: users, credentials, OpenID Connect identities, sessions, password resets. */
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { ts } from './columns';
import { venues } from './venues';

export const users = pgTable(
  'users',
  {
    id: text('id').primaryKey(),
    email: text('email'),
    firstName: text('first_name'),
    lastName: text('last_name'),
    profileImageUrl: text('profile_image_url'),
    isOnline: boolean('is_online').notNull().default(false),
    lastSeen: ts('last_seen'),
    currentVenueId: integer('current_venue_id').references((): AnyPgColumn => venues.id, { onDelete: 'set null' }),
    currentMood: text('current_mood'),
    moodUpdatedAt: ts('mood_updated_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
    /** Site administrator (moderation); ADMIN_EMAILS names more without a row change. */
    isAdmin: boolean('is_admin').notNull().default(false),
    /** Suspended until then (9999-12-31: for good); null when not suspended. */
    suspendedUntil: ts('suspended_until'),
    suspensionReason: text('suspension_reason'),
  },
  (t) => [
    uniqueIndex('users_email_lower_key').on(sql`lower(${t.email})`),
    check('users_email_length', sql`${t.email} is null or char_length(${t.email}) <= 254`),
  ],
);

/** Local-account credentials, apart from users so that no user query can leak a hash. */
export const passwordCredentials = pgTable('password_credentials', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  hash: text('hash').notNull(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

/** OpenID Connect identities: a user is found by (issuer, subject), never by email alone. */
export const oidcIdentities = pgTable(
  'oidc_identities',
  {
    issuer: text('issuer').notNull(),
    subject: text('subject').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.issuer, t.subject] }), index('oidc_identities_user_idx').on(t.userId)],
);

/** Server-side sessions. `sid` stores a SHA-256 of the cookie token, never the token itself. */
export const sessions = pgTable(
  'sessions',
  {
    sid: text('sid').primaryKey(),
    sess: jsonb('sess').$type<{ userId: string; createdAt: string; oidc?: unknown }>().notNull(),
    expire: ts('expire').notNull(),
    /** The owner, derived from `sess` so that every writer sets it; deleting the user deletes their sessions. */
    userId: text('user_id')
      .generatedAlwaysAs(sql`nullif(sess->>'userId', '')`)
      .references(() => users.id, { onDelete: 'cascade' }),
    /** What the sessions list shows: the browser's identification and address at sign-in, and activity. */
    userAgent: text('user_agent'),
    ip: text('ip'),
    createdAt: ts('created_at').notNull().defaultNow(),
    lastSeenAt: ts('last_seen_at').notNull().defaultNow(),
  },
  (t) => [index('sessions_expire_idx').on(t.expire), index('sessions_user_idx').on(t.userId)],
);

/** Password-reset links: single use, expiring, stored as a SHA-256 of the token. */
export const passwordResets = pgTable(
  'password_resets',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('password_resets_token_key').on(t.tokenHash), index('password_resets_user_idx').on(t.userId)],
);

/** The user that deleted members' kept songs and chat messages are handed to ("Former member"). */
export const FORMER_MEMBER_ID = '00000000-0000-0000-0000-000000000000';
