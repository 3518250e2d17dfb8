/**
 * FLIP animation for lists whose order changes (the TV's "Up next"): before the browser paints a new order, each
 * row that moved is put back where it was (transform) and then let go, so it glides to its new place. Rows that
 * did not move are left alone; with `prefers-reduced-motion: reduce` nothing animates.
 */
import { useLayoutEffect, useRef } from 'react';
import { prefersReducedMotion } from '../../../lib/motion';

/** The vertical shift that puts a row back where it was: previous top − new top (0 when new or unmoved). */
export function flipDelta(previousTop: number | undefined, newTop: number): number {
  return previousTop === undefined ? 0 : previousTop - newTop;
}

/**
 * Returns a ref callback factory: give each row `ref={register(key)}`. `order` must change whenever the order
 * does (e.g. the keys joined), which is when rows are measured and animated.
 */
export function useFlip(order: string, durationMs = 600) {
  const nodes = useRef(new Map<string, HTMLElement>());
  const tops = useRef(new Map<string, number>());

  useLayoutEffect(() => {
    const reduce = prefersReducedMotion();
    const next = new Map<string, number>();
    for (const [key, el] of nodes.current) {
      // Layout position (offsetTop), not the painted one: the TV stage is scaled with a transform, and a
      // translateY inside it is in the same unscaled pixels as offsetTop.
      const top = el.offsetTop;
      next.set(key, top);
      const dy = flipDelta(tops.current.get(key), top);
      if (reduce || Math.abs(dy) < 1 || typeof el.animate !== 'function') continue;
      el.animate([{ transform: `translateY(${dy}px)` }, { transform: 'translateY(0)' }], {
        duration: durationMs,
        easing: 'cubic-bezier(0.2, 0.8, 0.2, 1)',
      });
    }
    tops.current = next;
  }, [order, durationMs]);

  return (key: string) => (el: HTMLElement | null) => {
    if (el) nodes.current.set(key, el);
    else nodes.current.delete(key);
  };
}
