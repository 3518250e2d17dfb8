/** Community playlists: the request bodies, the API shapes, and the permission rules both ends apply. */
import { z } from 'zod';
import {
  COLLABORATIVE_MODES,
  MEMBER_ROLES,
  PLAYLIST_GRADIENTS,
  PLAYLIST_LIMITS,
  PLAYLIST_SONG_STATUSES,
  type MemberRole,
} from '../constants';
import { noControlChars } from './common';
import { VoteTypeSchema } from './song';
import { VoteCountSchema } from './vote';

export * from './playlist-constants';

const L = PLAYLIST_LIMITS;
const GRADIENT_VALUES = PLAYLIST_GRADIENTS.map((g) => g.value) as unknown as readonly [string, ...string[]];

export const CollaborativeModeSchema = z.enum(COLLABORATIVE_MODES, {
  message: 'Mode must be democratic, moderated or open',
});
export const MemberRoleSchema = z.enum(MEMBER_ROLES, { message: 'Role must be admin, moderator or member' });
export const PlaylistSongStatusSchema = z.enum(PLAYLIST_SONG_STATUSES);

/** POST /api/community-playlists — spec section 5's rules and messages; the browser form uses the same schema. */
export const CreatePlaylistSchema = z.strictObject({
  name: z
    .string({ message: 'Name is required' })
    .trim()
    .min(1, { message: 'Name is required' })
    .max(L.nameMax, { message: 'Name too long' })
    .refine(noControlChars, { message: 'Name contains characters that are not allowed' }),
  description: z
    .string({ message: 'Description must be text' })
    .trim()
    .max(L.descriptionMax, { message: 'Description too long' })
    .refine(noControlChars, { message: 'Description contains characters that are not allowed' })
    .nullish()
    .transform((s) => (s ? s : null)),
  collaborativeMode: CollaborativeModeSchema.default('democratic'),
  voteThreshold: z
    .number({ message: 'Votes to add must be a number' })
    .int({ message: 'Votes to add must be a whole number' })
    .min(L.thresholdMin, { message: `Votes to add must be between ${L.thresholdMin} and ${L.thresholdMax}` })
    .max(L.thresholdMax, { message: `Votes to add must be between ${L.thresholdMin} and ${L.thresholdMax}` })
    .default(L.thresholdDefault),
  maxSongs: z
    .number({ message: 'Max songs must be a number' })
    .int({ message: 'Max songs must be a whole number' })
    .min(L.maxSongsMin, { message: `Max songs must be between ${L.maxSongsMin} and ${L.maxSongsMax}` })
    .max(L.maxSongsMax, { message: `Max songs must be between ${L.maxSongsMin} and ${L.maxSongsMax}` })
    .multipleOf(L.maxSongsStep, { message: `Max songs must be a multiple of ${L.maxSongsStep}` })
    .default(L.maxSongsDefault),
  gradient: z
    .enum(GRADIENT_VALUES, { message: 'Choose one of the gradient presets' })
    .default(PLAYLIST_GRADIENTS[0].value),
  /** Private playlists are visible to their members only. */
  isPublic: z.boolean({ message: 'isPublic must be true or false' }).default(true),
});
export type CreatePlaylistInput = z.input<typeof CreatePlaylistSchema>;
export type CreatePlaylist = z.output<typeof CreatePlaylistSchema>;

/** POST /api/community-playlists/{id}/songs */
export const ProposeSongSchema = z.strictObject({
  songId: z
    .number({ message: 'Please select a song' })
    .int({ message: 'Please select a song' })
    .positive({ message: 'Please select a song' })
    .max(2_147_483_647, { message: 'Please select a song' }),
});
export type ProposeSong = z.infer<typeof ProposeSongSchema>;

/** POST /api/community-playlists/songs/{playlistSongId}/vote */
export const PlaylistVoteSchema = z.strictObject({ voteType: VoteTypeSchema });
export type PlaylistVote = z.infer<typeof PlaylistVoteSchema>;

/** PATCH /api/community-playlists/{id}/members/{userId} — admins change a member's role or flags. */
export const UpdateMemberSchema = z
  .strictObject({
    role: MemberRoleSchema.optional(),
    canVote: z.boolean({ message: 'canVote must be true or false' }).optional(),
    canPropose: z.boolean({ message: 'canPropose must be true or false' }).optional(),
    canModerate: z.boolean({ message: 'canModerate must be true or false' }).optional(),
  })
  .refine((b) => Object.values(b).some((v) => v !== undefined), { message: 'Nothing to change' });
