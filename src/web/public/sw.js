/*
 * CrowdMix's service worker (docs/design.md, "Installable"; ADR 020). It caches the app shell and the static
 * assets so that the app installs and starts offline into its shell, which then says "You're offline".
 *
 * - Navigations: network first; the last page the server sent is kept as the shell and answered when offline.
 * - /assets/* (content-hashed, immutable), /icons/*, the manifest and the favicon: cache first.
 * - Everything else — /api/*, /ws, uploads, other hosts — is not touched: API data is never served from a cache,
 *   so nothing stale is ever shown as fresh.
 */
const CACHE = 'crowdmix-shell-v1';
const SHELL = '/__shell';

self.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(CACHE);
      try {
        const res = await fetch('/', { credentials: 'include', cache: 'no-store' });
        if (res.ok) {
          const html = await res.clone().text();
          await cache.put(SHELL, res);
          const assets = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].map((m) => m[1]);
          await cache.addAll([...new Set(assets), '/manifest.webmanifest', '/favicon.svg']);
        }
      } catch {
        /* offline at install: the next online visit fills the cache */
      }
      await self.skipWaiting();
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

/** The page tells the worker which assets it loaded before the worker controlled it; they are cached too. */
self.addEventListener('message', (event) => {
  const data = event.data;
  if (!data || data.type !== 'cache-assets' || !Array.isArray(data.urls)) return;
  const urls = data.urls.filter((u) => typeof u === 'string' && isStatic(new URL(u, self.location.origin)));
  event.waitUntil(caches.open(CACHE).then((cache) => Promise.all(urls.map((u) => cache.add(u).catch(() => {})))));
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
