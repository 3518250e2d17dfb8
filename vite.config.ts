import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { pathToFileURL } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Text formats worth compressing; images and fonts in the build are compressed already. */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|xml|wasm|webmanifest)$/;

/**
 * Writes `<file>.br` and `<file>.gz` beside every compressible file of the build, so that the server sends
 * them as they are (@fastify/static `preCompressed`) instead of compressing on every request or not at all.
 * Maximum levels: this runs once per build, and brotli 11 is ~15% smaller than the on-the-fly default.
 * A variant that would not be smaller than the file itself is not written (the server then sends the file).
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'crowdmix:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    // closeBundle runs after the bundle and the public directory have been written.
    async closeBundle() {
      const entries = await fs.readdir(outDir, { recursive: true, withFileTypes: true });
      const files = entries
        .filter((e) => e.isFile() && COMPRESSIBLE.test(e.name))
        .map((e) => path.join(e.parentPath, e.name))
        .filter((file) => !file.split(path.sep).includes('.vite'));
      await Promise.all(
        files.map(async (file) => {
          const source = await fs.readFile(file);
          const variants: Array<[string, Promise<Buffer>]> = [
            [
              '.br',
              brotli(source, {
                params: {
                  [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
                  [zlib.constants.BROTLI_PARAM_SIZE_HINT]: source.length,
                },
              }),
            ],
            ['.gz', gzip(source, { level: 9 })],
          ];
          for (const [ext, pending] of variants) {
            const packed = await pending;
            if (packed.length < source.length) await fs.writeFile(file + ext, packed);
          }
        }),
      );
    },
  };
}

/** Where public/sw.js says which files it stores for offline starts; the build writes the list there. */
const PRECACHE_MARKER = '/* build: precache list */ []';
/** Left out of the service worker's store: pdf.js and its worker (1.6 MB; a PDF needs the network anyway). */
const NOT_PRECACHED = /^assets\/(?:pdfjs-|pdf\.worker)/;

/**
 * Writes into the built service worker every file of the app's code, styles and fonts (ADR 041), so that an installed
 * app has all of its screens offline: the worker used to keep only the files the first page happened to load, and a
 * start offline then failed on the first chunk that page had not loaded yet (the player bar's, in the browser tests).
 * The list is content-hashed file names, so a new build is a new worker with a new store.
 */
function precacheList(): Plugin {
  let outDir = '';
  return {
    name: 'crowdmix:precache-list',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    // writeBundle runs once the bundle is written and after the public directory was copied (renderStart), before
    // the precompress step (closeBundle) packs sw.js.
    async writeBundle(_options, bundle) {
      const sw = path.join(outDir, 'sw.js');
      const source = await fs.readFile(sw, 'utf8').catch(() => null);
      if (source === null) return;
      if (!source.includes(PRECACHE_MARKER)) throw new Error(`${sw} has no '${PRECACHE_MARKER}' to fill`);
      const files = Object.keys(bundle)
        .filter((f) => /^assets\/.+\.(?:js|mjs|css|woff2)$/.test(f) && !NOT_PRECACHED.test(f))
        .sort()
        .map((f) => `/${f}`);
      await fs.writeFile(sw, source.replace(PRECACHE_MARKER, JSON.stringify(files)));
    },
  };
}

/**
 * Marks the shared schemas' top-level values as pure for the web build, so that a page importing one constant
 * or helper from a schema module (LIVE_MESSAGES, playlistPermissions, …) does not also get the module's zod
 * schemas, and with them zod itself (~24 KB gzip), in its first load (ADR 024). Each top-level `const` whose
 * initializer calls something (`z.object(…)`, `Base.extend(…)`) becomes `/* @__PURE__ *\/ (() => (…))()`: the
 * same value, built at the same moment when it is used, and dropped by the bundler when nothing uses it. Zod
 * schema construction has no effect outside the value (the schemas use no global registry: no `.meta()` or
 * `.register()`), so dropping an unused one changes nothing. The server and the tests use the files as they are.
 */
