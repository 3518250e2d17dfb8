/**
 * The built SPA is served compressed: the real Vite build (vite.config.ts) writes .br and .gz beside each asset,
 * the real app sends the variant the request accepts, and index.html is compressed once at boot.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/helpers/test-db';
import { buildApp, type BuiltApp } from '../app';
import { loadConfig } from '../config';
import { pickEncoding } from './spa';
import { TRENDING_COUNT } from '../../shared/constants';

let webDir: string;
let database: TestDatabase;
let built: BuiltApp;
let entry: string; // the largest script index.html loads, e.g. /assets/web-abc123.js
let stylesheet: string;

beforeAll(async () => {
  const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'crowdmix-spa-'));
  webDir = path.join(outDir, 'web');
  const { build } = await import('vite');
  await build({
    configFile: path.resolve('vite.config.ts'),
    logLevel: 'silent',
    build: { outDir: webDir, emptyOutDir: true },
  });
  const html = fs.readFileSync(path.join(webDir, 'index.html'), 'utf8');
  // The largest script the page loads first: the entry itself is a few bytes that import the boot chunk (ADR 031),
  // too small for a compressed copy to be smaller (none is written then).
  const scripts = [...html.matchAll(/<(?:script[^>]+src|link[^>]+rel="modulepreload"[^>]+href)="([^"]+\.js)"/g)];
  const size = (url: string) => fs.statSync(path.join(webDir, url)).size;
  entry = scripts.map((m) => m[1]).sort((a, b) => size(b) - size(a))[0];
  stylesheet = /<link[^>]+rel="stylesheet"[^>]+href="([^"]+\.css)"/.exec(html)![1];
  database = await createTestDatabase();
  const config = { ...loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', SEED_DEMO: 'false' }), webDir };
  built = await buildApp(config, { database, skipMigrations: true, logger: false });
  await built.app.ready();
  // A whole Vite build: about 20 s of CPU, and on the shared 2-core machine at load 15–30 it ran past 120 s (the file's
  // 29 tests then all skipped, twice in a row); a slow build is not what this file tests.
}, 300_000);

afterAll(async () => {
  await built?.close();
  await database?.close();
  if (webDir) fs.rmSync(path.dirname(webDir), { recursive: true, force: true });
});

const get = (url: string, acceptEncoding?: string, cookie?: string) =>
  built.app.inject({
    method: 'GET',
    url,
    headers: {
      ...(acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding }),
      ...(cookie ? { cookie } : {}),
    },
  });

const SIGNED_OUT_META = '<meta name="crowdmix-session" content="none">';

const file = (url: string) => fs.readFileSync(path.join(webDir, url));
/** The frame's top bar, prerendered beside the web root at build time (ADR 043). */
const frameShell = () => fs.readFileSync(path.join(webDir, '..', 'prerender', 'frame.html'), 'utf8');

function decoded(res: LightMyRequestResponse): Buffer {
  const encoding = res.headers['content-encoding'];
  if (encoding === 'br') return zlib.brotliDecompressSync(res.rawPayload);
  if (encoding === 'gzip') return zlib.gunzipSync(res.rawPayload);
  expect(encoding).toBeUndefined();
  return res.rawPayload;
}

const varies = (res: LightMyRequestResponse) =>
  String(res.headers.vary ?? '')
    .toLowerCase()
    .split(/\s*,\s*/)
    .includes('accept-encoding');

describe('the build', () => {
  it('writes a brotli and a gzip file beside each text asset, holding the same bytes', () => {
    for (const url of [entry, stylesheet, '/index.html']) {
      const original = file(url);
      expect(zlib.brotliDecompressSync(file(`${url}.br`)).equals(original), `${url}.br`).toBe(true);
      expect(zlib.gunzipSync(file(`${url}.gz`)).equals(original), `${url}.gz`).toBe(true);
      expect(file(`${url}.br`).length).toBeLessThan(original.length);
    }
  });
});

