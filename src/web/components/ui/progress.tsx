/** A labelled progress bar (Radix Progress: role progressbar with aria-valuenow). */
import { Progress as P } from 'radix-ui';
import { cn } from '../../lib/utils';

export function Progress({ value, label, className }: { value: number; label: string; className?: string }) {
  const v = Math.max(0, Math.min(100, value));
  return (
    <P.Root
      value={v}
      max={100}
      aria-label={label}
      className={cn('relative h-2 w-full overflow-hidden rounded-full bg-white/10', className)}
    >
      <P.Indicator
        className="h-full bg-accent transition-transform duration-150"
        style={{ transform: `translateX(-${100 - v}%)` }}
      />
    </P.Root>
  );
}
