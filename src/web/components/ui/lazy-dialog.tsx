/**
 * A dialog component loaded after the page's first paint (ADR 024): its form, its schema (zod) and its
 * helpers are not part of the route's initial script. While it loads (it is requested as soon as the page
 * renders it), its own trigger stands in its place, so nothing moves when it arrives.
 */
import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';

export function lazyDialog<P extends object>(load: () => Promise<ComponentType<P>>) {
  const Loaded = lazy(async () => ({ default: await load() }));
  return function LazyDialog(props: P) {
    const trigger = (props as { trigger?: ReactNode }).trigger ?? null;
    return (
      <Suspense fallback={trigger}>
        <Loaded {...props} />
      </Suspense>
    );
  };
}