describe('static assets', () => {
  it.each([
    ['br', 'br'],
    ['gzip', 'gzip'],
    ['gzip, deflate, br, zstd', 'br'], // what Chromium sends
    ['br;q=0, gzip', 'gzip'],
  ])('Accept-Encoding: %s is answered with %s, the same bytes and the year-long cache', async (accept, expected) => {
    for (const url of [entry, stylesheet]) {
      const res = await get(url, accept);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding'], url).toBe(expected);
      expect(res.headers['content-type'], url).toMatch(
        url.endsWith('.js') ? /^(text|application)\/javascript/ : /^text\/css/,
      );
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(varies(res), 'Vary: Accept-Encoding').toBe(true);
      expect(decoded(res).equals(file(url)), url).toBe(true);
    }
  });

  it('without Accept-Encoding (or with identity only) sends the file as it is', async () => {
    for (const accept of [undefined, 'identity']) {
      const res = await get(entry, accept);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(varies(res)).toBe(true);
      expect(res.rawPayload.equals(file(entry))).toBe(true);
    }
  });

  it('does not serve the compressed files under their own names', async () => {
    expect((await get(`${entry}.br`, 'br')).statusCode).toBe(404);
    expect((await get(`${entry}.gz`)).statusCode).toBe(404);
  });

  it('answers a missing asset and the assets folder itself with a plain 404, never the app', async () => {
    for (const url of ['/assets/missing-abc123.js', '/assets/nested/missing.css']) {
      const res = await get(url, 'br');
      expect(res.statusCode, url).toBe(404);
      expect(res.body, url).not.toContain('<div id="root"');
    }
    const folder = await get('/assets/', 'br');
    expect(folder.statusCode).not.toBe(200);
    expect(folder.body).not.toContain(entry);
  });

  it('serves the files at the top (manifest, service worker, icons) as they are, revalidated on every use', async () => {
    for (const url of ['/manifest.webmanifest', '/sw.js', '/favicon.svg', '/icons/icon-192.png']) {
      const res = await get(url, 'br');
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(decoded(res).equals(file(url)), url).toBe(true);
    }
    // A top-level name that is not a file is one of the app's paths; so is the build's own dot folder.
    for (const url of ['/no-such-file.txt', '/.vite/manifest.json', '/sw.js.br']) {
      const page = await get(url, undefined, 'crowdmix_sid=abc');
      expect(page.statusCode, url).toBe(200);
      expect(page.body, url).toBe(file('/index.html').toString('utf8'));
    }
  });
});

