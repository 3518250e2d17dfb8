/**
 * Venue Live tables (issue 16, ADR 019), re-exported by schema/index.ts. Constraints here make the
 * database refuse what the rules refuse: one open session per venue, a song once in a session's waiting or playing
 * entries, one vote and one skip vote per person and entry.
 */
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { songs } from './songs';
import { users } from './users';
import { venues } from './venues';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** A venue's live settings (a row is made with the defaults the first time a host looks). */
export const liveSettings = pgTable(
  'live_settings',
  {
    venueId: integer('venue_id')
      .primaryKey()
      .references(() => venues.id, { onDelete: 'cascade' }),
    requestCap: integer('request_cap').notNull().default(3),
    skipPercent: integer('skip_percent').notNull().default(50),
    skipScaled: boolean('skip_scaled').notNull().default(true),
    maxSongSeconds: integer('max_song_seconds').notNull().default(600),
    noRepeatHours: integer('no_repeat_hours').notNull().default(3),
    allowYoutubeLinks: boolean('allow_youtube_links').notNull().default(false),
    requestsLocked: boolean('requests_locked').notNull().default(false),
    /** The secret in the TV's link: who holds it may read the join code. */
    displayKey: text('display_key').notNull(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    check('live_settings_request_cap', sql`${t.requestCap} between 1 and 20`),
    check('live_settings_skip_percent', sql`${t.skipPercent} between 10 and 100`),
    check('live_settings_max_song', sql`${t.maxSongSeconds} between 60 and 3600`),
    check('live_settings_no_repeat', sql`${t.noRepeatHours} between 0 and 24`),
  ],
);

/** People the owner lets host the venue's nights. */
export const liveCohosts = pgTable(
  'live_cohosts',
  {
    venueId: integer('venue_id')
      .notNull()
      .references(() => venues.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    addedAt: ts('added_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.venueId, t.userId] }), index('live_cohosts_user_idx').on(t.userId)],
);

/** Songs or artists a venue does not play. `artist` is stored trimmed; matching ignores case. */
export const liveBans = pgTable(
  'live_bans',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    venueId: integer('venue_id')
      .notNull()
      .references(() => venues.id, { onDelete: 'cascade' }),
    songId: integer('song_id').references(() => songs.id, { onDelete: 'cascade' }),
    artist: text('artist'),
    createdById: text('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    check('live_bans_one_target', sql`(${t.songId} is null) <> (${t.artist} is null)`),
    uniqueIndex('live_bans_song_key')
      .on(t.venueId, t.songId)
      .where(sql`${t.songId} is not null`),
    uniqueIndex('live_bans_artist_key')
      .on(t.venueId, sql`lower(${t.artist})`)
      .where(sql`${t.artist} is not null`),
  ],
);

/**
 * A venue's live night. `status` is 'live' until the host ends it; paused (by the host) and offline (the host device
 * unseen since `offline_since`) are presented on top of it.
 */
export const liveSessions = pgTable(
  'live_sessions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    venueId: integer('venue_id')
      .notNull()
      .references(() => venues.id, { onDelete: 'cascade' }),
    status: text('status').notNull().default('live'),
    paused: boolean('paused').notNull().default(false),
    offlineSince: ts('offline_since'),
    hostDeviceId: text('host_device_id').notNull(),
    hostUserId: text('host_user_id').references(() => users.id, { onDelete: 'set null' }),
    hostLastSeen: ts('host_last_seen').notNull(),
    joinCode: text('join_code').notNull(),
    previousCode: text('previous_code'),
    codeRotatedAt: ts('code_rotated_at').notNull(),
    /** Bumped by every change of the session's state, under its row lock: clients drop older snapshots. */
    version: integer('version').notNull().default(1),
    startedAt: ts('started_at').notNull(),
    endedAt: ts('ended_at'),
  },
  (t) => [
    check('live_sessions_status', sql`${t.status} in ('live', 'ended')`),
    uniqueIndex('live_sessions_open_key')
      .on(t.venueId)
      .where(sql`${t.status} = 'live'`),
    uniqueIndex('live_sessions_code_key')
      .on(t.joinCode)
      .where(sql`${t.status} = 'live'`),
    index('live_sessions_previous_code_idx')
      .on(t.previousCode)
      .where(sql`${t.status} = 'live'`),
    index('live_sessions_venue_idx').on(t.venueId, t.startedAt),
  ],
);

/** A song in a session: waiting, playing, or what became of it. */
export const liveEntries = pgTable(
  'live_entries',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    sessionId: integer('session_id')
      .notNull()
      .references(() => liveSessions.id, { onDelete: 'cascade' }),
    venueId: integer('venue_id')
      .notNull()
      .references(() => venues.id, { onDelete: 'cascade' }),
    songId: integer('song_id')
      .notNull()
      .references(() => songs.id, { onDelete: 'cascade' }),
    /** Null for a song the session added itself (autofill) or whose requester deleted their account. */
    requesterId: text('requester_id').references(() => users.id, { onDelete: 'set null' }),
    autofill: boolean('autofill').notNull().default(false),
    requestedAt: ts('requested_at').notNull(),
    status: text('status').notNull().default('queued'),
    /** When position 0 was; moved forward by pauses. */
    startedAt: ts('started_at'),
    pausedAt: ts('paused_at'),
    endedAt: ts('ended_at'),
    netVotes: integer('net_votes').notNull().default(0),
    /** The first request plus the later ones that became up-votes. */
    requestCount: integer('request_count').notNull().default(1),
  },
  (t) => [
    check(
      'live_entries_status',
      sql`${t.status} in ('queued', 'playing', 'played', 'skipped', 'removed', 'unplayable')`,
    ),
    uniqueIndex('live_entries_waiting_key')
      .on(t.sessionId, t.songId)
      .where(sql`${t.status} in ('queued', 'playing')`),
    uniqueIndex('live_entries_playing_key')
      .on(t.sessionId)
      .where(sql`${t.status} = 'playing'`),
    index('live_entries_session_idx').on(t.sessionId, t.status),
    index('live_entries_recent_idx').on(t.venueId, t.songId, t.startedAt),
  ],
);

export const liveVotes = pgTable(
  'live_votes',
  {
    entryId: integer('entry_id')
      .notNull()
      .references(() => liveEntries.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    value: smallint('value').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.entryId, t.userId] }),
    check('live_votes_value', sql`${t.value} in (-1, 1)`),
    index('live_votes_user_idx').on(t.userId),
  ],
);

export const liveSkipVotes = pgTable(
  'live_skip_votes',
  {
    entryId: integer('entry_id')
      .notNull()
      .references(() => liveEntries.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.entryId, t.userId] }), index('live_skip_votes_user_idx').on(t.userId)],
);

/** Patrons who joined with the code: present until `expires_at`. */
export const livePresence = pgTable(
  'live_presence',
  {
    venueId: integer('venue_id')
      .notNull()
      .references(() => venues.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The session they joined (the report counts its patrons). */
    sessionId: integer('session_id').references(() => liveSessions.id, { onDelete: 'set null' }),
    joinedAt: ts('joined_at').notNull(),
    expiresAt: ts('expires_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.venueId, t.userId] }),
    index('live_presence_venue_expires_idx').on(t.venueId, t.expiresAt),
    index('live_presence_user_idx').on(t.userId),
  ],
);
