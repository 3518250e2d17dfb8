/**
 * The whole database schema (spec section 3 plus what the architecture adds).
 * Constraints live here so that the database itself refuses bad rows, whatever the code does.
 */
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import {
  COLLABORATIVE_MODES,
  MEMBER_ROLES,
  MESSAGE_TYPES,
  PLAYLIST_SONG_STATUSES,
  VENUE_TYPES,
  VOTE_TYPES,
} from '../../shared/constants';

const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => 'bytea',
});

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const inList = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(', '));

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

export const venues = pgTable(
  'venues',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    description: text('description'),
    location: text('location').notNull(),
    type: text('type').notNull().default('other'),
    ownerId: text('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    isActive: boolean('is_active').notNull().default(true),
    gradient: text('gradient').notNull().default('from-purple-500 to-pink-500'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    check('venues_type_check', sql`${t.type} in (${inList(VENUE_TYPES)})`),
    check('venues_name_length', sql`char_length(${t.name}) between 1 and 100`),
    check('venues_location_length', sql`char_length(${t.location}) between 1 and 200`),
    index('venues_owner_idx').on(t.ownerId),
    index('venues_active_created_idx').on(t.isActive, t.createdAt),
  ],
);

export const songs = pgTable(
  'songs',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    title: text('title').notNull(),
    artist: text('artist').notNull(),
    genre: text('genre'),
    youtubeUrl: text('youtube_url'),
    youtubeId: text('youtube_id'),
    pdfUrl: text('pdf_url'),
    thumbnailUrl: text('thumbnail_url'),
    duration: integer('duration'),
    uploaderId: text('uploader_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    venueId: integer('venue_id').references(() => venues.id, { onDelete: 'set null' }),
    isPrivate: boolean('is_private').notNull().default(false),
    createdAt: ts('created_at').notNull().defaultNow(),
    // Optional song attributes (issue 18): what DJ Verse matches moods, tempo and eras on.
    releaseYear: integer('release_year'),
    energy: integer('energy'),
    tempo: text('tempo'),
    moods: text('moods').array(),
    instrumental: boolean('instrumental'),
    language: text('language'),
  },
  (t) => [
    check('songs_title_length', sql`char_length(${t.title}) between 1 and 200`),
    check('songs_release_year_range', sql`${t.releaseYear} is null or ${t.releaseYear} between 1000 and 2100`),
    check('songs_energy_range', sql`${t.energy} is null or ${t.energy} between 1 and 5`),
    check('songs_tempo_value', sql`${t.tempo} is null or ${t.tempo} in ('slow', 'medium', 'fast')`),
    check('songs_language_format', sql`${t.language} is null or ${t.language} ~ '^[a-z]{2}$'`),
    check('songs_artist_length', sql`char_length(${t.artist}) between 1 and 200`),
    check('songs_youtube_id_format', sql`${t.youtubeId} is null or ${t.youtubeId} ~ '^[A-Za-z0-9_-]{11}$'`),
    check('songs_duration_range', sql`${t.duration} is null or ${t.duration} between 0 and 86400`),
    check('songs_has_media', sql`${t.youtubeId} is not null or ${t.pdfUrl} is not null`),
    index('songs_created_idx').on(t.createdAt),
    index('songs_uploader_idx').on(t.uploaderId, t.createdAt),
    index('songs_venue_idx').on(t.venueId),
    // A video is on CrowdMix once: a second public copy would split its votes. Private copies are their owners'.
    uniqueIndex('songs_public_youtube_key')
      .on(t.youtubeId)
      .where(sql`${t.isPrivate} = false and ${t.youtubeId} is not null`),
  ],
);

/** PDF bytes, stored beside the song in the same transaction. */
/**
 * A stored file. Its bytes live in `file_chunks`, so that no query ever moves a whole file. While an upload
 * streams in, the row has no song (`song_id` null, invisible to downloads); the upload's last step names the song.
 */
export const files = pgTable(
  'files',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    songId: integer('song_id').references(() => songs.id, { onDelete: 'cascade' }),
    contentType: text('content_type').notNull().default('application/pdf'),
    size: integer('size').notNull(),
    /** Bytes per chunk row (every chunk but the last is this long). */
    chunkSize: integer('chunk_size').notNull().default(262144),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('files_song_key').on(t.songId),
    index('files_pending_idx')
      .on(t.createdAt)
      .where(sql`${t.songId} is null`),
    check('files_size_positive', sql`${t.songId} is null or ${t.size} > 0`),
    check('files_chunk_size_positive', sql`${t.chunkSize} > 0`),
  ],
);

