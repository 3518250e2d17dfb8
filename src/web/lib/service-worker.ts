/**
 * The service worker (public/sw.js) of the built app: registered once the first screen has committed and the browser
 * is idle (app.tsx, ADR 047), from a chunk of its own (not part of any page's first script), and asked, once the page
 * is idle, to store the app's code for offline starts (ADR 041). Not in development (Vite serves modules).
 */
import { onIdle } from './preload';

export function registerServiceWorker() {
  navigator.serviceWorker
    .register('/sw.js', { scope: '/' })
    .then(() => navigator.serviceWorker.ready)
    .then((reg) => onIdle(() => reg.active?.postMessage({ type: 'store-app' }), 10_000))
    .catch(() => {
      /* no worker (private mode, blocked): the app works online as before */
    });
}
