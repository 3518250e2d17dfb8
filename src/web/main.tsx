import './lib/zod-config';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app';
import { registerServiceWorker } from './lib/service-worker';
import { startHydratingLanding } from './lib/hydration';
import '@fontsource-variable/figtree';
import './styles.css';

const root = document.getElementById('root')!;
const app = (
  <StrictMode>
    <App />
  </StrictMode>
);
// A visitor's `/` arrives with the landing page prerendered in #root (src/web/prerender.tsx): hydrate it, so the
// painted elements stay and only get their event handlers (ADR 024). Every other page starts empty; offline, the
// service worker may answer another path with a cached `/`, whose landing markup is then replaced, not adopted.
if (root.firstElementChild && window.location.pathname === '/') {
  startHydratingLanding();
  hydrateRoot(root, app);
} else createRoot(root).render(app);

registerServiceWorker();
