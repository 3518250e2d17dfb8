/**
 * Bundles the server once per run (`scripts/build-server.mjs`, what `npm start` runs: about 1 s) for the tests that
 * start the real server as a process (`test/helpers/server-process.ts`). Each such start through tsx cost about 2 s
 * more CPU than the bundle's (every module compiled through its loader), and a run makes a dozen of them.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The bundled server entry (`<dir>/server/main.js`), built from this run's sources. */
    serverBundle: string;
  }
}

export default function setup(project: TestProject) {
  // Inside the project: the bundle imports its external packages (PGlite, argon2) from node_modules.
  fs.mkdirSync('.tmp', { recursive: true });
  const dir = path.resolve(fs.mkdtempSync(path.join('.tmp', 'test-server-')));
  execFileSync(process.execPath, ['scripts/build-server.mjs'], {
    env: { ...process.env, BUILD_DIR: dir },
    stdio: 'inherit',
  });
  project.provide('serverBundle', path.join(dir, 'server', 'main.js'));
  return () => fs.rmSync(dir, { recursive: true, force: true });
}