/** The bytes of a file in order, `chunk_size` bytes a row: read and written one row per query. */
export const fileChunks = pgTable(
  'file_chunks',
  {
    fileId: integer('file_id')
      .notNull()
      .references(() => files.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    data: bytea('data').notNull(),
  },
  (t) => [primaryKey({ columns: [t.fileId, t.seq] }), check('file_chunks_seq_nonnegative', sql`${t.seq} >= 0`)],
);

export const votes = pgTable(
  'votes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    songId: integer('song_id')
      .notNull()
      .references(() => songs.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    venueId: integer('venue_id').references(() => venues.id, { onDelete: 'cascade' }),
    voteType: text('vote_type').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    check('votes_type_check', sql`${t.voteType} in (${inList(VOTE_TYPES)})`),
    unique('votes_user_song_context_key').on(t.userId, t.songId, t.venueId).nullsNotDistinct(),
    index('votes_song_context_idx').on(t.songId, t.venueId),
  ],
);

/**
 * Up/down tallies per (song, context), changed in the same transaction as the vote row.
 * `slot` lets a hot song spread its counter over several rows so that one row does not serialise every vote.
 */
export const voteTallies = pgTable(
  'vote_tallies',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    songId: integer('song_id')
      .notNull()
      .references(() => songs.id, { onDelete: 'cascade' }),
    venueId: integer('venue_id').references(() => venues.id, { onDelete: 'cascade' }),
    slot: smallint('slot').notNull().default(0),
    upVotes: integer('up_votes').notNull().default(0),
    downVotes: integer('down_votes').notNull().default(0),
  },
  (t) => [
    unique('vote_tallies_song_context_slot_key').on(t.songId, t.venueId, t.slot).nullsNotDistinct(),
    index('vote_tallies_venue_idx').on(t.venueId),
    check('vote_tallies_non_negative', sql`${t.upVotes} >= 0 and ${t.downVotes} >= 0`),
  ],
);

export const messages = pgTable(
  'messages',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    senderId: text('sender_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    receiverId: text('receiver_id').references(() => users.id, { onDelete: 'cascade' }),
    venueId: integer('venue_id').references(() => venues.id, { onDelete: 'cascade' }),
    content: text('content').notNull(),
    messageType: text('message_type').notNull().default('private'),
    isRead: boolean('is_read').notNull().default(false),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    check('messages_type_check', sql`${t.messageType} in (${inList(MESSAGE_TYPES)})`),
    check('messages_content_length', sql`char_length(${t.content}) between 1 and 2000`),
    check(
      'messages_target_check',
      sql`(${t.messageType} = 'private' and ${t.receiverId} is not null and ${t.venueId} is null)
       or (${t.messageType} = 'global' and ${t.receiverId} is null and ${t.venueId} is null)
       or (${t.messageType} = 'venue' and ${t.receiverId} is null and ${t.venueId} is not null)`,
    ),
    index('messages_global_idx').on(t.messageType, t.id),
    index('messages_venue_idx').on(t.venueId, t.id),
    index('messages_sender_idx').on(t.senderId, t.id),
    index('messages_receiver_idx').on(t.receiverId, t.isRead, t.id),
  ],
);

/** One row per open socket; a user is online while any of their sockets is fresh. */
export const onlineUsers = pgTable(
  'online_users',
  {
    socketId: text('socket_id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    venueId: integer('venue_id').references(() => venues.id, { onDelete: 'set null' }),
    lastActivity: ts('last_activity').notNull().defaultNow(),
  },
  (t) => [index('online_users_user_idx').on(t.userId), index('online_users_activity_idx').on(t.lastActivity)],
);

export const aiChats = pgTable(
  'ai_chats',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    message: text('message').notNull(),
    response: text('response').notNull(),
    recommendations: jsonb('recommendations')
      .notNull()
      .default(sql`'[]'::jsonb`),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('ai_chats_user_idx').on(t.userId, t.id)],
);

export const mixes = pgTable(
  'mixes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    venueId: integer('venue_id').references(() => venues.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [unique('mixes_venue_key').on(t.venueId).nullsNotDistinct()],
);

/** A daily snapshot of each mix's positions, so that charts can show movement. */
export const mixSongs = pgTable(
  'mix_songs',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    mixId: integer('mix_id')
      .notNull()
      .references(() => mixes.id, { onDelete: 'cascade' }),
    songId: integer('song_id')
      .notNull()
      .references(() => songs.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    voteCount: integer('vote_count').notNull().default(0),
    recordedOn: date('recorded_on', { mode: 'string' }).notNull(),
  },
  (t) => [
    check('mix_songs_position_positive', sql`${t.position} > 0`),
    uniqueIndex('mix_songs_mix_day_song_key').on(t.mixId, t.recordedOn, t.songId),
  ],
);

