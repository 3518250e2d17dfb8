/**
 * The first render of a page that arrives empty (every page but the prerendered landing, which is hydrated).
 *
 * A transition, so that React renders the screen in slices of a few milliseconds and gives the browser its turn in
 * between, instead of one task as long as the whole screen: at Lighthouse's 4× CPU a venue's mix took one task of
 * ~160 ms there, which counted in full as blocking time (ADR 038). Nothing is drawn until the whole screen is
 * rendered either way (one commit, ADR 033), so the page paints what it did before, as early.
 */
import { startTransition, type ReactNode } from 'react';
import { createRoot, hydrateRoot, type Root } from 'react-dom/client';

export function renderFirstScreen(container: Element, app: ReactNode): Root {
  const root = createRoot(container);
  startTransition(() => root.render(app));
  return root;
}

/**
 * The prerendered landing's first render: hydration, in a transition too. React 19 hydrates a root outside a
 * transition as one blocking task (the default lane is not sliced); a visitor's landing spent 25–40 ms there, four
 * times that on Lighthouse's phone, right after its first paint (ADR 046). Its markup is on screen meanwhile; a press
 * before hydration reaches that element is replayed once it is hydrated, as before.
 */
export function hydrateFirstScreen(container: Element, app: ReactNode): Root {
  let root: Root | undefined;
  startTransition(() => {
    root = hydrateRoot(container, app);
  });
  return root!;
}
