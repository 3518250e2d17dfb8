import { cn } from '../../lib/utils';

/** A pulsing placeholder block; callers size it (and may override its rounding). */
export function Skeleton({ className }: { className?: string }) {
  return <div aria-hidden className={cn('animate-pulse rounded-xl bg-white/5', className)} />;
}
