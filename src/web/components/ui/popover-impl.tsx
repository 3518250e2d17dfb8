/** The Radix side of ./popover.tsx (Radix's popover with Floating UI), loaded when a popover is first approached. */
import type { ComponentProps } from 'react';
import { Popover as P } from 'radix-ui';
import { cn } from '../../lib/utils';

export const Popover = P.Root;
export const PopoverTrigger = P.Trigger;

export function PopoverContent({ className, sideOffset = 8, ...props }: ComponentProps<typeof P.Content>) {
  return (
    <P.Portal>
      <P.Content
        sideOffset={sideOffset}
        className={cn('z-50 w-64 rounded-xl border border-border bg-surface-2 p-4 shadow-2xl outline-none', className)}
        {...props}
      />
    </P.Portal>
  );
}
