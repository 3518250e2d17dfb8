import path from 'node:path';
import { defineConfig } from 'vitest/config';

const alias = {
  '@shared': path.resolve('src/shared'),
  '@web': path.resolve('src/web'),
  '@server': path.resolve('src/server'),
};
const integration = ['src/server/**/*.int.test.ts', 'test/**/*.int.test.ts'];

/** Unit tests; integration on PGlite; integration again on PostgreSQL when TEST_DATABASE_URL is set. */
export default defineConfig({
  resolve: { alias },
  test: {
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: [
      {
        resolve: { alias },
        test: {
          name: 'unit',
          include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'test/**/*.unit.test.ts'],
          exclude: integration,
          environment: 'node',
          setupFiles: ['test/setup/strict-console.ts'],
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'integration-pglite',
          include: integration,
          globalSetup: ['test/setup/global-db.ts'],
          setupFiles: ['test/setup/strict-console.ts'],
          env: { TEST_DB_DRIVER: 'pglite' },
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      ...(process.env.TEST_DATABASE_URL
        ? [
            {
              resolve: { alias },
              test: {
                name: 'integration-postgres',
                include: integration,
                globalSetup: ['test/setup/global-db.ts'],
                setupFiles: ['test/setup/strict-console.ts'],
                env: { TEST_DB_DRIVER: 'pg' },
                testTimeout: 60_000,
                hookTimeout: 120_000,
              },
            },
          ]
        : []),
    ],
  },
});
