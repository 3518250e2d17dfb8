/** API shapes of playlists, their songs and members: rows are mapped explicitly so no new column leaks. */
import type {
  Membership,
  Playlist,
  PlaylistDetail,
  PlaylistMember,
  PlaylistSong,
} from '../../../shared/schemas/playlist';
import { displayName } from '../users/users.presenter';
import type { listMembers, listSongs, MemberRow, PlaylistListRow } from './playlists.repository';

export function presentPlaylist(r: PlaylistListRow): Playlist {
  const p = r.playlist;
  return {
    id: p.id,
    name: p.name,
    description: p.description,
    creatorId: p.creatorId,
    creatorName: displayName({ firstName: r.creatorFirstName, lastName: r.creatorLastName }),
    venueId: p.venueId,
    isPublic: p.isPublic,
    isActive: p.isActive,
    voteThreshold: p.voteThreshold,
    maxSongs: p.maxSongs,
    collaborativeMode: p.collaborativeMode,
    thumbnailUrl: p.thumbnailUrl,
    gradient: p.gradient,
    createdAt: p.createdAt.toISOString(),
    updatedAt: p.updatedAt.toISOString(),
    memberCount: r.memberCount,
    songCount: r.songCount,
  };
}

export function presentMembership(m: MemberRow | null): Membership | null {
  if (!m) return null;
  return { role: m.role, canVote: m.canVote, canPropose: m.canPropose, canModerate: m.canModerate };
}

export function presentPlaylistDetail(r: PlaylistListRow, member: MemberRow | null): PlaylistDetail {
  // The invite is a member's to pass on; others (and visitors who came through it) are not given it.
  return {
    ...presentPlaylist(r),
    membership: presentMembership(member),
    inviteToken: member ? r.playlist.inviteToken : null,
  };
}

export function presentPlaylistSong(r: Awaited<ReturnType<typeof listSongs>>[number]): PlaylistSong {
  const e = r.entry;
  return {
    id: e.id,
    playlistId: e.playlistId,
    songId: e.songId,
    proposedById: e.proposedById,
    proposerName: displayName({ firstName: r.proposerFirstName, lastName: r.proposerLastName }),
    position: e.position,
    upVotes: e.upVotes,
    downVotes: e.downVotes,
    netVotes: e.netVotes,
    status: e.status,
    createdAt: e.createdAt.toISOString(),
    approvedAt: e.approvedAt?.toISOString() ?? null,
    title: r.title,
    artist: r.artist,
    genre: r.genre,
    youtubeId: r.youtubeId,
    duration: r.duration,
    thumbnailUrl: r.thumbnailUrl,
    userVote: r.userVote ?? null,
  };
}

export function presentMember(r: Awaited<ReturnType<typeof listMembers>>[number]): PlaylistMember {
  const m = r.member;
  return {
    id: m.id,
    playlistId: m.playlistId,
    userId: m.userId,
    userName: displayName(r),
    profileImageUrl: r.profileImageUrl,
    role: m.role,
    canVote: m.canVote,
    canPropose: m.canPropose,
    canModerate: m.canModerate,
    joinedAt: m.joinedAt.toISOString(),
  };
}
