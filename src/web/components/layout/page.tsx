import type { ReactNode } from 'react';
import { cn } from '../../lib/utils';

/** The main landmark of a screen with the standard width and padding. */
export function Page({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <main id="main" className={cn('mx-auto w-full max-w-7xl px-4 py-6 sm:py-8', className)}>
      {children}
    </main>
  );
}
