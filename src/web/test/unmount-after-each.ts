import { afterEach } from 'vitest';
import type { Root } from 'react-dom/client';

/**
 * For the happy-dom test files: returns `track`, which hands back the React root it is given and unmounts it after
 * the test (`const root = track(createRoot(container))`), so that no test leaves a mounted tree to the next.
 */
export function unmountAfterEach(): <R extends Root>(root: R) => R {
  const roots: Root[] = [];
  afterEach(() => {
    for (const root of roots.splice(0)) root.unmount();
  });
  return (root) => {
    roots.push(root);
    return root;
  };
}
