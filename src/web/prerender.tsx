/**
 * The landing page as the app renders it first (and the frame's top bar, below), rendered once at build time (vite.config.ts,
 * crowdmix:prerender-landing). The server puts it inside #root when a visitor without a session cookie asks for
 * `/`, so that the page paints before its JavaScript arrives; main.tsx then hydrates it (ADR 024): React adopts
 * these elements instead of painting the page a second time.
 *
 * It is the whole app at `/` (providers, router, Suspense boundaries), not the landing component alone, because
 * hydration needs the same tree: the first client render of a visitor's `/` is the landing page while the
 * sign-in check is pending (the mix under the hero and the persistent chrome come after it).
 */
import { renderToStaticMarkup, renderToString } from 'react-dom/server';
import { Router as Location } from 'wouter';
import { StrictMode } from 'react';
import { App } from './app/app';
import { preloadLanding } from './app/router';
import { FrameShell } from './app/frame-shell';

export async function renderLanding(): Promise<string> {
  // The landing page is a chunk of its own (ADR 047): loaded first, it renders at once, as on the client.
  await preloadLanding();
  return renderToString(
    <StrictMode>
      <Location ssrPath="/">
        <App />
      </Location>
    </StrictMode>,
  );
}

/** The frame's top bar painted before the app's code runs on the hinted screens (app/frame-shell.tsx). */
export function renderFrameShell(): string {
  return renderToStaticMarkup(<FrameShell />);
}
