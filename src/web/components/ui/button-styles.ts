/**
 * The button's class sets, apart from the component: the landing page styles its two buttons with these
 * directly, so its first load needs neither the Slot nor tailwind-merge that <Button> brings.
 */
import { cx } from '../../lib/cx';

export const buttonBase =
  'inline-flex items-center justify-center rounded-full font-semibold whitespace-nowrap transition-colors disabled:pointer-events-none disabled:opacity-50 [&_svg]:size-4 [&_svg]:shrink-0';

export const buttonVariants = {
  primary: 'bg-accent text-accent-foreground hover:bg-accent-hover',
  secondary: 'bg-surface-2 text-foreground border border-border hover:bg-surface-3',
  ghost: 'text-foreground hover:bg-white/10',
  outline: 'border border-border text-foreground hover:bg-white/5',
  destructive: 'bg-red-700 text-white hover:bg-red-600',
} as const;

export const buttonSizes = {
  sm: 'h-8 px-3 text-sm gap-1.5',
  md: 'h-10 px-4 text-sm gap-2',
  lg: 'h-12 px-6 text-base gap-2',
  icon: 'h-10 w-10',
  'icon-sm': 'h-8 w-8',
} as const;

export type ButtonVariant = keyof typeof buttonVariants;
export type ButtonSize = keyof typeof buttonSizes;

/** The classes of a button of this variant and size (no caller overrides: use <Button className> for those). */
export function buttonClasses(variant: ButtonVariant = 'primary', size: ButtonSize = 'md'): string {
  return cx(buttonBase, buttonVariants[variant], buttonSizes[size]);
}
