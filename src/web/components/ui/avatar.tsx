import { Avatar as AvatarPrimitive } from 'radix-ui';
import { cn } from '../../lib/utils';

/** Up to two initials from first and last name (spec: avatar initials max 2). */
export function initials(first?: string | null, last?: string | null, fallback = 'U'): string {
  const s = `${first?.trim()?.[0] ?? ''}${last?.trim()?.[0] ?? ''}`.toUpperCase();
  return s || fallback;
}

export function Avatar({
  src,
  first,
  last,
  label,
  className,
}: {
  src?: string | null;
  first?: string | null;
  last?: string | null;
  label?: string;
  className?: string;
}) {
  return (
    <AvatarPrimitive.Root
      className={cn(
        'relative inline-flex size-9 shrink-0 overflow-hidden rounded-full bg-gradient-to-br from-purple-500 to-pink-500',
        className,
      )}
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
