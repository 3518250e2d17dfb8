// Bundles the server into dist/server/main.js (dependencies stay in node_modules).
import path from 'node:path';
import { build } from 'esbuild';

await build({
  entryPoints: ['src/server/main.ts'],
  outfile: path.join(process.env.BUILD_DIR ?? 'dist', 'server/main.js'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});

// The migrations travel with the bundle, so a build directory is self-contained.
import fs from 'node:fs';
fs.cpSync('drizzle', path.join(process.env.BUILD_DIR ?? 'dist', 'drizzle'), { recursive: true });
