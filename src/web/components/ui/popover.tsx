/**
 * A Radix popover (a small panel anchored to its trigger, closed with Escape or a click outside) whose code — the
 * popover, its focus and dismiss layers and Floating UI's positioning, ~18 KB gzip — loads after the page has
 * painted instead of with it (ADR 028), as ./dropdown-menu.tsx does for menus.
 *
 * Until the first click the trigger is a plain button that looks and reads the same (aria-haspopup, aria-expanded,
 * data-state) and nothing else is mounted; the module is fetched when the browser is idle, or when the trigger is
 * hovered or focused, so the first click finds it there. That click mounts Radix's popover open; from then on it
 * is Radix's own.
 */
import {
  createContext,
  forwardRef,
  Suspense,
  use,
  useContext,
  useEffect,
  useState,
  type ComponentProps,
  type ComponentPropsWithoutRef,
  type MouseEvent,
} from 'react';
import { whenIdle } from '../../lib/preload';

type Impl = typeof import('./popover-impl');
let pending: Promise<Impl> | null = null;
const load = () => (pending ??= import('./popover-impl'));
const preload = () => void load().catch(() => (pending = null));

const OpenedContext = createContext<{ opened: boolean; open: () => void }>({ opened: false, open: () => {} });

type RootProps = ComponentProps<Impl['Popover']>;

export function Popover({ children, ...props }: RootProps) {
  const [opened, setOpened] = useState(Boolean(props.open || props.defaultOpen));
  useEffect(() => whenIdle(load), []);
  const plain = (
    <OpenedContext.Provider value={{ opened: false, open: () => setOpened(true) }}>{children}</OpenedContext.Provider>
  );
  if (!opened) return plain;
  return (
    <Suspense fallback={plain}>
      <RealRoot {...props}>{children}</RealRoot>
    </Suspense>
  );
}

function RealRoot({ children, ...props }: RootProps) {
  const { Popover: Root } = use(load());
  return (
    <OpenedContext.Provider value={{ opened: true, open: () => {} }}>
      <Root defaultOpen {...props}>
        {children}
      </Root>
    </OpenedContext.Provider>
  );
}

type TriggerProps = ComponentPropsWithoutRef<Impl['PopoverTrigger']>;

export const PopoverTrigger = forwardRef<HTMLButtonElement, TriggerProps>(function PopoverTrigger(
  { onClick, onPointerEnter, onFocus, ...props },
  ref,
) {
  const { opened, open } = useContext(OpenedContext);
  if (opened) return <RealTrigger ref={ref} {...{ onClick, onPointerEnter, onFocus }} {...props} />;
  return (
    <button
      ref={ref}
      type="button"
      aria-haspopup="dialog"
      aria-expanded={false}
      data-state="closed"
      {...props}
      onPointerEnter={(event) => {
        onPointerEnter?.(event);
        preload();
      }}
      onFocus={(event) => {
        onFocus?.(event);
        preload();
      }}
      onClick={(event: MouseEvent<HTMLButtonElement>) => {
        onClick?.(event);
        if (!event.defaultPrevented) open();
      }}
    />
  );
});

const RealTrigger = forwardRef<HTMLButtonElement, TriggerProps>(function RealTrigger(props, ref) {
  const { PopoverTrigger: Trigger } = use(load());
  return <Trigger ref={ref} {...props} />;
});

export function PopoverContent(props: ComponentProps<Impl['PopoverContent']>) {
  const { opened } = useContext(OpenedContext);
  if (!opened) return null;
  return <RealContent {...props} />;
}

function RealContent(props: ComponentProps<Impl['PopoverContent']>) {
  const { PopoverContent: Content } = use(load());
  return <Content {...props} />;
}
