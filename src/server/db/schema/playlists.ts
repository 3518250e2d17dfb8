/** Community playlists: songs, votes and members (ADR 003, ADR 013). */
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import {
  COLLABORATIVE_MODES,
  MEMBER_ROLES,
  PLAYLIST_SONG_STATUSES,
  VOTE_TYPES,
  type CollaborativeMode,
  type MemberRole,
  type PlaylistSongStatus,
  type VoteType,
} from '../../../shared/constants';
import { ts, inList } from './columns';
import { users } from './users';
import { venues } from './venues';
import { songs } from './songs';

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
    collaborativeMode: text('collaborative_mode').$type<CollaborativeMode>().notNull().default('democratic'),
    thumbnailUrl: text('thumbnail_url'),
    gradient: text('gradient').notNull().default('from-blue-500 to-purple-600'),
    /** The secret of the playlist's invite link: whoever has it may see the playlist and join it, even a private one. */
    inviteToken: text('invite_token')
      .notNull()
      .default(sql`replace(gen_random_uuid()::text, '-', '')`),
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
    uniqueIndex('playlists_invite_token_idx').on(t.inviteToken),
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
    status: text('status').$type<PlaylistSongStatus>().notNull().default('pending'),
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
    voteType: text('vote_type').$type<VoteType>().notNull(),
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
    role: text('role').$type<MemberRole>().notNull().default('member'),
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
