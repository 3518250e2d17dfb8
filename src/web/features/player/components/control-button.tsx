/** An icon button of the player with its label as accessible name and as a tooltip on hover and focus. */
import { forwardRef, type ReactNode } from 'react';
import { Tooltip } from 'radix-ui';
import { Button, type ButtonProps } from '../../../components/ui/button';
import { cn } from '../../../lib/utils';

export interface ControlButtonProps extends Omit<ButtonProps, 'children'> {
  label: string;
  /** Shown after the label in the tooltip, e.g. the keyboard shortcut. */
  hint?: string;
  /** For toggles (shuffle, repeat): pressed state, styled as active. */
  pressed?: boolean;
  children: ReactNode;
}

export const ControlButton = forwardRef<HTMLButtonElement, ControlButtonProps>(function ControlButton(
  { label, hint, pressed, className, variant = 'ghost', size = 'icon', children, ...props },
  ref,
) {
  return (
    <Tooltip.Root>
      <Tooltip.Trigger asChild>
        <Button
          ref={ref}
          variant={variant}
          size={size}
          aria-label={label}
          aria-pressed={pressed}
          className={cn('rounded-full', pressed && 'bg-accent-soft text-accent hover:bg-accent-soft', className)}
          {...props}
        >
          {children}
        </Button>
      </Tooltip.Trigger>
      <Tooltip.Portal>
        <Tooltip.Content
          side="top"
          sideOffset={6}
          className="z-[60] rounded-md border border-border bg-surface-2 px-2 py-1 text-xs text-foreground shadow-lg"
        >
          {label}
          {hint ? <span className="ml-1.5 text-muted">{hint}</span> : null}
        </Tooltip.Content>
      </Tooltip.Portal>
    </Tooltip.Root>
  );
});
