import { useEffect, useState } from 'react';
import { cn } from '../../lib/utils';
import { personColor } from '../../lib/seed';

/** Up to two initials from first and last name (spec: avatar initials max 2). */
export function initials(first?: string | null, last?: string | null, fallback = '?'): string {
  const s = `${first?.trim()?.[0] ?? ''}${last?.trim()?.[0] ?? ''}`.toUpperCase();
  return s || fallback;
}

/**
 * Whether the picture at `src` has loaded: it is shown only then, the initials until then and if it fails (as
 * Radix's Avatar does, whose code was 1.3 KB gzip on the routes showing people, ADR 028).
 */
function useLoaded(src: string | null | undefined): boolean {
  const [loaded, setLoaded] = useState<string | null>(null);
  useEffect(() => {
    if (!src) return;
    let live = true;
    const image = new window.Image();
    image.referrerPolicy = 'no-referrer';
    image.onload = () => live && setLoaded(src);
    image.src = src;
    if (image.complete && image.naturalWidth > 0) setLoaded(src);
    return () => {
      live = false;
    };
  }, [src]);
  return Boolean(src) && loaded === src;
}

/**
 * A person's picture, or their initials on their own colour (from their id, so the same person has the same
 * colour everywhere and two people in a chat rarely share one).
 */
export function Avatar({
  src,
  first,
  last,
  label,
  personId,
  className,
}: {
  src?: string | null;
  first?: string | null;
  last?: string | null;
  label?: string;
  /** The person's id: picks their colour. Without it the name does. */
  personId?: string | null;
  className?: string;
}) {
  const color = personColor(personId ?? `${first ?? ''} ${last ?? ''}`);
  const loaded = useLoaded(src);
  return (
    <span
      className={cn('relative inline-flex size-9 shrink-0 overflow-hidden rounded-full', className)}
      style={{ backgroundColor: color }}
      data-testid="avatar"
    >
      {src && loaded ? (
        <img src={src} alt={label ?? ''} className="size-full object-cover" referrerPolicy="no-referrer" />
      ) : (
        <span
          className="flex size-full items-center justify-center text-xs font-semibold text-white"
          aria-label={label}
        >
          {initials(first, last)}
        </span>
      )}
    </span>
  );
}
