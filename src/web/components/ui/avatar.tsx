import { Avatar as AvatarPrimitive } from 'radix-ui';
import { cn } from '../../lib/utils';
import { personColor } from '../../lib/seed';

/** Up to two initials from first and last name (spec: avatar initials max 2). */
export function initials(first?: string | null, last?: string | null, fallback = '?'): string {
  const s = `${first?.trim()?.[0] ?? ''}${last?.trim()?.[0] ?? ''}`.toUpperCase();
  return s || fallback;
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
  return (
    <AvatarPrimitive.Root
      className={cn('relative inline-flex size-9 shrink-0 overflow-hidden rounded-full', className)}
      style={{ backgroundColor: color }}
      data-testid="avatar"
    >
      {src ? (
        <AvatarPrimitive.Image
          src={src}
          alt={label ?? ''}
          className="size-full object-cover"
          referrerPolicy="no-referrer"
        />
      ) : null}
      <AvatarPrimitive.Fallback
        className="flex size-full items-center justify-center text-xs font-semibold text-white"
        aria-label={label}
      >
        {initials(first, last)}
      </AvatarPrimitive.Fallback>
    </AvatarPrimitive.Root>
  );
}
