/**
 * A dialog component loaded after the page's first paint (ADR 024): its form, its schema (zod) and its
 * helpers are not part of the route's initial script. While it loads (it is requested as soon as the page
 * renders it), its own trigger stands in its place, so nothing moves when it arrives; a press on the stand-in
 * is kept and passed to the real trigger once the dialog has loaded, so it opens then.
 */
import { lazy, Suspense, useEffect, useRef, type ComponentType, type MutableRefObject, type ReactNode } from 'react';
import { Slot } from './slot';

/** After the loaded dialog's first commit: replays a press made while it loaded. */
function Replay({
  pressed,
  trigger,
}: {
  pressed: MutableRefObject<boolean>;
  trigger: MutableRefObject<HTMLElement | null>;
}) {
  useEffect(() => {
    if (!pressed.current) return;
    pressed.current = false;
    trigger.current?.click();
  }, [pressed, trigger]);
  return null;
}

export function lazyDialog<P extends object>(load: () => Promise<ComponentType<P>>) {
  const Loaded = lazy(async () => ({ default: await load() }));
  return function LazyDialog(props: P) {
    const pressed = useRef(false);
    const triggerRef = useRef<HTMLElement | null>(null);
    const trigger = (props as { trigger?: ReactNode }).trigger;
    if (trigger === undefined) {
      return (
        <Suspense fallback={null}>
          <Loaded {...props} />
        </Suspense>
      );
    }
    const standIn = (
      <Slot
        onClick={() => {
          pressed.current = true;
        }}
      >
        {trigger}
      </Slot>
    );
    const real = <Slot ref={triggerRef}>{trigger}</Slot>;
    return (
      <Suspense fallback={standIn}>
        <Loaded {...props} trigger={real} />
        <Replay pressed={pressed} trigger={triggerRef} />
      </Suspense>
    );
  };
}
