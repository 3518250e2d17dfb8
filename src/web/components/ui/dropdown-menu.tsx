/**
 * Radix's DropdownMenu, with its code (the menu, its focus handling and Floating UI's positioning, ~17 KB
 * gzip) loaded when a menu is approached or opened instead of with the page (ADR 024). Use it as Radix's:
 * `<DropdownMenu.Root>`, `.Trigger`, `.Portal`, `.Content`, `.Item`, `.Label`, `.Separator`.
 *
 * Until the first press, the trigger is a plain element that looks and reads the same (aria-haspopup,
 * aria-expanded, data-state) and nothing else of the menu is mounted; the module starts loading when the
 * trigger is hovered or focused. The press that would have opened Radix's menu (a primary-button pointerdown,
 * or Enter, Space or ArrowDown) mounts the real menu open, and from then on it is Radix's own. A menu opened
 * from the keyboard puts the focus on its first item, as Radix's does.
 */
import {
  createContext,
  forwardRef,
  Suspense,
  use,
  useContext,
  useState,
  type ComponentProps,
  type ComponentPropsWithoutRef,
  type ElementRef,
  type KeyboardEvent,
  type PointerEvent,
} from 'react';
import { Slot } from './slot';
import type { DropdownMenu as Radix } from 'radix-ui';

type Impl = typeof import('./dropdown-menu-impl');
let pending: Promise<Impl> | null = null;
const load = () => (pending ??= import('./dropdown-menu-impl'));
const preload = () => void load().catch(() => (pending = null));

type OpenedBy = 'pointer' | 'keyboard' | 'prop';
interface MenuState {
  /** Set once the real menu is mounted. */
  openedBy: OpenedBy | null;
  open: (by: OpenedBy) => void;
}
const MenuContext = createContext<MenuState>({ openedBy: null, open: () => {} });

function Root({ children, ...props }: ComponentProps<typeof Radix.Root>) {
  const [openedBy, setOpenedBy] = useState<OpenedBy | null>(props.open || props.defaultOpen ? 'prop' : null);
  const plain = <MenuContext.Provider value={{ openedBy: null, open: setOpenedBy }}>{children}</MenuContext.Provider>;
  if (!openedBy) return plain;
  return (
    <Suspense fallback={plain}>
      <RealRoot {...props} openedBy={openedBy}>
        {children}
      </RealRoot>
    </Suspense>
  );
}

function RealRoot({ openedBy, children, ...props }: ComponentProps<typeof Radix.Root> & { openedBy: OpenedBy }) {
  const { DropdownMenu } = use(load());
  return (
    <MenuContext.Provider value={{ openedBy, open: () => {} }}>
      <DropdownMenu.Root {...props} defaultOpen={openedBy === 'prop' ? props.defaultOpen : true}>
        {children}
      </DropdownMenu.Root>
    </MenuContext.Provider>
  );
}

const Trigger = forwardRef<ElementRef<typeof Radix.Trigger>, ComponentPropsWithoutRef<typeof Radix.Trigger>>(
  function Trigger({ asChild, onPointerDown, onKeyDown, onPointerEnter, onFocus, ...props }, ref) {
    const { openedBy, open } = useContext(MenuContext);
    if (openedBy)
      return <RealTrigger ref={ref} {...{ asChild, onPointerDown, onKeyDown, onPointerEnter, onFocus }} {...props} />;
    const Comp = asChild ? Slot : 'button';
    return (
      <Comp
        ref={ref}
        type={asChild ? undefined : 'button'}
        aria-haspopup="menu"
        aria-expanded={false}
        data-state="closed"
        data-disabled={props.disabled ? '' : undefined}
        {...props}
        onPointerEnter={(event: PointerEvent<HTMLButtonElement>) => {
          onPointerEnter?.(event);
          preload();
        }}
        onFocus={(event) => {
          onFocus?.(event);
          preload();
        }}
        onPointerDown={(event: PointerEvent<HTMLButtonElement>) => {
          onPointerDown?.(event);
          if (props.disabled || event.defaultPrevented || event.button !== 0 || event.ctrlKey) return;
          event.preventDefault(); // as Radix's trigger does: the menu, not the button, takes the focus
          open('pointer');
        }}
        onKeyDown={(event: KeyboardEvent<HTMLButtonElement>) => {
          onKeyDown?.(event);
          if (props.disabled || event.defaultPrevented) return;
          if (event.key !== 'Enter' && event.key !== ' ' && event.key !== 'ArrowDown') return;
          event.preventDefault();
          open('keyboard');
        }}
      />
    );
  },
);

const RealTrigger = forwardRef<ElementRef<typeof Radix.Trigger>, ComponentPropsWithoutRef<typeof Radix.Trigger>>(
  function RealTrigger(props, ref) {
    const { DropdownMenu } = use(load());
    return <DropdownMenu.Trigger ref={ref} {...props} />;
  },
);

function Portal(props: ComponentProps<typeof Radix.Portal>) {
  const { openedBy } = useContext(MenuContext);
  if (!openedBy) return null;
  return <RealPortal {...props} />;
}

function RealPortal(props: ComponentProps<typeof Radix.Portal>) {
  const { DropdownMenu } = use(load());
  return <DropdownMenu.Portal {...props} />;
}

const Content = forwardRef<ElementRef<typeof Radix.Content>, ComponentPropsWithoutRef<typeof Radix.Content>>(
  function Content({ onFocus, ...props }, ref) {
    const { DropdownMenu } = use(load());
    const { openedBy } = useContext(MenuContext);
    // Radix moves the focus to the first item when a key opened the menu, knowing it from a document listener of
    // the menu's own; this menu mounted after that key, so it does the same when the content first takes focus.
    const [focusFirst, setFocusFirst] = useState(openedBy === 'keyboard');
    return (
      <DropdownMenu.Content
        ref={ref}
        {...props}
        onFocus={(event) => {
          onFocus?.(event);
          if (!focusFirst || event.target !== event.currentTarget) return;
          setFocusFirst(false);
          event.currentTarget.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
        }}
      />
    );
  },
);

const Item = forwardRef<ElementRef<typeof Radix.Item>, ComponentPropsWithoutRef<typeof Radix.Item>>(
  function Item(props, ref) {
    const { DropdownMenu } = use(load());
    return <DropdownMenu.Item ref={ref} {...props} />;
  },
);

const Label = forwardRef<ElementRef<typeof Radix.Label>, ComponentPropsWithoutRef<typeof Radix.Label>>(
  function Label(props, ref) {
    const { DropdownMenu } = use(load());
    return <DropdownMenu.Label ref={ref} {...props} />;
  },
);

const Separator = forwardRef<ElementRef<typeof Radix.Separator>, ComponentPropsWithoutRef<typeof Radix.Separator>>(
  function Separator(props, ref) {
    const { DropdownMenu } = use(load());
    return <DropdownMenu.Separator ref={ref} {...props} />;
  },
);

export const DropdownMenu = { Root, Trigger, Portal, Content, Item, Label, Separator };
