/**
 * Zod without its eval probe. Zod compiles fast object parsers with `new Function` when it can, and finds out
 * by trying once; under our CSP (no 'unsafe-eval') that try is blocked and reported as a
 * `securitypolicyviolation` on every page. Jitless parsing never tries. Imported first by main.tsx.
 */
import { z } from 'zod';

z.config({ jitless: true });
