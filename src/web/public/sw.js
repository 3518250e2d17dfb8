/*
 * CrowdMix's service worker (docs/design.md, "Installable"; ADR 020, ADR 041). It stores the app shell and all of the
 * app's code so that the app installs and starts offline into its shell, which then says "You're offline".
 *
 * - Install: the shell, the manifest and the favicon. Then, when the page asks once it is idle, every file of the
 *   app's code, styles and fonts (the list below, written by the build: vite.config.ts, precacheList).
 * - Navigations: network first; the last page the server sent is kept as the shell and answered when offline.
 * - /assets/* (content-hashed, immutable), /icons/*, the manifest and the favicon: cache first.
 * - Everything else — /api/*, /ws, uploads, other hosts — is not touched: API data is never served from a cache,
 *   so nothing stale is ever shown as fresh.
 */
const PRECACHE = /* build: precache list */ [];
/** One store per build: the list's file names are content-hashed, so a new build has a new name. */
const CACHE = `crowdmix-${hash(PRECACHE.join())}`;
const SHELL = '/__shell';

function hash(text) {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return (h >>> 0).toString(36);
}

self.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(CACHE);
      await cache.addAll(['/manifest.webmanifest', '/favicon.svg']);
      try {
        const res = await fetch('/', { credentials: 'include', cache: 'no-store' });
        if (res.ok) await cache.put(SHELL, res);
      } catch {
        /* the shell is stored by the next page the network sends */
      }
      await self.skipWaiting();
    })(),
  );
});

/**
 * The page asks for the app's code to be stored once it is idle after its load (lib/service-worker.ts): stored during
 * the install instead, every script was also compiled there for the code cache, which took the CPU the page's first
 * seconds needed (Lighthouse blocking time +0.5–1 s on a playlist). Files already stored are not fetched again; one
 * that fails is fetched by the next page that asks, or stored when a page loads it.
 */
self.addEventListener('message', (event) => {
  if (event.data?.type !== 'store-app') return;
  event.waitUntil(
    (async () => {
      const cache = await caches.open(CACHE);
      const stored = new Set((await cache.keys()).map((r) => new URL(r.url).pathname));
      await Promise.all(PRECACHE.filter((f) => !stored.has(f)).map((f) => cache.add(f).catch(() => {})));
    })(),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      for (const key of await caches.keys()) if (key !== CACHE) await caches.delete(key);
      await self.clients.claim();
    })(),
  );
});

function isStatic(url) {
  if (url.origin !== self.location.origin) return false;
  return (
    url.pathname.startsWith('/assets/') ||
    url.pathname.startsWith('/icons/') ||
    url.pathname === '/manifest.webmanifest' ||
    url.pathname === '/favicon.svg'
  );
}

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (request.mode === 'navigate' && url.origin === self.location.origin && !url.pathname.startsWith('/api/')) {
    event.respondWith(
      (async () => {
        try {
          const res = await fetch(request);
          if (res.ok && (res.headers.get('content-type') || '').includes('text/html')) {
            const cache = await caches.open(CACHE);
            await cache.put(SHELL, res.clone());
          }
          return res;
        } catch {
          const cached = await caches.match(SHELL);
          return cached || Response.error();
        }
      })(),
    );
    return;
  }
  if (!isStatic(url)) return;
  event.respondWith(
    (async () => {
      const cached = await caches.match(request);
      if (cached) return cached;
      const res = await fetch(request);
      if (res.ok) {
        const cache = await caches.open(CACHE);
        await cache.put(request, res.clone());
      }
      return res;
    })(),
  );
});
