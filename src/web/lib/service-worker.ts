/**
 * Registers the service worker (public/sw.js) in the built app; it stores the app's code at install (ADR 041). Not in
 * development (Vite serves modules).
 */
export function registerServiceWorker() {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const register = () => {
    navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch(() => {
      /* no worker (private mode, blocked): the app works online as before */
    });
  };
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
