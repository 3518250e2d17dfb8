import { describe, expect, it } from 'vitest';
import type { RankedSong } from '@shared/schemas/song';
import { compareRank, normalizeMix, patchMix, patchSongs } from './mix';

const song = (id: number, up: number, down: number, createdAt = '2024-01-01T00:00:00Z', position = id): RankedSong => ({
  id,
  title: `Song ${id}`,
  artist: 'Artist',
  genre: null,
  youtubeUrl: null,
  youtubeId: null,
  pdfUrl: null,
  thumbnailUrl: null,
  duration: null,
  uploaderName: null,
  uploaderId: 'u1',
  venueId: null,
  isPrivate: false,
  createdAt,
  upVotes: up,
  downVotes: down,
  userVote: null,
  position,
});

describe('mix helpers', () => {
  it('ranks by net votes, then up votes, then the older song', () => {
    const a = song(1, 5, 3); // net 2, 5 up
    const b = song(2, 2, 0); // net 2, 2 up
    const c = song(3, 4, 0, '2024-02-01T00:00:00Z'); // net 4, newer
    const d = song(4, 4, 0, '2023-12-01T00:00:00Z'); // net 4, older
    expect([a, b, c, d].sort(compareRank).map((s) => s.id)).toEqual([4, 3, 1, 2]);
  });

  it('a live patch changes counts, keeps the caller’s vote, and re-ranks with new positions', () => {
    const mix = normalizeMix(
      {
        songs: [song(1, 3, 0, undefined, 1), { ...song(2, 1, 0, undefined, 2), userVote: 'up' as const }],
        mixInfo: { name: 'M', type: 'global' },
        totalDuration: 360,
        totalSongs: 2,
      },
      { name: 'x', type: 'global' },
    );
    const next = patchMix(mix, 2, { upVotes: 5, downVotes: 0 });
    expect(next.songs.map((s) => [s.id, s.position, s.upVotes, s.userVote])).toEqual([
      [2, 1, 5, 'up'],
      [1, 2, 3, null],
    ]);
  });

  it('returns the same object when nothing changes', () => {
    const list = [song(1, 1, 0)];
    expect(patchSongs(list, 1, { upVotes: 1, downVotes: 0 })).toBe(list);
    expect(patchSongs(list, 99, { upVotes: 4, downVotes: 0 })).toBe(list);
  });

  it('the caller’s vote is set only when given', () => {
    const list = [song(1, 1, 0)];
    expect(patchSongs(list, 1, { upVotes: 1, downVotes: 1 }, 'down')[0]!.userVote).toBe('down');
    expect(patchSongs(list, 1, { upVotes: 2, downVotes: 0 })[0]!.userVote).toBeNull();
  });

  it('accepts a bare array as a mix', () => {
    const mix = normalizeMix([{ ...song(7, 0, 0), duration: 200 }, song(8, 0, 0)], {
      name: 'Global Top 100 Mix',
      type: 'global',
    });
    expect(mix.totalSongs).toBe(2);
    expect(mix.totalDuration).toBe(380);
    expect(mix.mixInfo.name).toBe('Global Top 100 Mix');
  });
});