describe('index.html', () => {
  it.each([
    ['br', 'br'],
    ['gzip', 'gzip'],
    ['gzip, deflate, br, zstd', 'br'],
    ['deflate', 'identity'],
    [undefined, 'identity'],
  ])('Accept-Encoding: %s is answered with %s, no-cache, for / and for client routes', async (accept, expected) => {
    // (`/` with a session cookie is a signed-in home, whose page names its code and data: the test below.)
    for (const url of ['/venues/3', '/playlists?tab=mine', '/venue/3']) {
      const res = await get(url, accept, 'theme=dark; crowdmix_sid=abc');
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.headers['content-encoding'] ?? 'identity', url).toBe(expected);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(varies(res)).toBe(true);
      expect(decoded(res).equals(file('/index.html')), url).toBe(true);
      // The page keeps its security headers.
      expect(String(res.headers['content-security-policy'])).toContain("frame-ancestors 'none'");
    }
  });

  it('names the Latin Figtree file the stylesheet uses, for the browser to fetch with the boot script', async () => {
    const html = decoded(await get('/venues', 'br', 'crowdmix_sid=abc')).toString('utf8');
    const link =
      /<link rel="preload" as="font" type="font\/woff2" href="(\/assets\/[^"]+\.woff2)" crossorigin="?"?>/.exec(html);
    expect(link, 'a font preload in the head').not.toBeNull();
    const href = link![1]!;
    expect(href).toMatch(/figtree-latin-wght-normal/);
    expect(html.indexOf(href)).toBeLessThan(html.indexOf('</head>'));
    // The very file the stylesheet's Latin @font-face names (a preload of another URL would be a wasted download).
    expect(file(stylesheet).toString('utf8')).toContain(`url(${href})`);
    const res = await get(href, undefined);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('font/woff2');
  });

  it('without a session cookie, carries the signed-out mark (so the app need not ask /api/auth/user)', async () => {
    const original = file('/index.html').toString('utf8');
    for (const cookie of [undefined, 'theme=dark', 'crowdmix_sid=', 'xcrowdmix_sid=abc']) {
      for (const accept of ['br', 'gzip', undefined]) {
        const res = await get('/venues', accept, cookie);
        expect(res.headers['content-encoding'] ?? 'identity').toBe(accept ?? 'identity');
        expect(decoded(res).toString('utf8'), `${cookie} ${accept}`).toBe(
          original.replace('</head>', `${SIGNED_OUT_META}</head>`),
        );
        expect(String(res.headers.vary).toLowerCase()).toContain('cookie');
      }
    }
    expect(decoded(await get('/venues', 'br', 'crowdmix_sid=abc')).toString('utf8')).not.toContain(SIGNED_OUT_META);
  });

  it("gives a visitor's / the landing page's markup, rendered at build time, so that it paints before the script", async () => {
    const original = file('/index.html').toString('utf8');
    const landing = fs.readFileSync(path.join(webDir, '..', 'prerender', 'landing.html'), 'utf8');
    expect(landing).toContain('How It Works');
    expect(landing).toContain('Sign In to Start Voting');
    expect(landing).not.toContain('<script');
    // The landing page's own code is a chunk of its own (ADR 047), named in the head: it imports only what the entry
    // loads already (the runtime and the boot chunk), so it is the one modulepreload.
    const manifest = JSON.parse(file('/.vite/manifest.json').toString('utf8')) as Record<
      string,
      { file: string; imports?: string[] }
    >;
    const landingChunk = manifest['features/auth/pages/landing-page.tsx']!;
    expect(landingChunk.imports?.every((key) => original.includes(manifest[key]!.file))).toBe(true);
    const landingLink = `<link rel="modulepreload" crossorigin href="/${landingChunk.file}">`;
    for (const accept of ['br', 'gzip', undefined]) {
      const page = decoded(await get('/', accept)).toString('utf8');
      expect(page).toBe(
        original
          .replace('</head>', `${SIGNED_OUT_META}${landingLink}</head>`)
          .replace('<div id="root"></div>', `<div id="root">${landing}</div>`),
      );
    }
    // Not with a session cookie (it may be a signed-in home), nor on other paths.
    expect(decoded(await get('/', 'br', 'crowdmix_sid=abc')).toString('utf8')).not.toContain('How It Works');
    expect(decoded(await get('/venues', 'br')).toString('utf8')).not.toContain('How It Works');
    // The prerendered fragment is not a page of its own.
    expect((await get('/prerender/landing.html')).body).not.toContain('How It Works');
  });

  it("names a venue mix's and a playlist's own code and first GETs in the page, for the browser to fetch at once", async () => {
    const original = file('/index.html').toString('utf8');
    const manifest = JSON.parse(file('/.vite/manifest.json').toString('utf8')) as Record<string, { file: string }>;
    const moduleLink = (key: string) => `<link rel="modulepreload" crossorigin href="/${manifest[key]!.file}">`;
    const fetchLink = (href: string) => `<link rel="preload" as="fetch" crossorigin="use-credentials" href="${href}">`;
    const headOf = (page: string) => page.slice(0, page.indexOf('</head>'));
    for (const accept of ['br', 'gzip', undefined]) {
      const venue = decoded(await get('/venue/12/mix', accept)).toString('utf8');
      expect(venue).toContain(SIGNED_OUT_META);
      expect(headOf(venue)).toContain(moduleLink('features/venues/pages/venue-mix-page.tsx'));
      // The signed-in frame around it: the app draws both in its first commit (ADR 033).
      expect(headOf(venue)).toContain(moduleLink('app/app-layout.tsx'));
      expect(headOf(venue)).toContain(fetchLink('/api/venues/12'));
      expect(headOf(venue)).toContain(fetchLink('/api/mix/venue/12'));
      // A visitor has no session to check; the rest of the page is index.html as built, with the frame's top bar
      // (prerendered at build time) after the empty #root, painted while the code and data load (ADR 043).
      expect(venue).not.toContain(fetchLink('/api/auth/user'));
      const frame = frameShell();
      expect(frame).toMatch(/^<div id="frame-shell" aria-hidden="true">.*CrowdMix.*<\/div>$/s);
      expect(venue.replace(/<link rel="(?:modulepreload|preload)"[^>]*>(?=[^\n]*<\/head>)/g, '')).toBe(
        original
          .replace('</head>', `${SIGNED_OUT_META}</head>`)
          .replace('<div id="root"></div>', `<div id="root"></div>${frame}`),
      );
    }
    const playlist = decoded(await get('/community-playlists/7', 'br', 'crowdmix_sid=abc')).toString('utf8');
    expect(headOf(playlist)).toContain(moduleLink('features/playlists/pages/playlist-page.tsx'));
    expect(headOf(playlist)).toContain(moduleLink('app/app-layout.tsx'));
    for (const href of [
      '/api/auth/user',
      '/api/community-playlists/7',
      '/api/community-playlists/7/songs',
      '/api/community-playlists/7/members',
    ]) {
      expect(headOf(playlist)).toContain(fetchLink(href));
    }
    // A signed-in caller's home (ADR 038): its code, the frame and its three reads; a visitor's `/` has none of them.
    const home = decoded(await get('/', 'gzip', 'theme=dark; crowdmix_sid=abc')).toString('utf8');
    expect(headOf(home)).toContain(moduleLink('features/songs/pages/home-page.tsx'));
    expect(headOf(home)).toContain(moduleLink('app/app-layout.tsx'));
    for (const href of [
      '/api/auth/user',
      '/api/mix/global',
      `/api/songs/trending?limit=${TRENDING_COUNT}`,
      '/api/venues',
    ]) {
      expect(headOf(home)).toContain(fetchLink(href));
    }
    expect(home.replace(/<link rel="(?:modulepreload|preload)"[^>]*>(?=[^\n]*<\/head>)/g, '')).toBe(
      original.replace('<div id="root"></div>', `<div id="root"></div>${frameShell()}`),
    );
    expect(decoded(await get('/', 'gzip')).toString('utf8')).not.toContain('as="fetch"');
    // Code that index.html loads already is not named twice.
    expect(playlist.match(/<link rel="modulepreload"[^>]*web-[^"]*\.js">/g)).toHaveLength(1);
    // An invite link's GETs carry its token: only the code is hinted. Other paths and malformed ids: nothing.
    const invited = decoded(await get('/community-playlists/7?invite=t0k3n', 'br')).toString('utf8');
    expect(invited).toContain(moduleLink('features/playlists/pages/playlist-page.tsx'));
    expect(invited).not.toContain('as="fetch"');
    for (const url of ['/venue/12abc/mix', '/venue/%3Cb%3E/mix', '/venue/12/mix/extra', '/venues', '/playlists']) {
      const page = decoded(await get(url, 'br')).toString('utf8');
      expect(page, url).toBe(original.replace('</head>', `${SIGNED_OUT_META}</head>`));
      expect(page, url).not.toContain('frame-shell');
    }
  });

  it('API 404s stay JSON and uncompressed', async () => {
    const res = await get('/api/nope', 'br');
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.json()).toMatchObject({ code: 'NOT_FOUND' });
  });
});

describe('pickEncoding', () => {
  it.each([
    [undefined, 'identity'],
    ['', 'identity'],
    ['identity', 'identity'],
    ['gzip', 'gzip'],
    ['x-gzip', 'gzip'],
    ['br', 'br'],
    ['GZIP, BR', 'br'],
    ['br;q=0.5, gzip;q=0.8', 'gzip'],
    ['br;q=0, gzip;q=0', 'identity'],
    ['*', 'br'],
    ['*;q=0, gzip', 'gzip'],
    ['deflate, *;q=0', 'identity'],
  ])('%s -> %s', (header, expected) => {
    expect(pickEncoding(header)).toBe(expected);
  });
});
