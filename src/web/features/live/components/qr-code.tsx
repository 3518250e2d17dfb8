/** A QR code of `url` as an inline SVG (uqr), dark on white so any phone camera reads it across a room. */
import { useMemo } from 'react';
import { renderSVG } from 'uqr';
import { cn } from '../../../lib/utils';

export function QrCode({ url, label, className }: { url: string; label: string; className?: string }) {
  const svg = useMemo(() => renderSVG(url, { border: 2, ecc: 'M' }), [url]);
  return (
    <div
      role="img"
      aria-label={label}
      data-testid="join-qr"
      className={cn('rounded-2xl bg-white p-2 [&>svg]:block [&>svg]:size-full', className)}
      // The SVG is generated here from the URL (no outside markup).
      dangerouslySetInnerHTML={{ __html: svg }}
    />
  );
}
