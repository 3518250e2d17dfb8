/** A Radix popover: a small panel anchored to its trigger, closed with Escape or a click outside. */
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
