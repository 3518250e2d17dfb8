/**
 * Registers the service worker (public/sw.js) in the built app, and hands it the assets this page loaded before
 * the worker controlled it, so that the next start works offline. Not in development (Vite serves modules).
 */
export function registerServiceWorker() {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const register = () => {
    navigator.serviceWorker
      .register('/sw.js', { scope: '/' })
      .then(() => navigator.serviceWorker.ready)
      .then((reg) => {
        const urls = performance
          .getEntriesByType('resource')
          .map((e) => e.name)
          .filter((u) => u.startsWith(`${location.origin}/assets/`));
        reg.active?.postMessage({ type: 'cache-assets', urls });
      })
      .catch(() => {
        /* no worker (private mode, blocked): the app works online as before */
      });
  };
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
