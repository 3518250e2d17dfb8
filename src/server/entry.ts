/**
 * The built server's process entry (dist/server/main.js): loads the server bundle (server.cjs, built from
 * serve.ts) with V8's code cache, and keeps stack traces pointing at the sources when source maps are on.
 *
 * Why (ADR 042): compiling the 5 MB bundle, and then each of its functions the first time the start calls it, was
 * about 100 ms of a 0.85 s cold start on PGlite. V8 can save the code it compiled and load it again instead
 * (what browsers do for scripts, and Node 22's `module.enableCompileCache`, which Node 20 lacks). The first start
 * after a build compiles as before and, once it is listening, writes the code it compiled beside the bundle
 * (server.cjs.cache); every later start reads it. V8 checks the cache against the source, its own version and
 * its flags, and compiles from source when it does not match — then the cache is written again. A directory the
 * process cannot write (a read-only image) only means no cache.
 *
 * Runs nothing of the app itself: everything else is in the bundle. Bundled by scripts/build-server.mjs.
 */
import { isAscii } from 'node:buffer';
import fs from 'node:fs';
import { createRequire, SourceMap } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import vm from 'node:vm';
import type { CodeCacheOutcome, serve } from './serve';

const dir = path.dirname(fileURLToPath(import.meta.url));
const bundle = path.join(dir, 'server.cjs');
const cacheFile = `${bundle}.cache`;

const bytes = fs.readFileSync(bundle);
// esbuild writes ASCII (it escapes every other character), which Latin-1 decodes several times faster than UTF-8.
const source = bytes.toString(isAscii(bytes) ? 'latin1' : 'utf8');
let cachedData: Buffer | undefined;
try {
  cachedData = fs.readFileSync(cacheFile);
} catch {
  // No cache yet: this start compiles from source and writes one.
}

// The bundle is CommonJS: wrapped as Node's own loader wraps a module, on a line of its own (lineOffset keeps the
// bundle's line numbers as they are in the file and its source map).
const script = new vm.Script(`(function (exports, require, module, __filename, __dirname) {\n${source}\n})`, {
  filename: bundle,
  lineOffset: -1,
  cachedData,
});
const codeCache: CodeCacheOutcome = !cachedData ? 'compiled' : script.cachedDataRejected ? 'rejected' : 'used';

if (process.sourceMapsEnabled) mapStackTraces();

const loaded = { exports: {} as { serve: typeof serve } };
(script.runInThisContext() as (...args: unknown[]) => void)(loaded.exports, createRequire(bundle), loaded, bundle, dir);
void loaded.exports.serve({ codeCache }).then((started) => {
  if (started && codeCache !== 'used') writeCache();
});

/** Saves the code compiled so far (the whole start's): written aside and renamed, so no start reads half a file. */
function writeCache() {
  const draft = `${cacheFile}.${process.pid}`;
  try {
    fs.writeFileSync(draft, script.createCachedData());
    fs.renameSync(draft, cacheFile);
  } catch {
    fs.rmSync(draft, { force: true });
  }
}

/**
 * `node --enable-source-maps` (npm start) maps positions only in code Node's own loaders compiled, so this entry
 * maps the bundle's frames itself, through the bundle's source map (read on the first error), and leaves every
 * other frame to Node.
 */
function mapStackTraces() {
  let map: SourceMap | null | undefined;
  Error.prepareStackTrace = (error, frames) => {
    const lines = frames.map((frame) => {
      const text = `    at ${String(frame)}`;
      if (frame.getFileName() !== bundle) return text;
      map ??= readMap();
      const line = frame.getLineNumber();
      const column = frame.getColumnNumber();
      if (!map || line === null || column === null) return text;
      const entry = map.findEntry(line - 1, column - 1) as {
        originalSource?: string;
        originalLine?: number;
        originalColumn?: number;
      };
      if (!entry.originalSource || entry.originalLine === undefined || entry.originalColumn === undefined) return text;
      const original = `${path.resolve(dir, entry.originalSource)}:${entry.originalLine + 1}:${entry.originalColumn + 1}`;
      return text.replace(`${bundle}:${line}:${column}`, original);
    });
    return `${Error.prototype.toString.call(error)}\n${lines.join('\n')}`;
  };
}

function readMap(): SourceMap | null {
  try {
    return new SourceMap(JSON.parse(fs.readFileSync(`${bundle}.map`, 'utf8')));
  } catch {
    return null;
  }
}
