/**
 * A dialog component loaded after the page's first paint (ADR 024): its form, its schema (zod) and its
 * helpers are not part of the route's initial script. Its code is asked for once the page is idle after its first
 * renders, in turn with the page's other idle loads (`whenIdle`, ADR 045), and at once when the dialog is opened or
 * its trigger pressed before that — not while the screen renders, where its chunks (a playlist's Add Song: 45 KB with
 * zod and Radix) competed with the screen's first paint (ADR 035). Until it has loaded, its own trigger stands in its place, so nothing moves when it
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
import { whenIdle } from '../../lib/preload';
import { Slot } from './slot';

/** How long a dialog's code waits at most for the page to be idle once its turn has come. */
const LOAD_WITHIN_MS = 1500;

/**
 * Whether to mount: true once the code was loaded in its turn of the page's idle loads (`whenIdle`), or once
 * `loadNow` was called (a press).
 */
function useLoadWhenIdle(preload: () => Promise<unknown>): [boolean, () => void] {
  const [load, setLoad] = useState(false);
  // A transition: the stand-in stays on screen until the real trigger renders, and is swapped for it once.
  useEffect(
    () => whenIdle(() => preload().then(() => startTransition(() => setLoad(true))), LOAD_WITHIN_MS),
    [preload],
  );
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
    const [idleOrPressed, loadNow] = useLoadWhenIdle(load);
    const mount = idleOrPressed || open === true;
    if (trigger === undefined) {
      return mount ? (
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
        {mount ? (
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
