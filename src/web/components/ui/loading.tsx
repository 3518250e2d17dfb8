import { Loader2 } from 'lucide-react';
import { cx } from '../../lib/cx';

/**
 * The spec's loading placeholder. Part of the first screen (the router's fallback), so it joins classes with `cx`:
 * `className` adds classes (e.g. `sr-only`), it cannot override the ones below.
 */
export function Loading({ label = 'Loading...', className }: { label?: string; className?: string }) {
  return (
    <div role="status" className={cx('flex items-center justify-center gap-2 p-8 text-muted', className)}>
      <Loader2 className="size-5 animate-spin" aria-hidden />
      <span>{label}</span>
    </div>
  );
}