function pureSharedSchemas(): Plugin {
  const dir = path.resolve('src/shared') + path.sep;
  return {
    name: 'crowdmix:pure-shared-schemas',
    enforce: 'pre',
    async transform(code, id) {
      if (!id.startsWith(dir) || !id.endsWith('.ts') || id.endsWith('.test.ts') || !code.includes('zod')) return null;
      const ts = (await import('typescript')).default;
      const file = ts.createSourceFile(id, code, ts.ScriptTarget.Latest, true);
      const edits: Array<[number, number]> = [];
      const callsSomething = (node: import('typescript').Node): boolean =>
        ts.isCallExpression(node) ||
        ts.isNewExpression(node) ||
        (!ts.isArrowFunction(node) && !ts.isFunctionExpression(node) && ts.forEachChild(node, callsSomething) === true);
      for (const statement of file.statements) {
        if (!ts.isVariableStatement(statement)) continue;
        for (const decl of statement.declarationList.declarations) {
          const init = decl.initializer;
          if (!init || ts.isArrowFunction(init) || ts.isFunctionExpression(init) || !callsSomething(init)) continue;
          edits.push([init.getStart(file), init.getEnd()]);
        }
      }
      if (!edits.length) return null;
      let out = code;
      for (const [start, end] of edits.reverse()) {
        out = `${out.slice(0, start)}/* @__PURE__ */ (() => (${out.slice(start, end)}))()${out.slice(end)}`;
      }
      return { code: out, map: null };
    },
  };
}

/** Import aliases of the web code, for the app's build and the landing page's prerender alike. */
const ALIASES = { '@shared': path.resolve('src/shared'), '@web': path.resolve('src/web') };

/**
 * wouter imports the `use-sync-external-store` shim (for React before 18), which the bundle then carries (~0.3 KB gzip
 * in every page's first script) only to hand back React's own hook: the build gives it React's directly (ADR 041).
 */
const WEB_ALIASES = [
  ...Object.entries(ALIASES).map(([find, replacement]) => ({ find, replacement })),
  {
    find: /^use-sync-external-store\/shim(?:\/index\.js)?$/,
    replacement: path.resolve('src/web/lib/react-sync-external-store.ts'),
  },
];

/**
 * Every lucide icon module imports `../createLucideIcon.mjs`; the build gives it the app's own, which draws an icon
 * in one `createElement` with its paths made once (src/web/lib/lucide-icon.ts, ADR 033). Imports of 'lucide-react'
 * stay as they are. The prerendered landing page uses it too, so that hydration meets the same markup.
 */
function fastLucideIcons(): Plugin {
  const own = path.resolve('src/web/lib/lucide-icon.ts');
  return {
    name: 'crowdmix:fast-lucide-icons',
    enforce: 'pre',
    resolveId(source, importer) {
      if (
        source === '../createLucideIcon.mjs' &&
        importer &&
        /[\\/]lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/]/.test(importer)
      )
        return own;
      return null;
    },
  };
}

/** Where the prerendered landing markup goes: beside the web root, not in it (it is a fragment, not a page). */
export const LANDING_FRAGMENT = path.join('prerender', 'landing.html');
/** The frame's top bar painted before the app's code on the hinted screens (src/web/app/frame-shell.tsx). */
export const FRAME_FRAGMENT = path.join('prerender', 'frame.html');

/** The text face every screen's first paint uses (Figtree, Latin letters, all weights in one variable file). */
export const FIRST_PAINT_FONT = /figtree-latin-wght-normal.*\.woff2$/;

/**
 * Names the Latin Figtree file in index.html's head, so that the browser loads it with the boot script instead of
 * once the stylesheet has been applied to text. Found late, it arrived after the first paint and re-flowed every
 * line drawn in the fallback face: a playlist's header wrapped differently and pushed its tabs (a layout shift that
 * Lighthouse counted). `crossorigin`: fonts are always fetched in CORS mode, and a preload is only reused by a
 * request of the same mode. Other faces (italic, Latin Extended) load when a page uses them.
 */
