import { describe, expect, it } from 'vitest';
import { CreatePlaylistSchema, playlistPermissions } from './playlist';

const member = { role: 'member' as const, canVote: true, canPropose: true, canModerate: false };

describe('playlistPermissions', () => {
  it('gives non-members nothing', () => {
    expect(playlistPermissions('open', null)).toEqual({
      isMember: false,
      isAdmin: false,
      canPropose: false,
      canVote: false,
      canModerate: false,
    });
  });

  it('widens proposing in open playlists and voting in democratic ones', () => {
    const muted = { ...member, canVote: false, canPropose: false };
    expect(playlistPermissions('moderated', muted)).toMatchObject({ canPropose: false, canVote: false });
    expect(playlistPermissions('open', muted)).toMatchObject({ canPropose: true, canVote: false });
    expect(playlistPermissions('democratic', muted)).toMatchObject({ canPropose: false, canVote: true });
  });

  it('lets admins, moderators and canModerate members moderate; only admins administer', () => {
    expect(playlistPermissions('democratic', member).canModerate).toBe(false);
    expect(playlistPermissions('democratic', { ...member, canModerate: true }).canModerate).toBe(true);
    expect(playlistPermissions('democratic', { ...member, role: 'moderator' })).toMatchObject({
      canModerate: true,
      isAdmin: false,
    });
    expect(playlistPermissions('democratic', { ...member, role: 'admin' })).toMatchObject({
      canModerate: true,
      isAdmin: true,
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
