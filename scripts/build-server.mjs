// Bundles the server into dist/server/main.js, with its dependencies.
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

await build({
  entryPoints: ['src/server/main.ts'],
  outfile: path.join(outDir, 'server/main.js'),
  // One file, no code splitting: main.ts imports the rest of the server dynamically (so that the database opens
  // while that code is evaluated), which esbuild keeps in this file as code evaluated on that import. Split into
  // chunks, each dynamic import became a file read, and under load every such wait cost tens of milliseconds.
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  external: [
    '@electric-sql/pglite',
    '@electric-sql/pglite/*',
    '@node-rs/argon2',
    '@fastify/swagger',
    '@fastify/swagger-ui',
    'pg-native',
  ],
  // Bundled CommonJS modules call require() (node: built-ins, the external packages); an ES module has none.
  banner: {
    js: "import { createRequire as __crowdmixCreateRequire } from 'node:module'; const require = __crowdmixCreateRequire(import.meta.url);",
  },
  // The map names the files on disk instead of embedding them: `node --enable-source-maps` (npm start) reads and
  // parses the whole map when the bundle loads, and embedded sources made it several megabytes.
  sourcemap: true,
  sourcesContent: false,
  logLevel: 'warning',
});

// The migrations travel with the bundle, so a build directory is self-contained.
fs.cpSync('drizzle', path.join(outDir, 'drizzle'), { recursive: true });
