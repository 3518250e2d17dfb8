import './lib/zod-config';
import { StrictMode } from 'react';
import { App } from './app/app';
import { preloadLanding, preloadRoute } from './app/router';
import { hydrateFirstScreen, renderFirstScreen } from './lib/first-render';
import { createQueryClient } from './lib/query-client';
import { startHydratingLanding } from './lib/hydration';
import '@fontsource-variable/figtree';
import './styles.css';

const root = document.getElementById('root')!;
const queryClient = createQueryClient();
const app = (
  <StrictMode>
    <App queryClient={queryClient} />
  </StrictMode>
);

/** How long the first render waits at most for the first screen's code and data before drawing loading states. */
const FIRST_SCREEN_WAIT_MS = 1_000;

// A visitor's `/` arrives with the landing page prerendered in #root (src/web/prerender.tsx): hydrate it (in slices,
// ADR 046) once its code, a chunk of its own, is there (ADR 047), so the painted elements stay and only get their
// event handlers (ADR 024). Every other page starts empty and renders once its screen's code and first data are there
// (named in the page's head, so usually already loaded; ADR 033): one commit draws the frame and the screen with its
// content, rendered in slices (ADR 038). Offline, the service worker may answer another path with a cached `/`, whose
// landing markup is then replaced, not adopted.
if (root.firstElementChild && window.location.pathname === '/') {
  startHydratingLanding();
  void preloadLanding().then(() => hydrateFirstScreen(root, app));
} else {
  void Promise.race([
    preloadRoute(window.location.pathname, queryClient),
    new Promise((resolve) => setTimeout(resolve, FIRST_SCREEN_WAIT_MS)),
  ]).then(() => renderFirstScreen(root, app));
}
