import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import prettier from 'eslint-config-prettier';

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
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/server/**', 'node:*'], message: 'The browser code must not import server code.' }] },
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