export type UpdateMember = z.infer<typeof UpdateMemberSchema>;

export const PlaylistSongParamsSchema = z.object({
  playlistSongId: z.coerce.number({ message: 'must be a number' }).int().positive().max(2_147_483_647),
});
export const MemberParamsSchema = z.object({
  id: z.coerce.number({ message: 'must be a number' }).int().positive().max(2_147_483_647),
  userId: z.string().min(1).max(100),
});

/** The caller's membership: role and flags. */
export const MembershipSchema = z.object({
  role: MemberRoleSchema,
  canVote: z.boolean(),
  canPropose: z.boolean(),
  canModerate: z.boolean(),
});
export type Membership = z.infer<typeof MembershipSchema>;

/** A playlist as lists present it (spec section 3, with creatorName, memberCount and songCount). */
export const PlaylistSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  creatorId: z.string(),
  creatorName: z.string().nullable(),
  venueId: z.number().int().nullable(),
  isPublic: z.boolean(),
  isActive: z.boolean(),
  voteThreshold: z.number().int(),
  maxSongs: z.number().int(),
  collaborativeMode: CollaborativeModeSchema,
  thumbnailUrl: z.string().nullable(),
  gradient: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  memberCount: z.number().int(),
  /** Approved songs: the songs actually in the playlist. */
  songCount: z.number().int(),
});
export type Playlist = z.infer<typeof PlaylistSchema>;

/**
 * GET /api/community-playlists/{id}: the playlist plus the caller's membership (null for visitors and non-members)
 * and, for members only, the invite token: /community-playlists/{id}?invite={token} lets whoever has it see and
 * join the playlist, a private one too.
 */
export const PlaylistDetailSchema = PlaylistSchema.extend({
  membership: MembershipSchema.nullable(),
  inviteToken: z.string().nullable(),
});
export type PlaylistDetail = z.infer<typeof PlaylistDetailSchema>;

/** A song of a playlist with the song fields, the proposer's name and the caller's own vote. */
export const PlaylistSongSchema = z.object({
  id: z.number().int(),
  playlistId: z.number().int(),
  songId: z.number().int(),
  proposedById: z.string(),
  proposerName: z.string().nullable(),
  position: z.number().int().nullable(),
  upVotes: z.number().int(),
  downVotes: z.number().int(),
  netVotes: z.number().int(),
  status: PlaylistSongStatusSchema,
  createdAt: z.string(),
  approvedAt: z.string().nullable(),
  title: z.string(),
  artist: z.string(),
  genre: z.string().nullable(),
  youtubeId: z.string().nullable(),
  duration: z.number().int().nullable(),
  thumbnailUrl: z.string().nullable(),
  userVote: VoteTypeSchema.nullable(),
});
export type PlaylistSong = z.infer<typeof PlaylistSongSchema>;

export const PlaylistMemberSchema = z.object({
  id: z.number().int(),
  playlistId: z.number().int(),
  userId: z.string(),
  userName: z.string().nullable(),
  profileImageUrl: z.string().nullable(),
  role: MemberRoleSchema,
  canVote: z.boolean(),
  canPropose: z.boolean(),
  canModerate: z.boolean(),
  joinedAt: z.string(),
});
export type PlaylistMember = z.infer<typeof PlaylistMemberSchema>;

/** The vote response: the caller's vote after the call (null when removed), the counts and the song's status. */
export const PlaylistVoteResultSchema = z.object({
  vote: z.object({ voteType: VoteTypeSchema }).nullable(),
  voteCount: VoteCountSchema,
  netVotes: z.number().int(),
  status: PlaylistSongStatusSchema,
});
export type PlaylistVoteResult = z.infer<typeof PlaylistVoteResultSchema>;

/** The flags a role brings when an admin gives it without naming them (ADR 013). */
export const ROLE_MODERATES: Record<MemberRole, boolean> = { admin: true, moderator: true, member: false };

/** An invite token as the link carries it (?invite=...): a playlist's secret, 32 hex characters. */
export const InviteTokenSchema = z.string().regex(/^[0-9a-f]{32}$/, 'Invalid invite link');
/** The optional invite of a read of a playlist, its songs or its members. */
export const InviteQuerySchema = z.object({ invite: InviteTokenSchema.optional() });
/** POST /api/community-playlists/{id}/join: a private playlist is joined with its invite. */
export const JoinPlaylistSchema = z.object({ invite: InviteTokenSchema.optional() }).nullish();
