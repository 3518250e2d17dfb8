/**
 * A labelled progress bar: Radix Progress's markup (role progressbar with aria-valuenow, aria-valuetext and the
 * data-state/value/max attributes) without its Primitive and context code (2.2 KB gzip on the routes with a bar,
 * ADR 028).
 */
import { cn } from '../../lib/utils';

export function Progress({ value, label, className }: { value: number; label: string; className?: string }) {
  const v = Math.max(0, Math.min(100, value));
  const data = { 'data-state': v === 100 ? 'complete' : 'loading', 'data-value': v, 'data-max': 100 };
  return (
    <div
      role="progressbar"
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={v}
      aria-valuetext={`${Math.round(v)}%`}
      aria-label={label}
      {...data}
      className={cn('relative h-2 w-full overflow-hidden rounded-full bg-white/10', className)}
    >
      <div
        {...data}
        className="h-full bg-accent transition-transform duration-150"
        style={{ transform: `translateX(-${100 - v}%)` }}
      />
    </div>
  );
}
