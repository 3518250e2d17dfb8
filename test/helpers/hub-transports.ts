/**
 * The realtime hub's transports under test (ADR 022): PostgreSQL LISTEN/NOTIFY always, Redis pub/sub when
 * TEST_REDIS_URL is set (`.ci/run` sets it). Suites that span instances run once per transport.
 */
import { describe } from 'vitest';
import { Redis } from 'ioredis';
import { redisChannelFor } from '../../src/server/realtime/transport';

export type HubTransportName = 'postgres' | 'redis';

export const TEST_REDIS_URL = process.env.TEST_REDIS_URL || undefined;

/**
 * Declares `fn`'s suite once per transport; `env(databaseUrl)` gives the variables that pick it. Without
 * TEST_REDIS_URL the Redis variant is declared skipped, with the reason in its name.
 */
export function describePerTransport(
  title: string,
  enabled: boolean,
  fn: (transport: { name: HubTransportName; env: (databaseUrl: string) => Record<string, string> }) => void,
) {
  describe.runIf(enabled)(`${title} (LISTEN/NOTIFY)`, () => fn({ name: 'postgres', env: () => ({}) }));
  if (TEST_REDIS_URL)
    describe.runIf(enabled)(`${title} (Redis pub/sub)`, () =>
      fn({ name: 'redis', env: () => ({ REDIS_URL: TEST_REDIS_URL! }) }),
    );
  else
    describe.skip(`${title} (Redis pub/sub: skipped, TEST_REDIS_URL is unset; set it to redis://127.0.0.1:6379)`, () =>
      fn({ name: 'redis', env: () => ({}) }));
}

/** Cuts the Redis subscriber connections of the instances on `databaseUrl` (CLIENT KILL by connection name). */
export async function cutRedisSubscribers(databaseUrl: string): Promise<number> {
  const admin = new Redis(TEST_REDIS_URL!);
  try {
    const name = `${redisChannelFor(databaseUrl)}:sub`;
    const list = (await admin.client('LIST')) as string;
    const ids = list
      .split('\n')
      .filter((line) => line.includes(` name=${name} `))
      .map((line) => /\bid=(\d+)/.exec(line)![1]);
    for (const id of ids) await admin.client('KILL', 'ID', id);
    return ids.length;
  } finally {
    admin.disconnect();
  }
}
