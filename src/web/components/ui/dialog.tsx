/**
 * Dialogs whose Radix code loads when it is needed, not with the page (ADR 024). Every dialog of the app is a
 * controlled `<Dialog open onOpenChange>`; this wrapper keeps that state and its trigger (a plain button or the
 * child, with the same aria attributes as Radix's), and mounts the Radix modal from ./dialog-impl.tsx once the
 * dialog opens. The module is fetched when the page is idle, or at the latest when a trigger is hovered,
 * focused or pressed, so a dialog opens as fast as before; Radix's focus trap, scroll lock and focus return
 * work as they did (the focus goes back to this trigger on close).
 */
import {
  createContext,
  forwardRef,
  lazy,
  Suspense,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ButtonHTMLAttributes,
  type MouseEvent,
  type ReactNode,
  type RefObject,
} from 'react';
import { whenIdle } from '../../lib/preload';
import { Slot } from './slot';

const loadImpl = () => import('./dialog-impl');
const ImplDialogContent = lazy(async () => ({ default: (await loadImpl()).DialogContent }));
const ImplSheetContent = lazy(async () => ({ default: (await loadImpl()).SheetContent }));

/** Starts loading the Radix side (idempotent: the browser keeps one module). */
export function preloadDialog() {
  void loadImpl();
}

interface DialogState {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  triggerRef: RefObject<HTMLElement | null>;
}

const DialogContext = createContext<DialogState | null>(null);

function useDialog(part: string): DialogState {
  const state = useContext(DialogContext);
  if (!state) throw new Error(`${part} must be inside <Dialog>`);
  return state;
}

/** Loads the Radix side once the browser is idle (in turn with the page's other idle loads), so the first opening needs no round trip. */
function usePreloadWhenIdle() {
  useEffect(() => whenIdle(loadImpl), []);
}

export function Dialog({
  open = false,
  onOpenChange,
  returnFocusTo,
  children,
}: {
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  /**
   * Where the focus goes when a dialog without a trigger of its own closes, read then: the menu button its menu item
   * was in (the item is gone by then, and Radix would send the focus to the page's start).
   */
  returnFocusTo?: RefObject<HTMLElement | null>;
  children: ReactNode;
}) {
  const ownTrigger = useRef<HTMLElement | null>(null);
  const triggerRef = returnFocusTo ?? ownTrigger;
  usePreloadWhenIdle();
  const change = useCallback((next: boolean) => onOpenChange?.(next), [onOpenChange]);
  const value = useMemo(() => ({ open, onOpenChange: change, triggerRef }), [open, change, triggerRef]);
  return <DialogContext.Provider value={value}>{children}</DialogContext.Provider>;
}

type TriggerProps = ButtonHTMLAttributes<HTMLButtonElement> & { asChild?: boolean };

/** Opens the dialog (Radix's trigger attributes: aria-haspopup, aria-expanded, data-state). */
export const DialogTrigger = forwardRef<HTMLButtonElement, TriggerProps>(function DialogTrigger(
  { asChild, onClick, onPointerEnter, onFocus, type, ...props },
  ref,
) {
  const { open, onOpenChange, triggerRef } = useDialog('DialogTrigger');
  const Comp = asChild ? Slot : 'button';
  return (
    <Comp
      ref={(node: HTMLButtonElement | null) => {
        triggerRef.current = node;
        if (typeof ref === 'function') ref(node);
        else if (ref) ref.current = node;
      }}
      type={asChild ? undefined : (type ?? 'button')}
      aria-haspopup="dialog"
      aria-expanded={open}
      data-state={open ? 'open' : 'closed'}
      {...props}
      onPointerEnter={(event) => {
        onPointerEnter?.(event);
        preloadDialog();
      }}
      onFocus={(event) => {
        onFocus?.(event);
        preloadDialog();
      }}
      onClick={(event: MouseEvent<HTMLButtonElement>) => {
        onClick?.(event);
        if (!event.defaultPrevented) onOpenChange(!open);
      }}
    />
  );
});

/** Closes the dialog. */
export const DialogClose = forwardRef<HTMLButtonElement, TriggerProps>(function DialogClose(
  { asChild, onClick, type, ...props },
  ref,
) {
  const { onOpenChange } = useDialog('DialogClose');
  const Comp = asChild ? Slot : 'button';
  return (
    <Comp
      ref={ref}
      type={asChild ? undefined : (type ?? 'button')}
      {...props}
      onClick={(event: MouseEvent<HTMLButtonElement>) => {
        onClick?.(event);
        if (!event.defaultPrevented) onOpenChange(false);
      }}
    />
  );
});

/**
 * Mounts the Radix part once the dialog has opened, and keeps it mounted afterwards (closed), so that Radix
 * runs its closing work (focus return, scroll unlock) as before. Nothing is shown while the module loads: a
 * dialog is an overlay, so the page does not move.
 */
function useImplState(part: string) {
  const { open, onOpenChange, triggerRef } = useDialog(part);
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  const onCloseAutoFocus = useCallback(
    (event: Event) => {
      // With a trigger, the focus goes back to it (as Radix does with its own); without one (a dialog opened
      // from a menu item or a shortcut), Radix's default returns it to where it was before the dialog.
      if (triggerRef.current?.isConnected) {
        event.preventDefault();
        triggerRef.current.focus();
      }
    },
    [triggerRef],
  );
  const state = useMemo(() => ({ open, onOpenChange, onCloseAutoFocus }), [open, onOpenChange, onCloseAutoFocus]);
  return opened ? state : null;
}

/** A centred modal with title, optional description and a close button. */
export function DialogContent(props: {
  title: string;
  description?: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  const state = useImplState('DialogContent');
  if (!state) return null;
  return (
    <Suspense fallback={null}>
      <ImplDialogContent {...props} state={state} />
    </Suspense>
  );
}

/** A side drawer (mobile navigation). */
export function SheetContent(props: { title: string; children: ReactNode; side?: 'left' | 'right' }) {
  const state = useImplState('SheetContent');
  if (!state) return null;
  return (
    <Suspense fallback={null}>
      <ImplSheetContent {...props} state={state} />
    </Suspense>
  );
}
