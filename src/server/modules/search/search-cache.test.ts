import { describe, expect, it } from 'vitest';
import type { SearchResponse } from '../../../shared/schemas/search';
import { SearchCache, cacheKey, normaliseQuery } from './search-cache';
import { NO_CORRECTIONS } from './search.repository';

const answer = (ids: number[]): SearchResponse =>
  ({
    songs: ids.map((id) => ({ id, upVotes: 0, downVotes: 0, userVote: null })),
    artists: [],
    venues: [],
    playlists: [],
  }) as unknown as SearchResponse;

describe('SearchCache', () => {
  it('holds at most maxEntries, dropping the least recently read first', async () => {
    const cache = new SearchCache({ maxEntries: 2, ttlMs: 60_000 });
    for (const k of ['a', 'b']) await cache.load(k, async () => ({ answer: answer([1]), corrections: NO_CORRECTIONS }));
    expect(cache.get('a')).not.toBeNull(); // "a" is now the most recent
    await cache.load('c', async () => ({ answer: answer([2]), corrections: NO_CORRECTIONS }));
    expect(cache.size).toBe(2);
    expect(cache.get('b')).toBeNull();
    expect(cache.get('a')).not.toBeNull();
    expect(cache.get('c')).not.toBeNull();
  });

  it('serves an entry for ttlMs at most', async () => {
    let now = 0;
    const cache = new SearchCache({ maxEntries: 10, ttlMs: 1000, now: () => now });
    await cache.load('a', async () => ({ answer: answer([1]), corrections: NO_CORRECTIONS }));
    now = 999;
    expect(cache.get('a')).not.toBeNull();
    now = 1000;
    expect(cache.get('a')).toBeNull();
  });

  it('does not store a load that a catalogue event overtook, and applies counts that arrived during a load', async () => {
    const cache = new SearchCache({ maxEntries: 10, ttlMs: 60_000 });
    await cache.load('a', async () => {
      cache.handleEvent({ type: 'songs_changed', venueId: null });
      return { answer: answer([1]), corrections: NO_CORRECTIONS };
    });
    expect(cache.get('a')).toBeNull();
    const loaded = await cache.load('b', async () => {
      cache.handleEvent({ type: 'vote_update', songId: 7, venueId: null, voteCount: { upVotes: 3, downVotes: 1 } });
      cache.handleEvent({ type: 'vote_update', songId: 7, venueId: 4, voteCount: { upVotes: 9, downVotes: 9 } });
      return { answer: answer([7]), corrections: NO_CORRECTIONS };
    });
    expect(loaded.answer.songs[0]).toMatchObject({ upVotes: 3, downVotes: 1 });
    cache.handleEvent({ type: 'vote_update', songId: 7, venueId: null, voteCount: { upVotes: 4, downVotes: 1 } });
    expect(cache.get('b')!.answer.songs[0]).toMatchObject({ upVotes: 4, downVotes: 1 });
  });

  it('reads a text once for concurrent requests, and not at all when turned off', async () => {
    const cache = new SearchCache({ maxEntries: 10, ttlMs: 60_000 });
    let reads = 0;
    const load = async () => {
      reads++;
      await new Promise((r) => setTimeout(r, 5));
      return { answer: answer([1]), corrections: NO_CORRECTIONS };
    };
    await Promise.all([cache.load('a', load), cache.load('a', load), cache.load('a', load)]);
    expect(reads).toBe(1);
    const off = new SearchCache({ maxEntries: 0, ttlMs: 60_000 });
    await off.load('a', load);
    expect(off.get('a')).toBeNull();
  });

  it('keys by limit and by the text as searched: NFC, lower case, single spaces', () => {
    expect(normaliseQuery('  Cafe\u0301   DEL  Mar ')).toBe('café del mar');
    expect(cacheKey('x', 10)).not.toBe(cacheKey('x', 20));
  });
});
