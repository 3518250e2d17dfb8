import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('GET /api/songs page sizes', () => {
  it('default to 50 a page and at most 100', () => {
    expect(loadConfig({}).songsPage).toEqual({ size: 50, max: 100 });
    expect(loadConfig({ SONGS_PAGE_SIZE: '20', SONGS_PAGE_MAX: '40' }).songsPage).toEqual({ size: 20, max: 40 });
  });

  it('refuse a default page larger than the largest, and values that are not counts, naming the variable', () => {
    expect(() => loadConfig({ SONGS_PAGE_SIZE: '200' })).toThrow(
      /SONGS_PAGE_SIZE must not be larger than SONGS_PAGE_MAX/,
    );
    for (const env of [{ SONGS_PAGE_MAX: '0' }, { SONGS_PAGE_SIZE: 'ten' }, { SONGS_PAGE_MAX: '5000' }]) {
      const run = () => loadConfig(env);
      expect(run).toThrow(ConfigError);
      expect(run).toThrow(new RegExp(Object.keys(env)[0]));
    }
  });
});

describe('websocket limits', () => {
  it('default to 20 messages a second in bursts of 40, 50 waiting, 10 sockets a user, 50 anonymous an address, 20 rooms', () => {
    expect(loadConfig({}).websocket).toEqual({
      messagesPerSecond: 20,
      messageBurst: 40,
      maxQueuedMessages: 50,
      maxSocketsPerUser: 10,
      maxAnonymousSocketsPerAddress: 50,
      maxRoomsPerSocket: 20,
    });
    expect(loadConfig({ WS_MESSAGES_PER_SECOND: '0.5', WS_MAX_SOCKETS_PER_USER: '3' }).websocket).toMatchObject({
      messagesPerSecond: 0.5,
      maxSocketsPerUser: 3,
    });
  });

  it('refuse values that are not positive counts, naming the variable', () => {
    for (const env of [
      { WS_MESSAGES_PER_SECOND: '0' },
      { WS_MESSAGE_BURST: '1.5' },
      { WS_MAX_QUEUED_MESSAGES: 'many' },
      { WS_MAX_SOCKETS_PER_USER: '0' },
      { WS_MAX_ANONYMOUS_SOCKETS_PER_ADDRESS: '-1' },
      { WS_MAX_ROOMS_PER_SOCKET: '0' },
    ]) {
      const run = () => loadConfig(env);
      expect(run).toThrow(ConfigError);
      expect(run).toThrow(new RegExp(Object.keys(env)[0]));
    }
  });
});

describe('sign-in throttling (ADR 014)', () => {
  it('defaults to 5 failures per account and address, 25 attempts per address, a delay after 5 capped at 10 s', () => {
    expect(loadConfig({}).signIn).toEqual({
      failuresPerAccountAddress: 5,
      attemptsPerAddress: 25,
      delayAfterFailures: 5,
      delayMaxMs: 10_000,
    });
    expect(
      loadConfig({
        LOGIN_FAILURES_PER_ACCOUNT_ADDRESS: '3',
        LOGIN_ATTEMPTS_PER_ADDRESS: '100',
        LOGIN_DELAY_AFTER_FAILURES: '10',
        LOGIN_DELAY_MAX_SECONDS: '0',
      }).signIn,
    ).toEqual({ failuresPerAccountAddress: 3, attemptsPerAddress: 100, delayAfterFailures: 10, delayMaxMs: 0 });
  });

  it('refuses values that are not counts, naming the variable', () => {
    for (const env of [
      { LOGIN_FAILURES_PER_ACCOUNT_ADDRESS: '0' },
      { LOGIN_ATTEMPTS_PER_ADDRESS: 'many' },
      { LOGIN_DELAY_AFTER_FAILURES: '-1' },
      { LOGIN_DELAY_MAX_SECONDS: '3600' },
    ]) {
      const run = () => loadConfig(env);
      expect(run).toThrow(ConfigError);
      expect(run).toThrow(new RegExp(Object.keys(env)[0]));
    }
  });
});

