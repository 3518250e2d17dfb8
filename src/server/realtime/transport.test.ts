/**
 * The hub's transports on their own: NOTIFY's batching (with a stand-in database), Redis pub/sub round trips per
 * database channel, and fails fast when absent. transport.int.test.ts runs NOTIFY on the real databases.
 */
import { describe, expect, it, vi } from 'vitest';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client';
import { MAX_NOTIFY_BATCH, PostgresNotifyTransport, RedisTransport, nextBatchSize, redisChannelFor } from './transport';

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

/** A database whose NOTIFY statements wait until the test lets each one finish (or fail). */
function heldDatabase() {
  const statements: { payloads: readonly string[]; finish: () => void; fail: (err: Error) => void }[] = [];
  const database = {
    notify: (_channel: string, payloads: readonly string[]) =>
      new Promise<void>((finish, fail) => statements.push({ payloads, finish, fail })),
  } as unknown as Database;
  return { database, statements };
}

const settled = (p: Promise<unknown>) => {
  const state = { done: false, error: undefined as unknown };
  p.then(
    () => (state.done = true),
    (err) => ((state.done = true), (state.error = err)),
  );
  return state;
};

describe('PostgresNotifyTransport (ADR 048)', () => {
  it('sends the first payload at once and those published meanwhile together, in order, one statement at a time', async () => {
    const { database, statements } = heldDatabase();
    const transport = new PostgresNotifyTransport(database);
    const first = settled(transport.publish('a'));
    expect(statements.map((s) => s.payloads)).toEqual([['a']]);
    const rest = ['b', 'c', 'd'].map((p) => settled(transport.publish(p)));
    expect(statements).toHaveLength(1);
    statements[0].finish();
    await vi.waitFor(() => expect(statements).toHaveLength(2));
    expect(first.done).toBe(true);
    expect(statements[1].payloads).toEqual(['b', 'c', 'd']);
    expect(rest.some((r) => r.done)).toBe(false);
    statements[1].finish();
    await vi.waitFor(() => expect(rest.every((r) => r.done && !r.error)).toBe(true));
    // Idle again: the next one goes at once, alone.
    void transport.publish('e');
    expect(statements[2].payloads).toEqual(['e']);
  });

  it('fails only the statement that failed; the payloads behind it still go', async () => {
    const { database, statements } = heldDatabase();
    const transport = new PostgresNotifyTransport(database);
    const a = settled(transport.publish('a'));
    const b = settled(transport.publish('b'));
    statements[0].fail(new Error('connection lost'));
    await vi.waitFor(() => expect(statements).toHaveLength(2));
    expect(a.error).toEqual(new Error('connection lost'));
    statements[1].finish();
    await vi.waitFor(() => expect(b.done).toBe(true));
    expect(b.error).toBeUndefined();
  });

  it('never puts the same payload twice in one statement (PostgreSQL would deliver it once)', async () => {
    const { database, statements } = heldDatabase();
    const transport = new PostgresNotifyTransport(database);
    void transport.publish('x');
    for (const p of ['up', 'removed', 'up', 'other']) void transport.publish(p);
    statements[0].finish();
    await vi.waitFor(() => expect(statements).toHaveLength(2));
    expect(statements[1].payloads).toEqual(['up', 'removed']);
    statements[1].finish();
    await vi.waitFor(() => expect(statements).toHaveLength(3));
    expect(statements[2].payloads).toEqual(['up', 'other']);
  });

  it('takes at most MAX_NOTIFY_BATCH payloads a statement', () => {
    const waiting = Array.from({ length: MAX_NOTIFY_BATCH * 2 + 5 }, (_, i) => String(i));
    expect(nextBatchSize(waiting)).toBe(MAX_NOTIFY_BATCH);
    expect(nextBatchSize(waiting.slice(0, 5))).toBe(5);
    expect(nextBatchSize([])).toBe(0);
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