function preloadFirstPaintFont(): Plugin {
  return {
    name: 'crowdmix:preload-first-paint-font',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const font = Object.keys(ctx.bundle ?? {}).find((file) => FIRST_PAINT_FONT.test(file));
        if (!font) throw new Error('the Figtree Latin font is not in the build: index.html cannot preload it');
        return [
          {
            tag: 'link',
            attrs: { rel: 'preload', as: 'font', type: 'font/woff2', href: `/${font}`, crossorigin: '' },
            injectTo: 'head',
          },
        ];
      },
    },
  };
}

/**
 * Renders the landing page to static markup after the client build (a small SSR build of src/web/prerender.tsx),
 * written to `<build>/prerender/landing.html`. The server serves it inside #root to visitors without a session
 * cookie, so that the first visit paints before the JavaScript arrives (Lighthouse: first and largest paint).
 */
function prerenderLanding(): Plugin {
  let outDir = '';
  return {
    name: 'crowdmix:prerender-landing',
    apply: (config, env) => env.command === 'build' && !config.build?.ssr,
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const { build } = await import('vite');
      const work = path.resolve(outDir, '..', 'prerender', '.ssr');
      await build({
        configFile: false,
        root: path.resolve('src/web'),
        logLevel: 'warn',
        plugins: [fastLucideIcons(), react()],
        resolve: { alias: WEB_ALIASES },
        // One self-contained file, so that it runs from any build directory (a temporary one in tests).
        ssr: { noExternal: true },
        build: {
          ssr: path.resolve('src/web/prerender.tsx'),
          outDir: work,
          emptyOutDir: true,
          rollupOptions: { output: { entryFileNames: 'prerender.mjs' } },
        },
      });
      const { renderLanding, renderFrameShell } = (await import(
        `${pathToFileURL(path.join(work, 'prerender.mjs')).href}?t=${Date.now()}`
      )) as { renderLanding: () => Promise<string>; renderFrameShell: () => string };
      await fs.writeFile(path.resolve(outDir, '..', LANDING_FRAGMENT), await renderLanding());
      await fs.writeFile(path.resolve(outDir, '..', FRAME_FRAGMENT), renderFrameShell());
      await fs.rm(work, { recursive: true, force: true });
    },
  };
}

export default defineConfig({
  root: 'src/web',
  publicDir: path.resolve('src/web/public'),
  plugins: [
    fastLucideIcons(),
    pureSharedSchemas(),
    react(),
    tailwindcss(),
    preloadFirstPaintFont(),
    precacheList(),
    precompress(),
    prerenderLanding(),
  ],
  resolve: { alias: WEB_ALIASES },
  build: {
    outDir: path.resolve(process.env.BUILD_DIR ?? 'dist', 'web'),
    emptyOutDir: true,
    sourcemap: !!process.env.SOURCEMAP,
    // .vite/manifest.json: what each route loads first, read by the weight check of `npm test` (scripts/check-weight.mjs)
    // and by the bench. Not served: the static file routes leave dot-directories out.
    manifest: true,
    target: 'es2022',
    rollupOptions: {
      // Feature modules only declare things (components, hooks, query options): importing one for a single export
      // through its index.ts must not pull the index's other modules into the chunk, or the route splitting goes
      // (ADR 016). Everything else keeps Rollup's default (main.tsx imports zod-config and styles for their effect).
      treeshake: {
        moduleSideEffects: (id) => !/[\\/]src[\\/]web[\\/]features[\\/]/.test(id),
      },
      // No chunk's exports are an API: the bundler may shape chunks freely (required by the inlining below).
      preserveEntrySignatures: false,
      output: {
        codeSplitting: {
          // What index.html loads is one file beside the entry, not a dozen small ones (ADR 031).
          groups: [{ name: 'boot', tags: ['$initial'], priority: 1 }],
          // A common chunk under ~12 KB (source) is copied into the chunks that use it instead of being a file of its
          // own: a venue's mix loaded 63 files, most of a few hundred bytes, each a request and a gzip stream of its
          // own (ADR 031).
          experimentalInlineCommonChunks: { maxSize: 12_000 },
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': 'http://localhost:5000',
      '/ws': { target: 'ws://localhost:5000', ws: true },
      '/livez': 'http://localhost:5000',
    },
  },
});
