/** Motion preferences: what moves on screen follows the user's `prefers-reduced-motion` setting. */

/** True when the user asked for reduced motion (false where there is no window, as in tests of pure code). */
export function prefersReducedMotion(): boolean {
  return typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches === true;
}

/** How a script scrolls: smoothly, unless the user asked for reduced motion (then at once). */
export const scrollBehavior = (): ScrollBehavior => (prefersReducedMotion() ? 'auto' : 'smooth');