describe('FILE_TRANSFERS_MAX', () => {
  it('defaults to 16 concurrent file transfers and refuses what is not a positive count', () => {
    expect(loadConfig({}).fileTransfersMax).toBe(16);
    expect(loadConfig({ FILE_TRANSFERS_MAX: '3' }).fileTransfersMax).toBe(3);
    for (const value of ['0', 'many', '1.5']) {
      expect(() => loadConfig({ FILE_TRANSFERS_MAX: value })).toThrow(/FILE_TRANSFERS_MAX/);
    }
  });
});

describe('per-user cache caps', () => {
  it('default to room for 100,000 active users and refuse what is not a positive count', () => {
    expect(loadConfig({}).caches).toEqual({
      sessions: 100_000,
      ownVotesEntries: 100_000,
      ownVotesVotes: 4_000_000,
      rateLimitKeys: 200_000,
      searchEntries: 1_000,
    });
    expect(loadConfig({ SESSION_CACHE_MAX: '10', OWN_VOTES_CACHE_ENTRIES: '20' }).caches).toMatchObject({
      sessions: 10,
      ownVotesEntries: 20,
    });
    for (const name of ['SESSION_CACHE_MAX', 'OWN_VOTES_CACHE_ENTRIES', 'OWN_VOTES_CACHE_VOTES', 'RATE_LIMIT_KEYS_MAX'])
      for (const value of ['0', 'many', '1.5']) expect(() => loadConfig({ [name]: value })).toThrow(new RegExp(name));
  });

  it('takes 0 search cache entries as "no answer cache", and refuses what is not a count', () => {
    expect(loadConfig({ SEARCH_CACHE_ENTRIES: '0' }).caches.searchEntries).toBe(0);
    for (const value of ['-1', 'many', '1.5'])
      expect(() => loadConfig({ SEARCH_CACHE_ENTRIES: value })).toThrow(/SEARCH_CACHE_ENTRIES/);
  });
});

describe('REDIS_URL', () => {
  it('is optional, must be a redis:// URL, and needs DATABASE_URL (PGlite runs one instance)', () => {
    expect(loadConfig({}).redisUrl).toBeUndefined();
    const db = { DATABASE_URL: 'postgres://x@127.0.0.1/db' };
    expect(loadConfig({ ...db, REDIS_URL: 'redis://127.0.0.1:6379' }).redisUrl).toBe('redis://127.0.0.1:6379');
    expect(() => loadConfig({ ...db, REDIS_URL: 'http://127.0.0.1:6379' })).toThrow(/REDIS_URL/);
    expect(() => loadConfig({ REDIS_URL: 'redis://127.0.0.1:6379' })).toThrow(/REDIS_URL needs DATABASE_URL/);
  });
});

describe('mix cache size (MIX_CACHE_TOP_K)', () => {
  it('keeps the top 1,000 songs per order by default; the mix shows 100 and trending at most 50', () => {
    expect(loadConfig({}).mixCache).toEqual({ topK: 1000, mixSize: 100, trendingSize: 50 });
    expect(loadConfig({ MIX_CACHE_TOP_K: '250' }).mixCache.topK).toBe(250);
  });

  it('refuses fewer songs than a full mix (100), and values that are not counts, naming the variable', () => {
    expect(() => loadConfig({ MIX_CACHE_TOP_K: '99' })).toThrow(/MIX_CACHE_TOP_K must be at least 100/);
    for (const env of [{ MIX_CACHE_TOP_K: '0' }, { MIX_CACHE_TOP_K: 'many' }, { MIX_CACHE_TOP_K: '2000000' }]) {
      const run = () => loadConfig(env);
      expect(run).toThrow(ConfigError);
      expect(run).toThrow(/MIX_CACHE_TOP_K/);
    }
  });
});
