/**
 * Loads a module that a screen needs on interaction (a form's zod schema, a dialog's code) once the browser is
 * idle after the first paint, so that it is not part of the route's initial script (ADR 024) and is there
 * before the user submits or clicks. The import itself is the cache: calling `load` again costs nothing.
 */
import { useEffect } from 'react';

export function whenIdle(load: () => Promise<unknown>): () => void {
  const run = () => void load().catch(() => {});
  const w = window as Window & { requestIdleCallback?: (cb: () => void) => number };
  if (w.requestIdleCallback) {
    const id = w.requestIdleCallback(run);
    return () => window.cancelIdleCallback?.(id);
  }
  const id = window.setTimeout(run, 1000);
  return () => window.clearTimeout(id);
}

export function usePreload(load: () => Promise<unknown>) {
  useEffect(() => whenIdle(load), [load]);
}
