/**
 * How the realtime hub reaches the other instances (ADR 022): PostgreSQL's LISTEN/NOTIFY on the app's own
 * database by default, or Redis pub/sub when REDIS_URL is set. Both carry the same JSON envelopes; the hub
 * does not know which it has. PGlite is one process by construction and gets none.
 */
import crypto from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import type { Database } from '../db/client';
import { InFlightBatcher, distinctPrefix } from '../lib/in-flight-batcher';

export interface HubTransport {
  /** 'postgres' (LISTEN/NOTIFY) or 'redis' (pub/sub): for logs, /readyz and the bench. */
  readonly name: 'postgres' | 'redis';
  /** The largest payload it carries; the hub keeps a larger event on its own instance (and logs it). */
  readonly maxPayload: number;
  /**
   * Starts receiving: `onPayload` gets what every instance published (this one's too: the hub drops its own by
   * origin). `onResync` is called after the channel was down and came back: what was sent meanwhile was missed.
   */
  start(onPayload: (payload: string) => void, onResync: () => void): Promise<void>;
  /** Sends to every instance; rejects when the payload could not be handed over. */
  publish(payload: string): Promise<void>;
  stop(): Promise<void>;
}

const CHANNEL = 'crowdmix_events';

/** At most this many payloads go in one NOTIFY statement (of at most 7,900 bytes each). */
export const MAX_NOTIFY_BATCH = 64;

/**
 * LISTEN/NOTIFY on the app's database: instances that share the database share the channel.
 *
 * One statement is in flight at a time. A payload published while none is goes out at once; the ones published
 * meanwhile go together in the next statement, in order (ADR 048). In a burst of votes that is one round trip for
 * many instead of one each, and every instance hears the events in the order this one published them.
 */
export class PostgresNotifyTransport implements HubTransport {
  readonly name = 'postgres';
  /** NOTIFY's payload limit is 8,000 bytes; a little is left for the server's framing. */
  readonly maxPayload = 7900;
  private unlisten?: () => Promise<void>;
  private readonly outgoing = new InFlightBatcher<string, void>(
    async (payloads) => {
      await this.database.notify(CHANNEL, payloads);
      return [];
    },
    (waiting) => nextBatchSize(waiting),
  );

  constructor(private readonly database: Database) {}

  async start(onPayload: (payload: string) => void, onResync: () => void) {
    this.database.onResync(onResync);
    this.unlisten = await this.database.listen(CHANNEL, onPayload);
  }

  publish(payload: string) {
    return this.outgoing.add(payload);
  }

  async stop() {
    await this.unlisten?.();
  }
}

/**
 * How many of the waiting payloads the next statement takes: up to MAX_NOTIFY_BATCH, and never the same payload twice
 * (PostgreSQL delivers identical payloads of one transaction once: a vote, its removal and the vote again would
 * reach the other instances as the vote and its removal).
 */
export function nextBatchSize(waiting: readonly string[]): number {
  return distinctPrefix(waiting, (payload) => payload, MAX_NOTIFY_BATCH);
}

/**
 * The Redis channel for a database: instances share events exactly when they share a database, as with NOTIFY,
 * so two deployments (or two test databases) on one Redis do not hear each other.
 */
export function redisChannelFor(databaseUrl: string): string {
  const u = new URL(databaseUrl);
  const id = `${u.hostname}:${u.port || '5432'}${u.pathname}`;
  return `${CHANNEL}:${crypto.createHash('sha256').update(id).digest('hex').slice(0, 16)}`;
}

/**
 * Redis pub/sub: one connection publishes, one subscribes (a subscribed Redis connection can do nothing else).
 * Publishing fails at once while Redis is unreachable (no offline queue: a vote must not wait for it); the
 * subscriber reconnects on its own, subscribes again and then asks for a resync.
 */
export class RedisTransport implements HubTransport {
  readonly name = 'redis';
  /** Redis takes far larger messages; 1 MB keeps one event from clogging every instance's socket. */
  readonly maxPayload = 1_000_000;
  private pub?: import('ioredis').Redis;
  private sub?: import('ioredis').Redis;

  constructor(
    private readonly url: string,
    readonly channel: string,
    private readonly log: FastifyBaseLogger,
  ) {}

  async start(onPayload: (payload: string) => void, onResync: () => void) {
    // Loaded only here: an instance without REDIS_URL never evaluates ioredis.
    const { Redis } = await import('ioredis');
    const common = {
      lazyConnect: true,
      // Reconnects after 50 ms, 100 ms… at most every 2 s.
      retryStrategy: (attempt: number) => Math.min(2000, 50 * attempt),
    };
    this.pub = new Redis(this.url, {
      ...common,
      connectionName: `${this.channel}:pub`,
      enableOfflineQueue: false,
      maxRetriesPerRequest: 1,
    });
    this.sub = new Redis(this.url, {
      ...common,
      connectionName: `${this.channel}:sub`,
      autoResubscribe: false,
      maxRetriesPerRequest: null,
    });
    // Without listeners ioredis would print every connection error; the hub logs what matters.
    let down = false;
    for (const c of [this.pub, this.sub])
      c.on('error', (err) => {
        if (!down) this.log.warn({ err }, 'realtime Redis connection lost');
        down = true;
      });
    const sub = this.sub;
    let subscribedOnce = false;
    sub.on('message', (channel: string, message: string) => {
      if (channel === this.channel) onPayload(message);
    });
    sub.on('ready', () => {
      // The first ready is the start (subscribed below); a later one follows a lost connection.
      if (!subscribedOnce) return;
      sub.subscribe(this.channel).then(
        () => {
          down = false;
          onResync();
        },
        (err) => this.log.warn({ err }, 'realtime Redis subscribe failed'),
      );
    });
    try {
      await Promise.all([this.pub.connect(), sub.connect()]);
      await sub.subscribe(this.channel);
    } catch (err) {
      // Unreachable at start: the instance does not start half-bridged (and stops retrying).
      await this.stop();
      throw new Error(`Redis at REDIS_URL is unreachable: ${(err as Error).message}`, { cause: err });
    }
    subscribedOnce = true;
  }

  async publish(payload: string) {
    await this.pub!.publish(this.channel, payload);
  }

  async stop() {
    for (const c of [this.pub, this.sub]) {
      if (!c) continue;
      // A connected client says goodbye; one that is (re)connecting just stops.
      if (c.status === 'ready') await c.quit().catch(() => c.disconnect());
      else c.disconnect();
    }
  }
}

/** The configured transport: Redis when REDIS_URL is set, NOTIFY on PostgreSQL, none on PGlite. */
export function hubTransport(
  config: Pick<Config, 'redisUrl' | 'databaseUrl'>,
  database: Database,
  log: FastifyBaseLogger,
): HubTransport | null {
  if (database.driver !== 'pg') return null;
  if (config.redisUrl && config.databaseUrl)
    return new RedisTransport(config.redisUrl, redisChannelFor(config.databaseUrl), log);
  return new PostgresNotifyTransport(database);
}
