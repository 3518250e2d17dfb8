/**
 * Zod without its eval probe. Zod compiles fast object parsers with `new Function` when it can, and finds out
 * by trying once; under our CSP (no 'unsafe-eval') that try is blocked and reported as a
 * `securitypolicyviolation` on every page. Jitless parsing never tries. Imported first by main.tsx, so it runs
 * before any schema is built.
 *
 * Zod keeps its configuration on `globalThis.__zod_globalConfig` (zod/v4/core/core.js: `config()` assigns into
 * that object, creating it when absent), so the flag is set there directly: importing zod's `config` pulled
 * ~11 KB of zod's core into the first load of every page, and no page needs zod to paint (schemas load with
 * the forms and the realtime parser that use them). src/web/lib/zod-config.test.ts checks that zod reads it.
 */
const holder = globalThis as { __zod_globalConfig?: Record<string, unknown> };
holder.__zod_globalConfig = Object.assign(holder.__zod_globalConfig ?? {}, { jitless: true });

export {};