export const communityPlaylists = pgTable(
  'community_playlists',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    description: text('description'),
    creatorId: text('creator_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    venueId: integer('venue_id').references(() => venues.id, { onDelete: 'set null' }),
    isPublic: boolean('is_public').notNull().default(true),
    isActive: boolean('is_active').notNull().default(true),
    voteThreshold: integer('vote_threshold').notNull().default(3),
    maxSongs: integer('max_songs').notNull().default(50),
    collaborativeMode: text('collaborative_mode').notNull().default('democratic'),
    thumbnailUrl: text('thumbnail_url'),
    gradient: text('gradient').notNull().default('from-blue-500 to-purple-600'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    check('playlists_name_length', sql`char_length(${t.name}) between 1 and 100`),
    check('playlists_description_length', sql`${t.description} is null or char_length(${t.description}) <= 500`),
    check('playlists_threshold_range', sql`${t.voteThreshold} between 1 and 20`),
    check('playlists_max_songs_range', sql`${t.maxSongs} between 10 and 200 and ${t.maxSongs} % 10 = 0`),
    check('playlists_mode_check', sql`${t.collaborativeMode} in (${inList(COLLABORATIVE_MODES)})`),
    index('playlists_active_updated_idx').on(t.isActive, t.updatedAt),
    index('playlists_creator_idx').on(t.creatorId),
  ],
);

export const communityPlaylistSongs = pgTable(
  'community_playlist_songs',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    playlistId: integer('playlist_id')
      .notNull()
      .references(() => communityPlaylists.id, { onDelete: 'cascade' }),
    songId: integer('song_id')
      .notNull()
      .references(() => songs.id, { onDelete: 'cascade' }),
    proposedById: text('proposed_by_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    position: integer('position'),
    upVotes: integer('up_votes').notNull().default(0),
    downVotes: integer('down_votes').notNull().default(0),
    netVotes: integer('net_votes').notNull().default(0),
    status: text('status').notNull().default('pending'),
    createdAt: ts('created_at').notNull().defaultNow(),
    approvedAt: ts('approved_at'),
  },
  (t) => [
    check('playlist_songs_status_check', sql`${t.status} in (${inList(PLAYLIST_SONG_STATUSES)})`),
    check('playlist_songs_net_check', sql`${t.netVotes} = ${t.upVotes} - ${t.downVotes}`),
    check(
      'playlist_songs_approved_check',
      sql`(${t.status} = 'approved') = (${t.position} is not null and ${t.approvedAt} is not null)`,
    ),
    uniqueIndex('playlist_songs_live_key')
      .on(t.playlistId, t.songId)
      .where(sql`${t.status} in ('pending', 'approved')`),
    uniqueIndex('playlist_songs_position_key')
      .on(t.playlistId, t.position)
      .where(sql`${t.position} is not null`),
    index('playlist_songs_playlist_idx').on(t.playlistId, t.status),
  ],
);

export const communityPlaylistVotes = pgTable(
  'community_playlist_votes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    playlistSongId: integer('playlist_song_id')
      .notNull()
      .references(() => communityPlaylistSongs.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    voteType: text('vote_type').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    check('playlist_votes_type_check', sql`${t.voteType} in (${inList(VOTE_TYPES)})`),
    uniqueIndex('playlist_votes_song_user_key').on(t.playlistSongId, t.userId),
  ],
);

export const communityPlaylistMembers = pgTable(
  'community_playlist_members',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    playlistId: integer('playlist_id')
      .notNull()
      .references(() => communityPlaylists.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role').notNull().default('member'),
    canVote: boolean('can_vote').notNull().default(true),
    canPropose: boolean('can_propose').notNull().default(true),
    canModerate: boolean('can_moderate').notNull().default(false),
    joinedAt: ts('joined_at').notNull().defaultNow(),
  },
  (t) => [
    check('playlist_members_role_check', sql`${t.role} in (${inList(MEMBER_ROLES)})`),
    uniqueIndex('playlist_members_playlist_user_key').on(t.playlistId, t.userId),
    index('playlist_members_user_idx').on(t.userId),
  ],
);

// ── Accounts and moderation (docs/decisions/017-accounts-and-moderation.md) ─────────────────────────────────

/** The user that deleted members' kept songs and chat messages are handed to ("Former member"). */
export const FORMER_MEMBER_ID = '00000000-0000-0000-0000-000000000000';

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

export const REPORT_TARGETS = ['song', 'message', 'playlist', 'venue', 'user'] as const;
export const REPORT_REASONS = ['spam', 'offensive', 'broken_video', 'wrong_info', 'other'] as const;
export const REPORT_STATUSES = ['open', 'dismissed', 'actioned'] as const;

/** Reports of songs, messages, playlists, venues or people; one open report per reporter and item. */
export const reports = pgTable(
  'reports',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    reporterId: text('reporter_id').references(() => users.id, { onDelete: 'set null' }),
    targetType: text('target_type').notNull(),
    targetId: text('target_id').notNull(),
    /** Who wrote or owns the item (the reported person for a user report), when known. */
    targetUserId: text('target_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** What the item said when it was reported (a title, a message), so that the queue shows it even if it changes. */
    targetSummary: text('target_summary').notNull(),
    reason: text('reason').notNull(),
    details: text('details'),
    status: text('status').notNull().default('open'),
    resolution: text('resolution'),
    handledById: text('handled_by_id').references(() => users.id, { onDelete: 'set null' }),
    handledAt: ts('handled_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    check('reports_target_check', sql`${t.targetType} in (${inList(REPORT_TARGETS)})`),
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

export * from './live-schema.js';
