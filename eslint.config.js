import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import prettier from 'eslint-config-prettier';
import fs from 'node:fs';

// Web boundaries (ADR 016). A feature is a folder of src/web/features; other features and app/ import it only through
// its index.ts (app/ may also load pages/, one chunk per route). components/ and lib/ never import features or app/.
// ESLint replaces a rule's options when two blocks match one file, so each block below carries the whole list.
const webBase = [{ group: ['**/server/**', 'node:*'], message: 'The browser code must not import server code.' }];
const webFeatures = fs
  .readdirSync('src/web/features', { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);
/** Another feature's inner file, seen from a file `depth` folders below src/web/features/<feature>/. */
const otherFeatureInternals = (depth) => ({
  regex: `^(\\.\\./){${depth}}[^./][^/]*/.+`,
  message: "Import another feature only through its public entry (its index.ts): '../<feature>', not a file inside it.",
});
/** Features that must not import each other, by the importing feature. */
const forbiddenFeatures = {
  // The shared song lists and voting sit below songs and venues: they import neither.
  mix: ['songs', 'venues'],
  // Venues get song lists from mix, never from songs (songs may show venues, not the other way round).
  venues: ['songs'],
};
const featureBlocks = webFeatures.flatMap((feature) =>
  [1, 2, 3].map((depth) => ({
    files: [`src/web/features/${feature}/${'*/'.repeat(depth - 1)}*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...webBase,
            otherFeatureInternals(depth),
            ...(forbiddenFeatures[feature] ?? []).map((other) => ({
              group: [`**/${other}`, `**/${other}/**`],
              message: `The ${feature} feature must not import ${other} (ADR 016).`,
            })),
          ],
        },
      ],
    },
  })),
);

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'node_modules/**',
      'data/**',
      'test-results/**',
      'playwright-report/**',
      'drizzle/**',
      'bench/results/**',
      '.tmp/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' },
      ],
      'no-control-regex': 'off',
    },
  },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  // Boundaries: shared code is pure (no server, no web, no node:*); the web never imports the server and vice versa.
  {
    files: ['src/shared/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['node:*', '**/server/**', '**/web/**', 'react', 'react-dom'],
              message: 'src/shared must stay pure: no node, server or web imports.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: webBase }] },
  },
  ...featureBlocks,
  {
    files: ['src/web/app/**/*.{ts,tsx}', 'src/web/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...webBase,
            {
              regex: '^(\\.\\./)*(\\./)?features/[^/]+/(?!pages/).+',
              message: "app/ imports a feature through its index.ts ('../features/<feature>'), or one of its pages.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/web/components/**/*.{ts,tsx}', 'src/web/lib/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...webBase,
            {
              group: ['**/features', '**/features/**', '**/app', '**/app/**'],
              message: 'components/ and lib/ are building blocks: they never import features or app/ (ADR 016).',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/server/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/web/**', 'react', 'react-dom'], message: 'The server must not import browser code.' },
          ],
        },
      ],
    },
  },
  // Server layers (docs/architecture.md): a module reaches another through its service or presenter, never its
  // repository; db/ and lib/ are below every module and import none. Tests may arrange rows however they need.
  {
    files: ['src/server/modules/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/web/**', 'react', 'react-dom'], message: 'The server must not import browser code.' },
            {
              group: ['../*/*.repository', '../*/*.repository.js'],
              message:
                "Use the other module's service (or move the query here): repositories are private to their module.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/server/db/**/*.ts', 'src/server/lib/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/web/**', 'react', 'react-dom'], message: 'The server must not import browser code.' },
            { group: ['**/modules/**'], message: 'db/ and lib/ sit below the modules and never import one.' },
          ],
        },
      ],
    },
  },
  // Formatting is Prettier's (npm run format); ESLint keeps to correctness.
  prettier,
);
