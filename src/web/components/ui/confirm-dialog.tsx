/**
 * A yes/no question before something that cannot be undone (Radix AlertDialog: focus starts on Cancel). The
 * trigger is the page's own; the AlertDialog's code loads when the page is idle or the trigger is approached,
 * and mounts on the first press (ADR 024, as ./dialog.tsx).
 */
import { lazy, Suspense, useEffect, useRef, useState, type ReactNode, type RefObject } from 'react';
import { whenIdle } from '../../lib/preload';
import { Slot } from './slot';

const loadImpl = () => import('./confirm-dialog-impl');
const ConfirmDialogContent = lazy(async () => ({ default: (await loadImpl()).ConfirmDialogContent }));
const preload = () => void loadImpl();

export function ConfirmDialog({
  trigger,
  title,
  description,
  confirmLabel,
  onConfirm,
}: {
  trigger: ReactNode;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  onConfirm: () => void;
}) {
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(false);
  const triggerRef = useRef<HTMLElement | null>(null);
  useEffect(() => whenIdle(loadImpl), []);
  return (
    <>
      <Slot
        ref={triggerRef}
        aria-haspopup="dialog"
        aria-expanded={open}
        data-state={open ? 'open' : 'closed'}
        onPointerEnter={preload}
        onFocus={preload}
        onClick={(event) => {
          if (event.defaultPrevented) return;
          setOpened(true);
          setOpen(true);
        }}
      >
        {trigger}
      </Slot>
      {opened ? (
        <Suspense fallback={null}>
          <ConfirmDialogContent
            open={open}
            onOpenChange={setOpen}
            onCloseAutoFocus={(event) => {
              if (!triggerRef.current?.isConnected) return;
              event.preventDefault();
              triggerRef.current.focus();
            }}
            title={title}
            description={description}
            confirmLabel={confirmLabel}
            onConfirm={onConfirm}
          />
        </Suspense>
      ) : null}
    </>
  );
}

/**
 * The same question opened by the page rather than by a trigger of its own (an entry of a row's menu): shown while
 * mounted; `onClose` is called when it is answered or dismissed.
 */
export function ConfirmQuestion({
  title,
  description,
  confirmLabel,
  onConfirm,
  onClose,
  returnFocusTo,
}: {
  title: string;
  description: ReactNode;
  confirmLabel: string;
  onConfirm: () => void;
  onClose: () => void;
  /** Where the focus goes when it closes (a row's menu button), read then; otherwise where it was before it opened. */
  returnFocusTo?: RefObject<HTMLElement | null>;
}) {
  return (
    <Suspense fallback={null}>
      <ConfirmDialogContent
        open
        onOpenChange={(open) => {
          if (!open) onClose();
        }}
        onCloseAutoFocus={(event) => {
          const target = returnFocusTo?.current;
          if (!target?.isConnected) return;
          event.preventDefault();
          target.focus();
        }}
        title={title}
        description={description}
        confirmLabel={confirmLabel}
        onConfirm={onConfirm}
      />
    </Suspense>
  );
}
