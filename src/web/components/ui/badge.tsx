import type { HTMLAttributes } from 'react';
import { cn } from '../../lib/utils';

const variants = {
  default: 'bg-white/8 text-muted border-transparent',
  secondary: 'bg-white/8 text-muted border-transparent',
  success: 'bg-green-500/15 text-green-200 border-transparent',
  warning: 'bg-yellow-500/15 text-yellow-100 border-transparent',
  danger: 'bg-red-500/15 text-red-200 border-transparent',
  hot: 'bg-accent-soft text-accent-text border-transparent',
} as const;

export function Badge({
  className,
  variant = 'default',
  ...props
}: HTMLAttributes<HTMLSpanElement> & { variant?: keyof typeof variants }) {
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1 rounded-md border px-1.5 py-0.5 text-xs font-medium',
        variants[variant],
        className,
      )}
      {...props}
    />
  );
}
