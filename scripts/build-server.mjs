// Bundles the server into dist/server/server.cjs, with its dependencies, and its process entry into
// dist/server/main.js (src/server/entry.ts, ADR 042).
//
// Why the dependencies are bundled: with them left in node_modules, Node resolved, read, lexed (CommonJS export
// detection) and compiled about a thousand files one by one before main() ran — about 600 ms of a 1.6 s cold
// start on PGlite (`npm run bench -- --only=cold`). One file compiles lazily and needs no resolution; bundled
// CommonJS modules are only evaluated when first required.
//
// Left in node_modules (imported at run time), each because it reads files beside its own code:
// - @electric-sql/pglite: its WebAssembly and data files (found from import.meta.url);
// - @node-rs/argon2: a native addon;
// - @fastify/swagger, @fastify/swagger-ui: their package.json and the UI's static assets (found from __dirname);
// - pg-native: pg's optional native driver, required only when asked for (not installed).
// Bundled code that would find files from __dirname: only pino's transports (worker threads), which this app
// does not configure (it logs JSON to stdout).
import fs from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

const outDir = process.env.BUILD_DIR ?? 'dist';

const external = [
  '@electric-sql/pglite',
  '@electric-sql/pglite/*',
  '@node-rs/argon2',
  '@fastify/swagger',
  '@fastify/swagger-ui',
  'pg-native',
];

// The server: serve.ts and everything it imports, as one CommonJS file that entry.ts loads with V8's code cache
// (ADR 042: V8 caches a script's code, and Node 20 has no code cache for ES modules).
await build({
  entryPoints: ['src/server/serve.ts'],
  outfile: path.join(outDir, 'server/server.cjs'),
  // One file, no code splitting: serve.ts imports the rest of the server dynamically (so that the database opens
  // while that code is evaluated), which esbuild keeps in this file as code evaluated on that import. Split into
  // chunks, each dynamic import became a file read, and under load every such wait cost tens of milliseconds.
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node20',
  external,
  // import() of an external package (argon2, the API docs) as require(): V8 loses a script's dynamic-import
  // callback when it comes from the code cache (ERR_VM_DYNAMIC_IMPORT_CALLBACK_MISSING), and every external
  // package has a CommonJS entry.
  supported: { 'dynamic-import': false },
  // import.meta.url (the migrations and the web app are found from it) is the bundle's own URL.
  define: { 'import.meta.url': '__crowdmixUrl' },
  banner: { js: "const __crowdmixUrl = require('node:url').pathToFileURL(__filename).href;" },
  // The map names the files on disk instead of embedding them: embedded sources made it several megabytes, and
  // entry.ts reads it on the first stack trace when source maps are on (npm start).
  sourcemap: true,
  sourcesContent: false,
  // Whitespace and syntax only (names stay, for logs and stack traces; the source map maps the columns): 5.3 MB of
  // source became 3.5 MB, which each start reads and copies into V8 before it compiles from the cache (ADR 052).
  minifyWhitespace: true,
  minifySyntax: true,
  logLevel: 'warning',
});

// The process entry: a few lines that load the bundle above (entry.ts).
await build({
  entryPoints: ['src/server/entry.ts'],
  outfile: path.join(outDir, 'server/main.js'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  logLevel: 'warning',
});

// A cache of an earlier build's code is only ever rejected by V8; removed, so the first start does not read it.
fs.rmSync(path.join(outDir, 'server/server.cjs.cache'), { force: true });
fs.rmSync(path.join(outDir, 'server/main.js.map'), { force: true });

// The migrations travel with the bundle, so a build directory is self-contained.
fs.cpSync('drizzle', path.join(outDir, 'drizzle'), { recursive: true });
