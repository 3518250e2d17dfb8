import type { HTMLAttributes } from 'react';
import { cn } from '../../lib/utils';

const variants = {
  default: 'bg-purple-500/20 text-purple-200 border-purple-400/30',
  secondary: 'bg-white/10 text-foreground border-white/10',
  success: 'bg-green-500/20 text-green-200 border-green-400/30',
  warning: 'bg-yellow-500/20 text-yellow-100 border-yellow-400/30',
  danger: 'bg-red-500/20 text-red-200 border-red-400/30',
  hot: 'bg-gradient-to-r from-orange-500 to-red-500 text-white border-transparent',
} as const;

export function Badge({
  className,
  variant = 'default',
  ...props
}: HTMLAttributes<HTMLSpanElement> & { variant?: keyof typeof variants }) {
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1 rounded-full border px-2.5 py-0.5 text-xs font-medium',
        variants[variant],
        className,
      )}
      {...props}
    />
  );
}
