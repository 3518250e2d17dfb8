import { Music } from 'lucide-react';
import { cx } from '../../lib/cx';

// Sizes are whole class sets rather than overrides, so that the mark (part of the landing page) can join its
// classes with `cx` and needs no tailwind-merge.
const MARK_SIZES = {
  default: 'size-9 rounded-xl',
  hero: 'size-16 rounded-2xl',
} as const;
const ICON_SIZES = { default: 'size-5', hero: 'size-8' } as const;

/** The app's mark: a note on the brand gradient. */
export function LogoMark({ size = 'default' }: { size?: keyof typeof MARK_SIZES }) {
  return (
    <span className={cx('inline-flex items-center justify-center bg-accent', MARK_SIZES[size])} aria-hidden>
      <Music className={cx(ICON_SIZES[size], 'text-accent-foreground')} />
    </span>
  );
}

/** The mark with the wordmark beside it. */
export function Logo({ className }: { className?: string }) {
  return (
    <span className={cx('inline-flex items-center gap-2', className)}>
      <LogoMark />
      <span className="text-xl font-bold tracking-tight text-foreground">CrowdMix</span>
    </span>
  );
}
