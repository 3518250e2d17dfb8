/**
 * A dialog component loaded after the page's first paint (ADR 024): its form, its schema (zod) and its
 * helpers are not part of the route's initial script. Its code is asked for once the page is idle after its first
 * renders (at the latest 1.5 s later), at once when the dialog is opened or its trigger pressed before that — not
 * while the screen renders, where its chunks (a playlist's Add Song: 45 KB with zod and Radix) competed with the
 * screen's first paint (ADR 035). Until it has loaded, its own trigger stands in its place, so nothing moves when it
 * arrives; a press on the stand-in loads it and is passed to the real trigger once it has loaded, so it opens then.
 */
import {
  lazy,
  startTransition,
  Suspense,
  useEffect,
  useRef,
  useState,
  type ComponentType,
  type MutableRefObject,
  type ReactNode,
} from 'react';
import { onIdle } from '../../lib/preload';
import { Slot } from './slot';

/** How long a dialog's code waits at most for the page to be idle. */
const LOAD_WITHIN_MS = 1500;

/** Whether to load: true once the page has been idle since mount, or once `loadNow` was called (a press). */
function useLoadWhenIdle(): [boolean, () => void] {
  const [load, setLoad] = useState(false);
  // A transition: the stand-in stays on screen while the code loads, and is swapped for the real trigger once.
  useEffect(() => onIdle(() => startTransition(() => setLoad(true)), LOAD_WITHIN_MS), []);
  return [load, () => setLoad(true)];
}

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
    const { trigger, open } = props as { trigger?: ReactNode; open?: boolean };
    const [idleOrPressed, loadNow] = useLoadWhenIdle();
    const load = idleOrPressed || open === true;
    if (trigger === undefined) {
      return load ? (
        <Suspense fallback={null}>
          <Loaded {...props} />
        </Suspense>
      ) : null;
    }
    const standIn = (
      <Slot
        onClick={() => {
          pressed.current = true;
          loadNow();
        }}
      >
        {trigger}
      </Slot>
    );
    const real = <Slot ref={triggerRef}>{trigger}</Slot>;
    return (
      <Suspense fallback={standIn}>
        {load ? (
          <>
            <Loaded {...props} trigger={real} />
            <Replay pressed={pressed} trigger={triggerRef} />
          </>
        ) : (
          standIn
        )}
      </Suspense>
    );
  };
}
