/**
 * The Radix side of ./dialog.tsx, loaded when a dialog first opens (or the page is idle): the modal and the
 * drawer, each in its own Radix root driven by the wrapper's open state.
 */
import type { ReactNode } from 'react';
import { Dialog as D } from 'radix-ui';
import { X } from 'lucide-react';
import { cn } from '../../lib/utils';

/** What ./dialog.tsx passes down: its state, and where the focus goes back to on close. */
export interface ImplState {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Radix moves the focus back to its own trigger; ours is outside its root, so this does it. */
  onCloseAutoFocus: (event: Event) => void;
}

/** A centred modal with title, optional description and a close button. */
export function DialogContent({
  title,
  description,
  children,
  className,
  state,
}: {
  title: string;
  description?: ReactNode;
  children: ReactNode;
  className?: string;
  state: ImplState;
}) {
  return (
    <D.Root open={state.open} onOpenChange={state.onOpenChange}>
      <D.Portal>
        <D.Overlay className="fixed inset-0 z-50 bg-black/70 backdrop-blur-sm" />
        <D.Content
          className={cn(
            'fixed top-1/2 left-1/2 z-50 max-h-[90vh] w-[calc(100vw-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl border border-border bg-surface p-6 shadow-2xl',
            className,
          )}
          {...(description ? {} : { 'aria-describedby': undefined })}
          onCloseAutoFocus={state.onCloseAutoFocus}
        >
          <D.Title className="pr-8 text-xl font-semibold">{title}</D.Title>
          {description ? <D.Description className="mt-1 text-sm text-muted">{description}</D.Description> : null}
          <div className="mt-4">{children}</div>
          <D.Close
            className="absolute top-4 right-4 rounded-lg p-1 text-muted hover:bg-white/10 hover:text-foreground"
            aria-label="Close"
          >
            <X className="size-5" />
          </D.Close>
        </D.Content>
      </D.Portal>
    </D.Root>
  );
}

/** A side drawer (mobile navigation). */
export function SheetContent({
  title,
  children,
  side = 'left',
  state,
}: {
  title: string;
  children: ReactNode;
  side?: 'left' | 'right';
  state: ImplState;
}) {
  return (
    <D.Root open={state.open} onOpenChange={state.onOpenChange}>
      <D.Portal>
        <D.Overlay className="fixed inset-0 z-50 bg-black/70" />
        <D.Content
          aria-describedby={undefined}
          onCloseAutoFocus={state.onCloseAutoFocus}
          className={cn(
            'fixed top-0 bottom-0 z-50 flex w-72 max-w-[85vw] flex-col gap-4 overflow-y-auto border-border bg-surface p-5',
            side === 'left' ? 'left-0 border-r' : 'right-0 border-l',
          )}
        >
          <D.Title className="text-lg font-semibold">{title}</D.Title>
          {children}
          <D.Close
            className="absolute top-4 right-4 rounded-lg p-1 text-muted hover:bg-white/10"
            aria-label="Close menu"
          >
            <X className="size-5" />
          </D.Close>
        </D.Content>
      </D.Portal>
    </D.Root>
  );
}
