/** buildApp(config): plugins → modules → error and 404 handlers. Tests use it with no port. */
import Fastify from 'fastify';
import type { DestinationStream } from 'pino';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config';
import { openDatabase, type Database } from './db/client';
import { migrate } from './db/migrate';
import { createAppState } from './app-state';
import type { App, AppDeps, CoreDeps } from './deps';
import { RateLimiter } from './lib/rate-limiter';
import { modules } from './modules';
import { sleep } from './modules/auth/sign-in-throttle';
import { registerAuthGuard } from './plugins/auth';
import { registerConnectionTracking } from './plugins/connections';
import { registerErrorHandling } from './plugins/error-handler';
import { registerOpenApi } from './plugins/openapi';
import { registerSecurity } from './plugins/security';
import { registerSessions, SessionStore } from './plugins/session';
import { registerSpa } from './plugins/spa';
import { registerWebsocket } from './plugins/websocket';
import { RealtimeHub } from './realtime/hub';
import { hubTransport } from './realtime/transport';

export interface BuildOptions {
  /** Use an already-open database (tests; left open by close()); otherwise one is opened from the config. */
  database?: Database;
  /** The database serve.ts started opening from the config before this code loaded; closed by close(). */
  openingDatabase?: Promise<Database>;
  /** Skip migrations (tests that migrated a snapshot already). */
  skipMigrations?: boolean;
  /** Pino logger options or false. */
  logger?: boolean | object;
  /** Where the standard logger writes (tests capture it); the level and redaction stay the configured ones. */
  logStream?: DestinationStream;
  /** The clock of the rate limiter and of Venue Live's stored times (tests move it forward). */
  now?: () => number;
  /** How deliberate waits wait (the sign-in delay); tests record them instead. */
  sleep?: (ms: number) => Promise<void>;
  /** How long after start() the first sweep of expired sessions waits (a minute; tests shorten it). */
  firstSessionSweepMs?: number;
}

/** Paths pino replaces with "[redacted]": session cookies and credentials, wherever a log line carries headers. */
export const REDACTED_PATHS = [
  'req.headers.cookie',
  'req.headers.authorization',
  'headers.cookie',
  'headers.authorization',
  'res.headers["set-cookie"]',
  'headers["set-cookie"]',
];

export interface BuiltApp {
  app: App;
  deps: AppDeps;
  /** Starts module timers and the realtime bridge (called by main after listen, and by tests that need them). */
  start(): Promise<void>;
  /** Stops timers, closes sockets, the server and the database. */
  close(): Promise<void>;
}

/** Builds the complete application without listening on a port. */
export async function buildApp(config: Config, opts: BuildOptions = {}): Promise<BuiltApp> {
  const app = Fastify({
    logger: opts.logger ?? {
      level: config.logLevel,
      redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
      ...(opts.logStream ? { stream: opts.logStream } : {}),
    },
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    genReqId: () => crypto.randomUUID(),
    requestIdHeader: false,
    routerOptions: { maxParamLength: 200 },
  }).withTypeProvider<ZodTypeProvider>();
  // JSON bodies only (multipart is added by the upload route alone).
  app.removeContentTypeParser('text/plain');
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const database =
    opts.database ??
    (await (opts.openingDatabase ?? openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir })));
  if (!opts.skipMigrations) await migrate(database);

  const limiter = new RateLimiter(opts.now, { maxKeys: config.caches.rateLimitKeys });
  const hub = new RealtimeHub(hubTransport(config, database, app.log), app.log, config.websocket);
  const sessions = new SessionStore({
    db: database.db,
    ttlMs: config.sessionTtlMs,
    secure: config.secureCookies,
    hub,
    now: opts.now,
    cacheMax: config.caches.sessions,
  });
  const core: CoreDeps = {
    config,
    database,
    db: database.db,
    hub,
    limiter,
    sessions,
    log: app.log,
    sleep: opts.sleep ?? sleep,
    now: opts.now ?? Date.now,
  };
  const deps: AppDeps = { ...core, state: createAppState(core) };

  registerConnectionTracking(app);
  registerErrorHandling(app);
  await registerSecurity(app, { appUrl: config.appUrl });
  await registerSessions(app, sessions);
  // Before every route: it puts the sign-in check in front of each route that declares `auth: 'required'`.
  registerAuthGuard(app);
  await registerOpenApi(app);
  await registerWebsocket(app, hub, { appUrl: config.appUrl });
  for (const m of modules) await app.register(async (scoped) => m.register(scoped as App, deps));
  await registerSpa(app, config.webDir);

  let started = false;
  let sweepTimer: NodeJS.Timeout | undefined;
  return {
    app,
    deps,
    async start() {
      if (started) return;
      started = true;
      await hub.start();
      // Expired sessions are refused by every lookup; the sweep only deletes their rows. The first waits a minute:
      // run at once, it held PGlite's one connection while the first requests after listen waited (ADR 052).
      const sweep = () => void sessions.sweep().catch(() => 0);
      sweepTimer = setTimeout(() => {
        sweep();
        sweepTimer = setInterval(sweep, 3_600_000).unref();
      }, opts.firstSessionSweepMs ?? 60_000).unref();
      for (const m of modules) await m.start?.(deps);
    },
    async close() {
      clearInterval(sweepTimer);
      for (const m of modules) await m.stop?.(deps);
      await hub.stop();
      await app.close();
      await sessions.writeTouches();
      if (!opts.database) await database.close();
    },
  };
}
