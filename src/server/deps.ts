/** What every module gets from buildApp: configuration, the database, the realtime hub, the limiter, the app's state. */
import type {
  FastifyInstance,
  FastifyBaseLogger,
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppState } from './app-state';
import type { Config } from './config';
import type { Database, Db } from './db/client';
import type { RateLimiter } from './lib/rate-limiter';
import type { SessionStore } from './plugins/session';
import type { RealtimeHub } from './realtime/hub';

/** What exists before the per-app state: configuration, the database, the realtime hub, the limiter, sessions. */
export interface CoreDeps {
  config: Config;
  database: Database;
  db: Db;
  hub: RealtimeHub;
  limiter: RateLimiter;
  sessions: SessionStore;
  log: FastifyBaseLogger;
  /** Waits that are part of a rule (the sign-in delay); tests record them instead of waiting. */
  sleep: (ms: number) => Promise<void>;
  /** The clock of rules that store times (Venue Live: heartbeats, join codes, presence); tests move it forward. */
  now: () => number;
}

export interface AppDeps extends CoreDeps {
  /** The caches and trackers of this app (typed; see app-state.ts). */
  state: AppState;
}

export type App = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

/** A feature module: registers its routes (and hooks) on the app. */
export interface AppModule {
  name: string;
  register(app: App, deps: AppDeps): Promise<void> | void;
  /** Called once after the server is listening or ready (timers, subscriptions). */
  start?(deps: AppDeps): Promise<void> | void;
  /** Called on shutdown. */
  stop?(deps: AppDeps): Promise<void> | void;
}
