/**
 * Community playlist rules: membership and flags, the three collaboration modes, thresholds, the maxSongs cap
 * and private playlists. Every change runs in one transaction and is then pushed to the playlist's room.
 */
import { timingSafeEqual } from 'node:crypto';
import type { PlaylistSongStatus, VoteType } from '../../../shared/constants';
import {
  playlistPermissions,
  ROLE_MODERATES,
  type CreatePlaylist,
  type Playlist,
  type PlaylistDetail,
  type PlaylistMember,
  type PlaylistSong,
  type PlaylistVoteResult,
  type UpdateMember,
} from '../../../shared/schemas/playlist';
import type { Db, DbOrTx } from '../../db/client';
import { badRequest, conflict, forbidden, isUniqueViolation, notFound } from '../../lib/http-errors';
import type { RealtimeHub } from '../../realtime/hub';
import { presentMember, presentPlaylist, presentPlaylistDetail, presentPlaylistSong } from './playlists.presenter';
import * as repo from './playlists.repository';

export interface PlaylistContext {
  db: Db;
  hub: RealtimeHub;
}

export const MESSAGES = {
  playlistNotFound: 'Playlist not found',
  entryNotFound: 'Song not found in this playlist',
  songNotFound: 'Song not found',
  full: 'Playlist is full',
  alreadyApproved: 'This song is already in the playlist',
  alreadyProposed: 'This song has already been proposed',
  privateSong: 'Private songs cannot be added to a playlist',
  joinToPropose: 'Join this playlist to propose songs',
  noPropose: 'You do not have permission to propose songs in this playlist',
  joinToVote: 'Join this playlist to vote',
  noVote: 'You do not have permission to vote in this playlist',
  votingClosed: 'Voting has closed for this song',
  noModerate: 'Only moderators can approve, reject or remove songs',
  notPending: 'This song is no longer pending',
  alreadyMember: 'You are already a member of this playlist',
  notMember: 'You are not a member of this playlist',
  lastAdminLeave: 'The last admin cannot leave; make another member an admin first',
  lastAdmin: 'A playlist needs at least one admin',
  onlyAdmins: 'Only admins can change member roles',
  adminFlags: 'Admins can always vote, propose and moderate; make them a moderator or member first',
  memberNotFound: 'Member not found',
} as const;

