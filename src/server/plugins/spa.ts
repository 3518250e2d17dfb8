/**
 * Serves the built single-page app: hashed assets cached for a year, index.html for every other path.
 * Nothing is compressed per request: the build writes a .br and a .gz beside each text asset (vite.config.ts),
 * sent as they are by @fastify/static, and index.html is compressed here once per encoding, on its first request.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { TRENDING_COUNT } from '../../shared/constants';
import { notFound, sendError } from '../lib/http-errors';
import { SESSION_COOKIE } from './session';

/**
 * Added to the page when the request carried no session cookie: nobody can be signed in, so the app skips its
 * first GET /api/auth/user, whose 401 browsers would log as a console error on every signed-out visit (and
 * which costs the landing page a round trip). A cookie does not prove a session, so with one the app asks.
 */
const SIGNED_OUT_HINT = '<meta name="crowdmix-session" content="none">';

/**
 * The screens whose first paint waits on their own code and data (a signed-in home, a venue's mix, a community
 * playlist): the page names both in its head, so the browser fetches them while it loads the app's boot script instead of after it has
 * run (ADR 032). `page` is the screen's module as the Vite manifest names it; `data` the GETs the screen makes first,
 * exactly as the web app asks for them (src/web/features/…/api). Nothing else is hinted: a wrong guess costs a
 * request.
 */
const HINTED_ROUTES: ReadonlyArray<{
  path: RegExp;
  page: string;
  data: (id: string) => string[];
  /** Hinted only to a request with a session cookie. */
  signedInOnly?: boolean;
}> = [
  {
    // A signed-in caller's home. A visitor's `/` is the prerendered landing page, which waits for nothing.
    path: /^\/$/,
    page: 'features/songs/pages/home-page.tsx',
    data: () => ['/api/mix/global', `/api/songs/trending?limit=${TRENDING_COUNT}`, '/api/venues'],
    signedInOnly: true,
  },
  {
    path: /^\/venue\/(\d{1,10})\/mix$/,
    page: 'features/venues/pages/venue-mix-page.tsx',
    data: (id) => [`/api/venues/${id}`, `/api/mix/venue/${id}`],
  },
  {
    path: /^\/community-playlists\/(\d{1,10})$/,
    page: 'features/playlists/pages/playlist-page.tsx',
    data: (id) => [
      `/api/community-playlists/${id}`,
      `/api/community-playlists/${id}/songs`,
      `/api/community-playlists/${id}/members`,
    ],
  },
];

/** The signed-in frame (top navigation) every hinted screen is drawn in, as the Vite manifest names it. */
const FRAME_MODULE = 'app/app-layout.tsx';

interface ManifestChunk {
  file: string;
  imports?: string[];
  isEntry?: boolean;
}

/**
 * The `<link>` tags of each hinted screen, worked out once from the manifest: `(requestUrl, signedIn) => tags`, '' for
 * any other path. A modulepreload for each file of the screen's code that index.html does not load already, and a
 * preload of each first GET (`crossorigin="use-credentials"`: the app's fetches send cookies, and a preload is only
 * reused by a request of the same credentials mode). The signed-in caller's session check is preloaded too, since the
 * app asks it before anything else.
 */
export function routeHints(manifest: Record<string, ManifestChunk> | null) {
  if (!manifest) return () => '';
  const routes = HINTED_ROUTES.map((route) => ({
    ...route,
    // The screen's code and the signed-in frame's around it (the app renders both in its first commit: ADR 033).
    modules: modulePreloads(manifest, [route.page, FRAME_MODULE]),
  }));
  const fetchLink = (href: string) => `<link rel="preload" as="fetch" crossorigin="use-credentials" href="${href}">`;
  return (requestUrl: string, signedIn: boolean): string => {
    const [pathname = '', query] = requestUrl.split('?');
    for (const route of routes) {
      const match = route.path.exec(pathname);
      if (!match || (route.signedInOnly && !signedIn)) continue;
      // With a query (a playlist's invite token) the screen's GETs carry it: only the code is hinted then.
      const data = [...(signedIn ? ['/api/auth/user'] : []), ...(query ? [] : route.data(match[1] ?? ''))];
      return route.modules + data.map(fetchLink).join('');
    }
    return '';
  };
}

/**
 * A modulepreload for each file the given modules (manifest keys) import, directly or not, that index.html does not
 * load already (the entry's own imports).
 */
