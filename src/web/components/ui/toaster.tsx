import { useEffect } from 'react';
import { X } from 'lucide-react';
import { Toast } from 'radix-ui';
import { TOAST_DURATION_MS } from '@shared/constants';
import { dismissToast, markToastShown, useToastState } from '../../lib/toast';
import { cn } from '../../lib/utils';

/**
 * Radix toast viewport: 5 s, swipe right to dismiss, F8 focuses the notification area. A toast with an action (Sign
 * in, Open on YouTube) stays until the user acts, dismisses it or a newer toast replaces it: a timer must not take
 * the button away (WCAG 2.2.1), so it has a visible Dismiss.
 */
export function Toaster() {
  const t = useToastState();
  useEffect(() => {
    if (t) markToastShown(t.id);
  }, [t]);
  return (
    <Toast.Provider duration={TOAST_DURATION_MS} swipeDirection="right">
      {t ? (
        <Toast.Root
          key={t.id}
          duration={t.action ? Infinity : undefined}
          onOpenChange={(open) => !open && dismissToast(t.id)}
          className={cn(
            'grid grid-cols-[1fr_auto_auto] items-center gap-x-3 rounded-xl border p-4 shadow-2xl data-[swipe=end]:translate-x-full data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)]',
            t.variant === 'destructive'
              ? 'border-red-400/40 bg-red-950 text-red-50'
              : t.variant === 'success'
                ? 'border-green-400/30 bg-[#0f2418]'
                : 'border-border bg-surface-2',
          )}
        >
          <Toast.Title className="font-semibold">{t.title}</Toast.Title>
          {t.description ? (
            <Toast.Description className="col-start-1 text-sm opacity-90">{t.description}</Toast.Description>
          ) : null}
          {t.action ? (
            <Toast.Action altText={t.action.label} asChild className="col-start-2 row-span-2 row-start-1">
              {t.action.href ? (
                <a
                  href={t.action.href}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="rounded-lg border border-white/20 px-3 py-1.5 text-sm hover:bg-white/10"
                >
                  {t.action.label}
                </a>
              ) : (
                <button
                  type="button"
                  onClick={t.action.onClick}
                  className="rounded-lg border border-white/20 px-3 py-1.5 text-sm hover:bg-white/10"
                >
                  {t.action.label}
                </button>
              )}
            </Toast.Action>
          ) : null}
          {t.action ? (
            <Toast.Close
              aria-label="Dismiss"
              className="col-start-3 row-span-2 row-start-1 -mr-1 rounded-md p-1 opacity-80 hover:bg-white/10 hover:opacity-100"
            >
              <X className="h-4 w-4" aria-hidden="true" />
            </Toast.Close>
          ) : (
            <Toast.Close className="sr-only">Dismiss</Toast.Close>
          )}
        </Toast.Root>
      ) : null}
      <Toast.Viewport className="fixed top-16 right-0 z-[100] m-0 flex w-96 max-w-[100vw] list-none flex-col gap-2 p-4 outline-none" />
    </Toast.Provider>
  );
}
