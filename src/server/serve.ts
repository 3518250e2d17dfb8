/**
 * The server process: configuration, database, listen, graceful shutdown — nothing else. Started by main.ts (tsx,
 * development) and by entry.ts (the build, which loads this module's bundle).
 *
 * Only the configuration and the database client are imported up front. The database starts opening (PGlite
 * reads its files and compiles its WebAssembly off the main thread) while the rest of the server's code is
 * evaluated: in the bundle that code runs on the dynamic import below, not before main(). Evaluated first, it
 * kept PGlite waiting for about 200 ms of a cold start (`npm run bench -- --only=cold`).
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ConfigError, loadConfig } from './config';
import { openDatabase } from './db/client';

/** How entry.ts loaded this code: from V8's code cache, or from source (no cache, or one V8 rejected), or tsx's way. */
export type CodeCacheOutcome = 'used' | 'compiled' | 'rejected' | 'off';

/**
 * Starts the server; resolves true once it listens and its modules have started, false when a signal stopped it
 * first. A failure to start ends the process (exit 1; 78 for bad configuration).
 */
export function serve(boot: { codeCache: CodeCacheOutcome }): Promise<boolean> {
  // The event loop is kept busy until the server listens (ADR 052). Whenever it runs out of work, Node waits for
  // every task on its background threads before it goes on. PGlite's open awaits the compilation of its
  // WebAssembly with nothing else pending, and from then on the start ran inside that wait: once it had listened,
  // the server stood still for 100–250 ms while V8 optimised PGlite's hottest functions, with /readyz unanswered.
  const awake = setInterval(() => {}, 60_000);
  return start(boot)
    .catch((err) => {
      console.error(err instanceof Error ? err.message : err);
      if (!(err instanceof Error && err.name === 'DataDirInUseError')) console.error(err);
      process.exit(1);
    })
    .finally(() => clearInterval(awake));
}

async function start(boot: { codeCache: CodeCacheOutcome }): Promise<boolean> {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(78);
    }
    throw err;
  }
  const here = path.dirname(fileURLToPath(import.meta.url));
  config.webDir ??= path.resolve(here, '../web');

  const opening = openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  // Awaited by buildApp; until then a failure (the data directory in use) must not count as unhandled.
  opening.catch(() => {});
  const [{ buildApp }, { healthState }] = await Promise.all([
    import('./app'),
    import('./modules/health/health.routes'),
  ]);

  const built = await buildApp(config, { openingDatabase: opening });
  const { app, deps } = built;

  // Signals are handled from here on, not only once everything has started: an orchestrator may stop the
  // process as soon as /readyz answers, while the realtime bridge and module timers are still starting.
  let starting: Promise<void> = Promise.resolve();
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    healthState.draining = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    try {
      await starting.catch(() => {});
      await built.close();
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  if (config.seedDemo) await (await import('./db/seed')).seedDemoData(deps.db, app.log);
  if (closing) return false;
  await app.listen({ host: config.host, port: config.port });
  starting = built.start();
  await starting;
  const shown = config.appUrl ?? `http://localhost:${(app.server.address() as { port: number }).port}`;
  app.log.info(
    { codeCache: boot.codeCache },
    `CrowdMix is running at ${shown} (${deps.database.driver === 'pg' ? 'PostgreSQL' : `PGlite in ${config.dataDir}`}${deps.hub.transport ? `; realtime between instances over ${deps.hub.transport.name === 'redis' ? 'Redis pub/sub' : 'LISTEN/NOTIFY'}` : ''})`,
  );
  if (process.stdout.isTTY || process.env.CROWDMIX_PRINT_URL !== 'false') console.log(`\n  CrowdMix → ${shown}\n`);
  return !closing;
}
