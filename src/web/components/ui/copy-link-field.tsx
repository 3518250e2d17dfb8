/**
 * The one "link to share" field (docs/design.md, "Components"): the link on one line (cut with an ellipsis, the
 * whole link in its title) and a Copy link button that copies it and says so in a toast. Used by the playlist's
 * invite link, the Share Playlist and Share Your Mix dialogs and the host's TV link.
 */
import { Copy, Link2, Share2 } from 'lucide-react';
import { toast } from '../../lib/toast';
import { cx } from '../../lib/cx';
import { Button } from './button';

/** Copies `text`; a toast says it was copied (`title`, `description`) or asks to copy it by hand. */
export async function copyWithToast(
  text: string,
  {
    title = 'Copied to clipboard',
    description,
    what = 'text',
  }: { title?: string; description?: string; what?: string },
): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    toast({ title, description, variant: 'success' });
    return true;
  } catch {
    toast({ title: 'Copy failed', description: `Please copy the ${what} manually.`, variant: 'destructive' });
    return false;
  }
}

export function CopyLinkField({
  url,
  copied,
  label = 'Link',
  testId,
  primary = false,
  className,
}: {
  url: string;
  /** The toast's words after copying, e.g. 'Invite link copied!'. */
  copied: string;
  /** What the link is, for screen readers ('Invite link'). */
  label?: string;
  /** The test id of the link's text. */
  testId?: string;
  /** The Copy link button as the surface's main action (a share dialog), not an outline one. */
  primary?: boolean;
  className?: string;
}) {
  return (
    <div
      className={cx(
        'flex min-w-0 items-center gap-2 rounded-control border border-border bg-surface py-1 pr-1 pl-2',
        className,
      )}
    >
      <Link2 className="size-4 shrink-0 text-muted" aria-hidden />
      <span className="sr-only">{label}: </span>
      <span className="min-w-0 flex-1 truncate text-sm" data-testid={testId} title={url}>
        {url}
      </span>
      <Button
        size="sm"
        variant={primary ? 'primary' : 'outline'}
        className="shrink-0"
        onClick={() => void copyWithToast(url, { title: 'Link copied', description: copied, what: 'link' })}
      >
        <Copy aria-hidden /> Copy link
      </Button>
    </div>
  );
}

/**
 * The browser's own share sheet (phones, some desktops) for a link; nothing where the browser has none
 * (`navigator.share`). Shown under a CopyLinkField, so Copy link stays first.
 */
export function NativeShareButton({
  url,
  title,
  text,
  className,
}: {
  url: string;
  title: string;
  text?: string;
  className?: string;
}) {
  if (typeof navigator === 'undefined' || typeof navigator.share !== 'function') return null;
  const share = async () => {
    try {
      await navigator.share({ title, text, url });
    } catch {
      /* dismissed */
    }
  };
  return (
    <Button variant="secondary" onClick={() => void share()} className={cx('w-full', className)}>
      <Share2 aria-hidden /> Share…
    </Button>
  );
}
