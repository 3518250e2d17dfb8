import path from 'node:path';
import { configDefaults, defineConfig } from 'vitest/config';

const alias = {
  '@shared': path.resolve('src/shared'),
  '@web': path.resolve('src/web'),
  '@server': path.resolve('src/server'),
};
const integration = ['src/server/**/*.int.test.ts', 'test/**/*.int.test.ts'];
const unit = ['src/**/*.test.ts', 'src/**/*.test.tsx', 'test/**/*.unit.test.ts'];
/** Unit files that replace a module (`vi.mock`): each runs in a process of its own, so the mock reaches no other file. */
export const mocksModules = [
  'src/web/lib/query-client.test.ts',
  'src/web/lib/realtime-dispatch.test.ts',
  'src/web/features/songs/pages/home-mix.test.tsx',
  'src/web/features/mix/components/song-list.test.tsx',
];
/** Unit files that run in a DOM (`@vitest-environment happy-dom`): in a process of their own, so no other file sees one. */
export const usesDom = [
  'src/web/lib/first-render.test.tsx',
  'src/web/lib/preload.test.tsx',
  'src/web/lib/realtime-open.test.tsx',
  'src/web/features/songs/pages/home-mix.test.tsx',
  'src/web/features/mix/components/song-list.test.tsx',
];
/**
 * Integration files whose subject does not depend on the database driver: they run on PGlite only (ADR 027).
 * `spa.int.test.ts` runs a whole Vite build and tests the built files and how the app serves them; its database only
 * lets the app boot (no test reads or writes a row), so a second run on PostgreSQL would repeat the build and nothing else.
 */
const driverIndependent = ['src/server/plugins/spa.int.test.ts'];
const integrationProject = (name: string, driver: 'pglite' | 'pg') => ({
  extends: true as const,
  test: {
    name,
    include: integration,
    ...(driver === 'pg' ? { exclude: [...configDefaults.exclude, ...driverIndependent] } : {}),
    globalSetup: ['test/setup/global-db.ts', 'test/setup/server-bundle.ts'],
    // Files share their worker's module cache: each worker imports the server once rather than once per file (on six
    // files, import 49 → 16 s, CPU −19 %: ADR 027). Every file builds its own app and database (`createTestApp`), and
    // no integration file mocks modules; the strict console is set up again for every file.
    isolate: false,
    env: { TEST_DB_DRIVER: driver },
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});

/**
 * Unit tests; integration on PGlite; integration again on PostgreSQL when TEST_DATABASE_URL is set. Every project
 * extends this root configuration (aliases, pool, timeouts, the strict console), and overrides what differs.
 */
export default defineConfig({
  resolve: { alias },
  test: {
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    setupFiles: ['test/setup/strict-console.ts'],
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: unit,
          exclude: [...integration, ...mocksModules, ...usesDom],
          environment: 'node',
          // As the integration projects (ADR 027): a worker imports each module once for all its files, rather than a
          // fresh process per file. Every unit file restores what it stubs (globals, timers) after each test.
          isolate: false,
        },
      },
      {
        extends: true,
        test: { name: 'unit-isolated', include: [...mocksModules, ...usesDom], environment: 'node' },
      },
      integrationProject('integration-pglite', 'pglite'),
      ...(process.env.TEST_DATABASE_URL ? [integrationProject('integration-postgres', 'pg')] : []),
    ],
  },
});
