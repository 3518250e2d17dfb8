/**
 * A member's invite link, shown from the moment the playlist exists, so a new playlist is never a dead end: the
 * plain link of a public playlist, or the link with the invite token of a private one (whoever has it may see
 * and join the playlist).
 */
import type { PlaylistDetail } from '@shared/schemas/playlist';
import { playlistInvitePath } from '@shared/schemas/playlist-constants';
import { CopyLinkField } from '../../../components/ui/copy-link-field';

export const inviteUrl = (p: PlaylistDetail) => `${window.location.origin}${playlistInvitePath(p)}`;

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
      <CopyLinkField
        url={url}
        copied="Invite link copied!"
        label="Invite link"
        testId="invite-url"
        className="flex-1"
      />
    </section>
  );
}