export function modulePreloads(manifest: Record<string, ManifestChunk> | null, keys: string[]): string {
  if (!manifest) return '';
  const closure = (key: string, seen: Set<string>): Set<string> => {
    if (seen.has(key) || !manifest[key]) return seen;
    seen.add(key);
    for (const imported of manifest[key].imports ?? []) closure(imported, seen);
    return seen;
  };
  const entryKey = Object.keys(manifest).find((key) => manifest[key]!.isEntry);
  const loaded = entryKey ? closure(entryKey, new Set()) : new Set<string>();
  const wanted = keys.reduce((seen, key) => closure(key, seen), new Set(loaded));
  return [...wanted]
    .filter((key) => !loaded.has(key))
    .map((key) => `<link rel="modulepreload" crossorigin href="/${manifest[key]!.file}">`)
    .join('');
}

/** The visitor's landing page, a chunk of its own that the app loads before it hydrates the prerendered page. */
const LANDING_MODULE = 'features/auth/pages/landing-page.tsx';

/** The precompressed variants the build writes beside each text file (served in its place, never by their own name). */
const COMPRESSED_VARIANT = /\.(?:br|gz)$/i;

/** The web folder's files outside assets/, as URL paths ("sw.js", "icons/icon-192.png"): no dotfiles, no .br/.gz. */
export function filesOutsideAssets(webDir: string, sub = ''): string[] {
  const files: string[] = [];
  for (const entry of fs.readdirSync(path.join(webDir, sub), { withFileTypes: true })) {
    const name = sub ? `${sub}/${entry.name}` : entry.name;
    if (entry.name.startsWith('.') || name === 'assets') continue;
    if (entry.isDirectory()) files.push(...filesOutsideAssets(webDir, name));
    else if (entry.isFile() && !COMPRESSED_VARIANT.test(entry.name)) files.push(name);
  }
  return files;
}

function readManifest(webDir: string | undefined): Record<string, ManifestChunk> | null {
  const file = webDir ? path.join(webDir, '.vite', 'manifest.json') : undefined;
  if (!file || !fs.existsSync(file)) return null;
  return JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, ManifestChunk>;
}

export async function registerSpa(app: FastifyInstance, webDir: string | undefined) {
  const indexFile = webDir ? path.join(webDir, 'index.html') : undefined;
  const hasIndex = indexFile ? fs.existsSync(indexFile) : false;
  if (webDir && hasIndex) {
    // The hashed assets (about 180 files) through one wildcard route: a route per file made the router compile
    // hundreds of prefix matchers at boot (`npm run bench -- --only=cold`). A missing asset falls through to the
    // not-found handler below (a plain 404).
    await app.register(fastifyStatic, {
      root: path.join(webDir, 'assets'),
      prefix: '/assets/',
      wildcard: true,
      index: false,
      // The files at the top have an instance of their own (below), which gives its scope reply.sendFile.
      decorateReply: false,
      // Sends `<file>.br` or `<file>.gz` when the request accepts it and the file exists, with Vary: Accept-Encoding.
      preCompressed: true,
      // The compressed variants are not files of their own: no /assets/x.js.br.
      allowedPath: (pathName) => !COMPRESSED_VARIANT.test(pathName),
      setHeaders(res) {
        res.header('Cache-Control', 'public, max-age=31536000, immutable');
      },
    });
    // The few files outside assets/ (manifest, service worker, favicon, icons), one route each: every other path is
    // the app's. Listed here rather than by @fastify/static's `wildcard: false`, whose glob walked the whole folder,
    // assets included, for 50–80 ms of a cold start (ADR 042).
    await app.register(async (top) => {
      await top.register(fastifyStatic, {
        root: webDir,
        serve: false,
        index: false,
        preCompressed: true,
        setHeaders(res) {
          res.header('Cache-Control', 'no-cache');
        },
      });
      for (const file of filesOutsideAssets(webDir)) top.get(`/${file}`, (_request, reply) => reply.sendFile(file));
    });
  }
  const html = hasIndex ? fs.readFileSync(indexFile!, 'utf8') : fallbackHtml;
  const signedOut = html.replace('</head>', `${SIGNED_OUT_HINT}</head>`);
  // The landing page's markup, rendered at build time (vite.config.ts): a visitor's `/` paints before the JavaScript.
  const landingFile = webDir ? path.join(webDir, '..', 'prerender', 'landing.html') : undefined;
  const landing = landingFile && fs.existsSync(landingFile) ? fs.readFileSync(landingFile, 'utf8') : '';
  // The frame's top bar, rendered at build time too: a hinted screen paints it while its code and data load (ADR 043).
  const frameFile = webDir ? path.join(webDir, '..', 'prerender', 'frame.html') : undefined;
  const frame = frameFile && fs.existsSync(frameFile) ? fs.readFileSync(frameFile, 'utf8') : '';
  const manifest = hasIndex ? readManifest(webDir) : null;
  // The landing page's own code comes with the entry's, not after it: the app hydrates once it is there (ADR 047).
  const landingPage = signedOut.replace('</head>', `${modulePreloads(manifest, [LANDING_MODULE])}</head>`);
  const pages = {
    withCookie: compressedVariants(html),
    withoutCookie: compressedVariants(signedOut),
    landing: compressedVariants(
      landing ? landingPage.replace('<div id="root"></div>', `<div id="root">${landing}</div>`) : signedOut,
    ),
  };
  const hintsFor = routeHints(manifest);
  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0];
    if (url.startsWith('/api/') || url === '/api' || (request.method !== 'GET' && request.method !== 'HEAD')) {
      return sendError(reply, notFound(`Not found: ${request.method} ${url.slice(0, 200)}`));
    }
    // Nothing under /assets/ is a page of the app: a missing asset (or the folder) is a plain 404.
    if (url.startsWith('/assets/')) {
      return reply.status(404).type('text/plain').send('Not found');
    }
    const encoding = pickEncoding(request.headers['accept-encoding']);
    const signedIn = hasSessionCookie(request.headers.cookie);
    reply
      .status(200)
      .type('text/html; charset=utf-8')
      .header('Cache-Control', 'no-cache')
      .header('Vary', 'Accept-Encoding, Cookie');
    // A hinted screen's page differs by id: compressed per request, at a fast level (about 2 KB of HTML).
    const hints = hintsFor(request.url, signedIn);
    if (hints) {
      const page = Buffer.from(
        (signedIn ? html : signedOut)
          .replace('</head>', `${hints}</head>`)
          .replace('<div id="root"></div>', `<div id="root"></div>${frame}`),
        'utf8',
      );
      if (encoding === 'identity') return reply.send(page);
      const packed =
        encoding === 'br'
          ? zlib.brotliCompressSync(page, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } })
          : zlib.gzipSync(page, { level: 6 });
      return reply.header('Content-Encoding', encoding).send(packed);
    }
    const index = signedIn ? pages.withCookie : url === '/' ? pages.landing : pages.withoutCookie;
    if (encoding === 'identity') return reply.send(index('identity'));
    return reply.header('Content-Encoding', encoding).send(index(encoding));
  });
}

