/** The hub's transports on their own: Redis pub/sub round trips per database channel, and fails fast when absent. */
import { describe, expect, it, vi } from 'vitest';
import type { FastifyBaseLogger } from 'fastify';
import { RedisTransport, redisChannelFor } from './transport';

const log = { warn: vi.fn() } as unknown as FastifyBaseLogger;
const TEST_REDIS_URL = process.env.TEST_REDIS_URL || undefined;

describe('redisChannelFor', () => {
  it('names one channel per database, whatever the credentials', () => {
    const a = redisChannelFor('postgres://app:secret@db.example:5432/crowdmix');
    expect(a).toMatch(/^crowdmix_events:[0-9a-f]{16}$/);
    expect(redisChannelFor('postgres://other:pw@db.example/crowdmix')).toBe(a);
    expect(redisChannelFor('postgres://app:secret@db.example:5432/crowdmix_staging')).not.toBe(a);
    expect(redisChannelFor('postgres://app:secret@db2.example:5432/crowdmix')).not.toBe(a);
  });
});

describe('RedisTransport', () => {
  it('refuses to start when Redis is unreachable, naming REDIS_URL', async () => {
    const t = new RedisTransport('redis://127.0.0.1:1', 'crowdmix_events:test', log);
    await expect(t.start(vi.fn(), vi.fn())).rejects.toThrow(/REDIS_URL is unreachable/);
  });

  describe.runIf(TEST_REDIS_URL)('on Redis (TEST_REDIS_URL)', () => {
    it('delivers what one instance publishes to every instance on its channel, and nothing across channels', async () => {
      const channel = `crowdmix_events:test-${process.pid}-${Date.now()}`;
      const heard: string[][] = [[], [], []];
      const transports = [channel, channel, `${channel}-other`].map((c) => new RedisTransport(TEST_REDIS_URL!, c, log));
      try {
        for (const [i, t] of transports.entries()) await t.start((p) => heard[i].push(p), vi.fn());
        await transports[0].publish('{"n":1}');
        await transports[1].publish('{"n":2}');
        await vi.waitFor(() => expect(heard[0]).toHaveLength(2), { timeout: 5000 });
        await vi.waitFor(() => expect(heard[1]).toHaveLength(2), { timeout: 5000 });
        expect(heard[0]).toEqual(['{"n":1}', '{"n":2}']);
        expect(heard[1]).toEqual(['{"n":1}', '{"n":2}']);
        // The third is on another database's channel: the same Redis, nothing heard.
        await transports[2].publish('{"n":3}');
        await vi.waitFor(() => expect(heard[2]).toEqual(['{"n":3}']), { timeout: 5000 });
        expect(heard[0]).toHaveLength(2);
      } finally {
        for (const t of transports) await t.stop();
      }
    });
  });
});
