/**
 * `asChild`: renders its only child with the slot's props merged in, as Radix's Slot does (the child's handler runs
 * before the slot's, classes are joined, styles merged, the child's other props win, both refs are set), without
 * Radix's Slottable support that nothing here uses (Radix's Slot was 1.4 KB gzip on every route, ADR 028).
 */
import {
  Children,
  cloneElement,
  forwardRef,
  isValidElement,
  type HTMLAttributes,
  type ReactNode,
  type Ref,
} from 'react';

type AnyProps = Record<string, unknown>;

function setRef<T>(ref: Ref<T> | undefined, value: T | null): void | (() => void) {
  if (typeof ref === 'function') return ref(value) as void | (() => void);
  if (ref) (ref as { current: T | null }).current = value;
}

/** One ref callback that sets both refs (and runs their React 19 cleanups). */
function composeRefs<T>(a: Ref<T> | undefined, b: Ref<T> | undefined) {
  return (node: T | null) => {
    const cleanups = [setRef(a, node), setRef(b, node)];
    if (!cleanups.some((c) => typeof c === 'function')) return;
    return () =>
      [a, b].forEach((ref, i) => {
        const cleanup = cleanups[i];
        if (typeof cleanup === 'function') cleanup();
        else setRef(ref, null);
      });
  };
}

function mergeProps(slot: AnyProps, child: AnyProps): AnyProps {
  const out: AnyProps = { ...slot, ...child };
  for (const key of Object.keys(child)) {
    const ours = slot[key];
    const theirs = child[key];
    if (/^on[A-Z]/.test(key)) {
      if (typeof ours === 'function' && typeof theirs === 'function')
        out[key] = (...args: unknown[]) => {
          const result = (theirs as (...a: unknown[]) => unknown)(...args);
          (ours as (...a: unknown[]) => unknown)(...args);
          return result;
        };
      else if (typeof ours === 'function') out[key] = ours;
    } else if (key === 'style') out[key] = { ...(ours as object), ...(theirs as object) };
    else if (key === 'className') out[key] = [ours, theirs].filter(Boolean).join(' ');
  }
  return out;
}

export const Slot = forwardRef<HTMLElement, HTMLAttributes<HTMLElement> & { children?: ReactNode }>(function Slot(
  { children, ...props },
  forwardedRef,
) {
  if (!isValidElement(children)) {
    // As Radix's Slot: several children are a mistake in the caller (asChild takes exactly one element).
    if (Children.count(children) > 1) throw new Error('Slot (asChild) takes exactly one element child');
    return null;
  }
  const childProps = children.props as AnyProps;
  const childRef = childProps.ref as Ref<HTMLElement> | undefined;
  return cloneElement(children, {
    ...mergeProps(props, childProps),
    ref: forwardedRef ? composeRefs(forwardedRef, childRef) : childRef,
  } as AnyProps);
});