type Encoding = 'br' | 'gzip' | 'identity';

/** Either name of the session cookie (`__Host-` prefixed behind https). */
const sessionCookiePattern = new RegExp(`(?:^|;)\\s*(?:__Host-)?${SESSION_COOKIE}=[^;\\s]`);

/** Whether the Cookie header holds a non-empty session cookie (valid or not: the app asks the API then). */
function hasSessionCookie(header: string | undefined): boolean {
  return header !== undefined && sessionCookiePattern.test(header);
}

/**
 * The page in each encoding, each computed once on first use: it is the same for every path the SPA owns. Not at
 * boot: brotli at its best quality costs milliseconds per page, and a page nobody asks for in that encoding
 * should not delay the start.
 */
function compressedVariants(html: string): (encoding: Encoding) => Buffer {
  const identity = Buffer.from(html, 'utf8');
  const compressed: Partial<Record<Encoding, Buffer>> = { identity };
  return (encoding) =>
    (compressed[encoding] ??=
      encoding === 'br'
        ? zlib.brotliCompressSync(identity, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } })
        : zlib.gzipSync(identity, { level: 9 }));
}

/**
 * The best encoding the request accepts (RFC 9110 section 12.5.3): brotli, then gzip, else identity. A coding
 * with q=0 is refused; `*` stands for any coding the header does not name.
 */
export function pickEncoding(header: string | string[] | undefined): Encoding {
  const value = Array.isArray(header) ? header.join(',') : header;
  if (!value) return 'identity';
  const q = new Map<string, number>();
  for (const part of value.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const weight = qParam ? Number(qParam.slice(2)) : 1;
    q.set(name, Number.isFinite(weight) ? weight : 0);
  }
  const weightOf = (coding: string) => q.get(coding) ?? q.get('*') ?? 0;
  const br = weightOf('br');
  const gzip = Math.max(weightOf('gzip'), q.get('x-gzip') ?? 0);
  if (br > 0 && br >= gzip) return 'br';
  return gzip > 0 ? 'gzip' : 'identity';
}

const fallbackHtml = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>CrowdMix</title></head>
<body><p>CrowdMix's web app is not built. Run <code>npm run build</code>.</p></body></html>`;
