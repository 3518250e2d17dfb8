/**
 * The signed-in frame's top bar as it looks before anything is known (no links, no account), rendered to markup at
 * build time (prerender.tsx) and put in the page by the server on the screens whose first paint waits for their code
 * and data (a signed-in home, a venue's mix, a community playlist; plugins/spa.ts), right after the empty #root.
 * The page paints it at once instead of nothing until the app's first render; styles.css hides it as soon as #root
 * has content, where the real bar (top-nav.tsx, the same boxes) takes its place (ADR 043).
 */
import { Menu } from 'lucide-react';
import { Logo } from '../components/layout/logo';
import { HEADER_CLASS, MENU_BUTTON_CLASS, NAV_CLASS } from './top-nav';

export function FrameShell() {
  return (
    <div id="frame-shell" aria-hidden="true">
      <div className={HEADER_CLASS}>
        <div className={NAV_CLASS}>
          <span className={MENU_BUTTON_CLASS}>
            <Menu className="size-5" />
          </span>
          <span className="shrink-0">
            <Logo />
          </span>
        </div>
      </div>
    </div>
  );
}