/** True when `invite` is the playlist's invite token (compared in constant time). */
function invited(playlist: repo.PlaylistRow, invite: string | undefined): boolean {
  if (!invite) return false;
  const a = Buffer.from(invite);
  const b = Buffer.from(playlist.inviteToken);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * The playlist if the viewer may see it (public; private and a member; or private with its invite), with the
 * viewer's membership; else 404, the same for a wrong invite as for no playlist.
 */
async function visiblePlaylist(db: DbOrTx, id: number, viewerId: string | null, invite?: string) {
  const playlist = await repo.findPlaylist(db, id);
  if (!playlist) throw notFound(MESSAGES.playlistNotFound);
  const member = viewerId ? await repo.findMember(db, id, viewerId) : null;
  if (!playlist.isPublic && !member && !invited(playlist, invite)) throw notFound(MESSAGES.playlistNotFound);
  return { playlist, member };
}

/** The playlist song and its playlist, if the viewer may see the playlist; else 404. */
async function visibleEntry(db: DbOrTx, entryId: number, viewerId: string) {
  const entry = await repo.findEntry(db, entryId);
  if (!entry) throw notFound(MESSAGES.entryNotFound);
  const playlist = await repo.findPlaylist(db, entry.playlistId);
  const member = playlist ? await repo.findMember(db, playlist.id, viewerId) : null;
  if (!playlist || (!playlist.isPublic && !member)) throw notFound(MESSAGES.entryNotFound);
  return { entry, playlist, member };
}

/** What the member may do: the flags bite for everyone but admins, in every mode (ADR 013). */
const permissionsOf = (member: repo.MemberRow | null) => playlistPermissions(member ? member : null);

/** Tells the playlist's viewers (and, when counts may have moved, the list's viewers) to refetch. */
async function publishChange(hub: RealtimeHub, playlistId: number, listToo: boolean) {
  await hub.publish({ type: 'playlist_changed', playlistId }, { kind: 'room', room: `playlist:${playlistId}` });
  if (listToo) await hub.publish({ type: 'playlists_changed' }, { kind: 'all' });
}

/** Who may join a playlist's realtime room: anyone for public playlists, members for private ones. */
export async function mayWatch(db: Db, playlistId: number, userId: string | null): Promise<boolean> {
  try {
    await visiblePlaylist(db, playlistId, userId);
    return true;
  } catch {
    return false;
  }
}

/** Active playlists the viewer may see, newest change first. */
export async function listPlaylists(db: Db, viewerId: string | null): Promise<Playlist[]> {
  return (await repo.listPlaylists(db, viewerId)).map(presentPlaylist);
}

/** One playlist with counts and the viewer's membership (and the invite, for members). */
export async function getPlaylist(
  db: Db,
  id: number,
  viewerId: string | null,
  invite?: string,
): Promise<PlaylistDetail> {
  const { member } = await visiblePlaylist(db, id, viewerId, invite);
  const row = await repo.findPlaylistWithCounts(db, id);
  if (!row) throw notFound(MESSAGES.playlistNotFound);
  return presentPlaylistDetail(row, member);
}

/** The playlist's songs with the viewer's own votes. */
export async function listSongs(db: Db, id: number, viewerId: string | null, invite?: string): Promise<PlaylistSong[]> {
  await visiblePlaylist(db, id, viewerId, invite);
  return (await repo.listSongs(db, id, viewerId)).map(presentPlaylistSong);
}

/** The playlist's members. */
export async function listMembers(
  db: Db,
  id: number,
  viewerId: string | null,
  invite?: string,
): Promise<PlaylistMember[]> {
  await visiblePlaylist(db, id, viewerId, invite);
  return (await repo.listMembers(db, id)).map(presentMember);
}

/** Creates a playlist; the creator becomes its first member, an admin with every flag. */
export async function createPlaylist(
  ctx: PlaylistContext,
  userId: string,
  input: CreatePlaylist,
): Promise<PlaylistDetail> {
  const id = await ctx.db.transaction(async (tx) => {
    const playlist = await repo.insertPlaylist(tx, {
      name: input.name,
      description: input.description,
      creatorId: userId,
      isPublic: input.isPublic,
      voteThreshold: input.voteThreshold,
      maxSongs: input.maxSongs,
      collaborativeMode: input.collaborativeMode,
      gradient: input.gradient,
    });
    await repo.insertMember(tx, {
      playlistId: playlist.id,
      userId,
      role: 'admin',
      canVote: true,
      canPropose: true,
      canModerate: true,
    });
    return playlist.id;
  });
  await publishChange(ctx.hub, id, true);
  return getPlaylist(ctx.db, id, userId);
}

/** Joins a playlist as a member who may vote and propose but not moderate; a private one needs its invite. */
export async function joinPlaylist(
  ctx: PlaylistContext,
  userId: string,
  id: number,
  invite?: string,
): Promise<PlaylistDetail> {
  const { member } = await visiblePlaylist(ctx.db, id, userId, invite);
  if (member) throw conflict(MESSAGES.alreadyMember);
  try {
    await repo.insertMember(ctx.db, {
      playlistId: id,
      userId,
      role: 'member',
      canVote: true,
      canPropose: true,
      canModerate: false,
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(MESSAGES.alreadyMember);
    throw err;
  }
  await publishChange(ctx.hub, id, true);
  return getPlaylist(ctx.db, id, userId);
}

/** Leaves a playlist. The last admin must hand the role on first. */
export async function leavePlaylist(ctx: PlaylistContext, userId: string, id: number): Promise<void> {
  await visiblePlaylist(ctx.db, id, userId);
  await ctx.db.transaction(async (tx) => {
    const member = await repo.findMember(tx, id, userId);
    if (!member) throw conflict(MESSAGES.notMember);
    if (member.role === 'admin' && (await repo.lockAdmins(tx, id)) <= 1) throw conflict(MESSAGES.lastAdminLeave);
    await repo.deleteMember(tx, member.id);
  });
  await publishChange(ctx.hub, id, true);
}

/**
 * An admin changes a member's role or flags; only what is sent changes (ADR 013). A new role sets canModerate to
 * the role's (moderators moderate, members do not) unless the patch names it; admins hold every flag, so an admin
 * cannot be given a flag set to false (400: the screen does not offer it either).
 */
export async function updateMember(
  ctx: PlaylistContext,
  actorId: string,
  id: number,
  targetUserId: string,
  patch: UpdateMember,
): Promise<PlaylistMember> {
  const { member: actor } = await visiblePlaylist(ctx.db, id, actorId);
  if (!permissionsOf(actor).isAdmin) throw forbidden(MESSAGES.onlyAdmins);
  await ctx.db.transaction(async (tx) => {
    const target = await repo.findMember(tx, id, targetUserId);
    if (!target) throw notFound(MESSAGES.memberNotFound);
    const role = patch.role ?? target.role;
    if (role === 'admin' && [patch.canVote, patch.canPropose, patch.canModerate].includes(false))
      throw badRequest(MESSAGES.adminFlags);
    if (target.role === 'admin' && role !== 'admin' && (await repo.lockAdmins(tx, id)) <= 1)
      throw conflict(MESSAGES.lastAdmin);
    const roleChanged = patch.role !== undefined && patch.role !== target.role;
    await repo.updateMember(tx, target.id, {
      role,
      canVote: role === 'admin' ? true : (patch.canVote ?? target.canVote),
      canPropose: role === 'admin' ? true : (patch.canPropose ?? target.canPropose),
      canModerate:
        role === 'admin' ? true : (patch.canModerate ?? (roleChanged ? ROLE_MODERATES[role] : target.canModerate)),
    });
  });
  await publishChange(ctx.hub, id, false);
  const [row] = await repo.listMembers(ctx.db, id, targetUserId);
  return presentMember(row);
}

/** Proposes a song: pending in democratic and moderated playlists, approved at once in open ones. */
export async function proposeSong(
  ctx: PlaylistContext,
  userId: string,
  id: number,
  songId: number,
): Promise<PlaylistSong> {
  const { member } = await visiblePlaylist(ctx.db, id, userId);
  if (!member) throw forbidden(MESSAGES.joinToPropose);
  if (!permissionsOf(member).canPropose) throw forbidden(MESSAGES.noPropose);
  const song = await repo.findSong(ctx.db, songId);
  // Someone else's private song does not exist for the caller; their own gets a reason.
  if (!song || (song.isPrivate && song.uploaderId !== userId)) throw notFound(MESSAGES.songNotFound);
  if (song.isPrivate) throw badRequest(MESSAGES.privateSong, 'songId');

  let entryId: number;
  try {
    entryId = await ctx.db.transaction(async (tx) => {
      // The playlist row lock serialises every change to the approved set, so maxSongs holds under races.
      const locked = await repo.lockPlaylist(tx, id);
      if (!locked) throw notFound(MESSAGES.playlistNotFound);
      const live = await repo.findLiveEntry(tx, id, songId);
      if (live) throw conflict(live.status === 'approved' ? MESSAGES.alreadyApproved : MESSAGES.alreadyProposed);
      const stats = await repo.approvedStats(tx, id);
      if (stats.count >= locked.maxSongs) throw conflict(MESSAGES.full);
      const open = locked.collaborativeMode === 'open';
      const entry = await repo.insertEntry(tx, {
        playlistId: id,
        songId,
        proposedById: userId,
        status: open ? 'approved' : 'pending',
        position: open ? stats.nextPosition : null,
        approvedAt: open ? new Date() : null,
      });
      await repo.touchPlaylist(tx, id);
      return entry.id;
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(MESSAGES.alreadyProposed);
    throw err;
  }
  await publishChange(ctx.hub, id, true);
  const [row] = await repo.listSongs(ctx.db, id, userId, entryId);
  return presentPlaylistSong(row);
}

/** Approves a pending song inside `tx`, which must hold the entry's lock: takes the playlist lock, checks room. */
async function approveLocked(
  tx: DbOrTx,
  entry: repo.PlaylistSongRow,
  counts: Partial<Pick<repo.PlaylistSongRow, 'upVotes' | 'downVotes' | 'netVotes'>> = {},
) {
  const locked = await repo.lockPlaylist(tx, entry.playlistId);
  if (!locked) throw notFound(MESSAGES.playlistNotFound);
  const stats = await repo.approvedStats(tx, entry.playlistId);
  if (stats.count >= locked.maxSongs) throw conflict(MESSAGES.full);
  const row = await repo.updateEntry(tx, entry.id, {
    ...counts,
    status: 'approved',
    position: stats.nextPosition,
    approvedAt: new Date(),
  });
  await repo.touchPlaylist(tx, entry.playlistId);
  return row;
}

/**
 * Votes on a pending song. The same vote again removes it, the other one switches it. Counters and, in
 * democratic playlists, the move to approved (net ≥ threshold) or rejected (net ≤ −threshold) happen in the
 * vote's transaction, with the song's row locked so that concurrent votes count one at a time.
 */
export async function voteOnSong(
  ctx: PlaylistContext,
  userId: string,
  entryId: number,
  voteType: VoteType,
): Promise<PlaylistVoteResult> {
  const { playlist, member } = await visibleEntry(ctx.db, entryId, userId);
  if (!member) throw forbidden(MESSAGES.joinToVote);
  if (!permissionsOf(member).canVote) throw forbidden(MESSAGES.noVote);

  const result = await ctx.db.transaction(async (tx) => {
    const entry = await repo.lockEntry(tx, entryId);
    if (!entry) throw notFound(MESSAGES.entryNotFound);
    if (entry.status !== 'pending') throw conflict(MESSAGES.votingClosed);
    const existing = await repo.findVote(tx, entryId, userId);
    let up = entry.upVotes;
    let down = entry.downVotes;
    let vote: VoteType | null;
    if (existing?.voteType === voteType) {
      await repo.deleteVote(tx, existing.id);
      if (voteType === 'up') up--;
      else down--;
      vote = null;
    } else {
      if (existing) {
        await repo.setVoteType(tx, existing.id, voteType);
        if (existing.voteType === 'up') up--;
        else down--;
      } else {
        await repo.insertVote(tx, entryId, userId, voteType);
      }
      if (voteType === 'up') up++;
      else down++;
      vote = voteType;
    }
    const counts = { upVotes: up, downVotes: down, netVotes: up - down };
    let status: PlaylistSongStatus = entry.status;
    if (playlist.collaborativeMode === 'democratic' && counts.netVotes >= playlist.voteThreshold) {
      status = (await approveLocked(tx, entry, counts)).status;
    } else if (playlist.collaborativeMode === 'democratic' && counts.netVotes <= -playlist.voteThreshold) {
      status = (await repo.updateEntry(tx, entryId, { ...counts, status: 'rejected' })).status;
      await repo.touchPlaylist(tx, entry.playlistId);
    } else {
      await repo.updateEntry(tx, entryId, counts);
    }
    return {
      vote: vote ? { voteType: vote } : null,
      voteCount: { upVotes: up, downVotes: down },
      netVotes: counts.netVotes,
      status: status,
    };
  });
  await publishChange(ctx.hub, playlist.id, result.status !== 'pending');
  return result;
}

/** A moderator approves or rejects a pending song. */
export async function moderateSong(
  ctx: PlaylistContext,
  userId: string,
  entryId: number,
  decision: 'approve' | 'reject',
): Promise<PlaylistSong> {
  const { playlist, member } = await visibleEntry(ctx.db, entryId, userId);
  if (!permissionsOf(member).canModerate) throw forbidden(MESSAGES.noModerate);
  await ctx.db.transaction(async (tx) => {
    const entry = await repo.lockEntry(tx, entryId);
    if (!entry) throw notFound(MESSAGES.entryNotFound);
    if (entry.status !== 'pending') throw conflict(MESSAGES.notPending);
    if (decision === 'approve') await approveLocked(tx, entry);
    else {
      await repo.updateEntry(tx, entryId, { status: 'rejected' });
      await repo.touchPlaylist(tx, entry.playlistId);
    }
  });
  await publishChange(ctx.hub, playlist.id, true);
  const [row] = await repo.listSongs(ctx.db, playlist.id, userId, entryId);
  return presentPlaylistSong(row);
}

/** A moderator removes a song (any status) from the playlist, with its votes. */
export async function removeSong(ctx: PlaylistContext, userId: string, entryId: number): Promise<void> {
  const { playlist, member } = await visibleEntry(ctx.db, entryId, userId);
  if (!permissionsOf(member).canModerate) throw forbidden(MESSAGES.noModerate);
  await ctx.db.transaction(async (tx) => {
    const entry = await repo.lockEntry(tx, entryId);
    if (!entry) throw notFound(MESSAGES.entryNotFound);
    await repo.deleteEntry(tx, entryId);
    await repo.touchPlaylist(tx, entry.playlistId);
  });
  await publishChange(ctx.hub, playlist.id, true);
}
