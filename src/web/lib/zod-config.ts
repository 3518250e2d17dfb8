/**
 * Zod without its eval probe. Zod compiles fast object parsers with `new Function` when it can, and finds out
 * by trying once; under our CSP (no 'unsafe-eval') that try is blocked and reported as a
 * `securitypolicyviolation` on every page. Jitless parsing never tries. Imported first by main.tsx, so it runs
 * before any schema is built; it imports only zod's core `config` (not the whole of zod with its English error
 * messages), which keeps zod out of the landing page's first load.
 */
import { config } from 'zod/v4/core';

config({ jitless: true });
