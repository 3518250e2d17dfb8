/** What a playlist membership allows, without zod (./playlist.ts re-exports it; ADR 024). */
import type { MemberRole } from '../constants';

/**
 * What a member may do in a playlist. The server enforces it; the browser uses it to show the right buttons.
 * The flags bite for everyone but the playlist's admins (the creator is its first admin), whatever the mode: the
 * mode decides what a proposal or a vote does, the flags decide who may make one (ADR 013).
 */
export interface PlaylistPermissions {
  isMember: boolean;
  isAdmin: boolean;
  /** Add Song is offered (and a proposal accepted) when the member canPropose. */
  canPropose: boolean;
  /** Vote buttons are offered (and a vote accepted) when the member canVote. */
  canVote: boolean;
  /** Approve, reject and remove: members with canModerate (moderators get it with the role). */
  canModerate: boolean;
}

/** The permissions of `membership` (null: not a member). Admins may always do everything. */
export function playlistPermissions(
  membership: { role: MemberRole; canVote: boolean; canPropose: boolean; canModerate: boolean } | null,
): PlaylistPermissions {
  if (!membership) return { isMember: false, isAdmin: false, canPropose: false, canVote: false, canModerate: false };
  const isAdmin = membership.role === 'admin';
  return {
    isMember: true,
    isAdmin,
    canPropose: isAdmin || membership.canPropose,
    canVote: isAdmin || membership.canVote,
    canModerate: isAdmin || membership.canModerate,
  };
}

/** The invite link's path of a playlist: the plain link for public ones, the link with the secret for private. */
export function playlistInvitePath(p: { id: number; isPublic: boolean; inviteToken: string | null }): string {
  const base = `/community-playlists/${p.id}`;
  return p.isPublic || !p.inviteToken ? base : `${base}?invite=${p.inviteToken}`;
}
