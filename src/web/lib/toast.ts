/** A tiny toast store: one toast visible at a time (spec section 4), shown by <Toaster />. */
import { useSyncExternalStore } from 'react';

export interface ToastAction {
  label: string;
  onClick?: () => void;
  href?: string;
}

export interface ToastItem {
  id: number;
  title: string;
  description?: string;
  variant?: 'default' | 'destructive' | 'success';
  action?: ToastAction;
}

let current: ToastItem | null = null;
let seq = 0;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());
/** The id of the newest toast the toaster has put on screen, and who waits for one to be. */
let shown = 0;
const shownListeners = new Set<() => void>();

/** Shows a toast, replacing the one on screen. */
export function toast(t: Omit<ToastItem, 'id'>): number {
  current = { ...t, id: ++seq };
  emit();
  return current.id;
}

export function dismissToast(id?: number) {
  if (!current || (id !== undefined && current.id !== id)) return;
  current = null;
  emit();
}

/** Called by <Toaster /> once toast `id` is on screen. */
export function markToastShown(id: number) {
  if (id <= shown) return;
  shown = id;
  shownListeners.forEach((l) => l());
}

/**
 * Resolves once the toast showing now (if any) is on screen, or after `timeoutMs`. The toaster's code loads after
 * the first paint, so a screen that says why it is about to leave (sign-in redirects) waits for its toast to be
 * seen; the limit keeps a toaster that never loads (offline) from holding the page.
 */
export function whenToastShown(timeoutMs: number): Promise<void> {
  const id = current?.id;
  if (id === undefined || shown >= id) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      shownListeners.delete(check);
      clearTimeout(timer);
      resolve();
    };
    const check = () => {
      if (shown >= id) done();
    };
    const timer = setTimeout(done, timeoutMs);
    shownListeners.add(check);
  });
}

export function useToastState(): ToastItem | null {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => current,
    () => null,
  );
}
