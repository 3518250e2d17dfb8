import { describe, expect, it } from 'vitest';
import { CreatePlaylistSchema, playlistPermissions } from './playlist';

const member = { role: 'member' as const, canVote: true, canPropose: true, canModerate: false };

describe('playlistPermissions', () => {
  it('gives non-members nothing', () => {
    expect(playlistPermissions(null)).toEqual({
      isMember: false,
      isAdmin: false,
      canPropose: false,
      canVote: false,
      canModerate: false,
    });
  });

  it('follows the flags for members and moderators, whatever the mode (ADR 013)', () => {
    const muted = { ...member, canVote: false, canPropose: false };
    expect(playlistPermissions(muted)).toMatchObject({ canPropose: false, canVote: false, canModerate: false });
    expect(playlistPermissions(member)).toMatchObject({ canPropose: true, canVote: true, canModerate: false });
    expect(playlistPermissions({ ...member, canModerate: true }).canModerate).toBe(true);
    // A moderator whose canModerate was switched off no longer moderates.
    expect(playlistPermissions({ ...member, role: 'moderator', canModerate: false })).toMatchObject({
      canModerate: false,
      isAdmin: false,
    });
    expect(playlistPermissions({ ...member, role: 'moderator', canModerate: true }).canModerate).toBe(true);
  });

  it('lets admins do everything, whatever their stored flags', () => {
    const admin = { role: 'admin' as const, canVote: false, canPropose: false, canModerate: false };
    expect(playlistPermissions(admin)).toEqual({
      isMember: true,
      isAdmin: true,
      canPropose: true,
      canVote: true,
      canModerate: true,
    });
  });
});

describe('CreatePlaylistSchema', () => {
  it('fills the spec defaults', () => {
    expect(CreatePlaylistSchema.parse({ name: 'x' })).toEqual({
      name: 'x',
      description: null,
      collaborativeMode: 'democratic',
      voteThreshold: 3,
      maxSongs: 50,
      gradient: 'from-blue-500 to-purple-600',
      isPublic: true,
    });
  });
});
