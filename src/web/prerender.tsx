/**
 * The landing page as static markup, rendered once at build time (vite.config.ts, crowdmix:prerender-landing). The
 * server puts it inside #root when a visitor without a session cookie asks for `/`, so that the page paints before
 * its JavaScript arrives; the app then renders the same page over it.
 */
import { renderToStaticMarkup } from 'react-dom/server';
import { LandingPage } from './features/auth/pages/landing-page';

export function renderLanding(): string {
  return renderToStaticMarkup(<LandingPage />);
}
