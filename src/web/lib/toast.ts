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
