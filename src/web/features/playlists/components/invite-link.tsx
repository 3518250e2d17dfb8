/**
 * A member's invite link, shown from the moment the playlist exists, so a new playlist is never a dead end: the
 * plain link of a public playlist, or the link with the invite token of a private one (whoever has it may see
 * and join the playlist).
 */
import { Copy, Link2 } from 'lucide-react';
import type { PlaylistDetail } from '@shared/schemas/playlist';
import { playlistInvitePath } from '@shared/schemas/playlist-constants';
import { Button } from '../../../components/ui/button';
import { toast } from '../../../lib/toast';

export const inviteUrl = (p: PlaylistDetail) => `${window.location.origin}${playlistInvitePath(p)}`;

export async function copyText(text: string, what: string) {
  try {
    await navigator.clipboard.writeText(text);
    toast({ title: 'Copied to clipboard', description: what, variant: 'success' });
  } catch {
    toast({ title: 'Copy failed', description: 'Please copy the text manually.', variant: 'destructive' });
  }
}

export function InviteLink({ playlist: p }: { playlist: PlaylistDetail }) {
  if (!p.membership) return null;
  const url = inviteUrl(p);
  return (
    <section
      aria-labelledby="invite-heading"
      className="mt-4 flex flex-col gap-2 rounded-xl border border-border bg-surface-2/60 p-3 sm:flex-row sm:items-center sm:gap-3"
    >
      <div className="min-w-0 sm:w-56 sm:shrink-0">
        <h2 id="invite-heading" className="text-sm font-semibold">
          Invite people
        </h2>
        <p className="text-xs text-muted">
          {p.isPublic ? 'Anyone with the link can join.' : 'Private: only people with this link can see and join.'}
        </p>
      </div>
      <div className="flex min-w-0 flex-1 items-center gap-2 rounded-lg border border-border bg-surface px-2 py-1">
        <Link2 className="size-4 shrink-0 text-muted" aria-hidden />
        <span className="min-w-0 flex-1 truncate text-sm" data-testid="invite-url">
          {url}
        </span>
        <Button size="sm" variant="outline" onClick={() => void copyText(url, 'Invite link copied!')}>
          <Copy aria-hidden /> Copy link
        </Button>
      </div>
    </section>
  );
}
