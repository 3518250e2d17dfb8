/**
 * Leave: a plain confirmation for most members. The last admin (the creator, usually) hands the playlist over
 * first: they pick a member, who becomes an admin, and then they leave, in one dialog. With nobody to hand it
 * to, the dialog says so and points at the invite link. The server refuses a last admin's leave (409) anyway.
 */
import { useId, useState } from 'react';
import { LogOut } from 'lucide-react';
import { useLocation } from 'wouter';
import type { PlaylistDetail, PlaylistMember } from '@shared/schemas/playlist';
import { Avatar } from '../../../components/ui/avatar';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Dialog, DialogClose, DialogContent, DialogTrigger } from '../../../components/ui/dialog';
import { notifyError } from '../../../lib/notify-error';
import { toast } from '../../../lib/toast';
import { cn } from '../../../lib/utils';
import { paths } from '../../../app/routes';
import { useLeavePlaylist } from '../api/leave-playlist';
import { useUpdateMember } from '../api/update-member';

const TRIGGER = 'text-white hover:bg-white/15';

export function LeavePlaylist({
  playlist: p,
  members,
  currentUserId,
}: {
  playlist: PlaylistDetail;
  members: PlaylistMember[];
  currentUserId: string | undefined;
}) {
  const leave = useLeavePlaylist(p.id);
  const promote = useUpdateMember(p.id);
  const [open, setOpen] = useState(false);
  const [heir, setHeir] = useState<string | null>(null);
  const groupId = useId();

  const [, navigate] = useLocation();
  const left = () => {
    toast({ title: 'Left Playlist', description: `You are no longer a member of "${p.name}".` });
    // A private playlist is not theirs to see any more: back to the list rather than "Playlist Not Found".
    if (!p.isPublic) navigate(paths.playlists);
  };
  // mutateAsync, not mutate's callbacks: leaving a private playlist turns this page into "not found" and
  // unmounts this component before a callback would run.
  const onLeave = () =>
    leave.mutateAsync().then(left, (err: unknown) => notifyError(err, 'Leave Failed', 'Failed to leave playlist'));

  const admins = members.filter((m) => m.role === 'admin');
  const mustHandOver = p.membership?.role === 'admin' && admins.length <= 1;
  const trigger = (
    <Button variant="ghost" className={TRIGGER} disabled={leave.isPending || promote.isPending}>
      <LogOut aria-hidden /> Leave
    </Button>
  );

  if (!mustHandOver)
    return (
      <ConfirmDialog
        title="Leave this playlist?"
        description="You will no longer be able to propose songs or vote here. You can join again later."
        confirmLabel="Leave Playlist"
        onConfirm={() => void onLeave()}
        trigger={trigger}
      />
    );

  const others = members.filter((m) => m.userId !== currentUserId);
  const chosen = others.find((m) => m.userId === heir) ?? null;
  const handOver = async () => {
    if (!chosen) return;
    try {
      await promote.mutateAsync({ userId: chosen.userId, role: 'admin' });
    } catch (err) {
      return notifyError(err, 'Hand-over Failed', 'Failed to make the member an admin');
    }
    try {
      await leave.mutateAsync();
    } catch (err) {
      return notifyError(err, 'Leave Failed', 'Failed to leave playlist');
    }
    setOpen(false);
    left();
  };

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>{trigger}</DialogTrigger>
      <DialogContent
        title="Hand over before leaving"
        description={
          others.length
            ? 'You are the only admin. Pick a member to become an admin; then you leave.'
            : 'You are the only member. Invite someone with the link on this page, make them an admin, then leave.'
        }
      >
        {others.length ? (
          <form
            onSubmit={(e) => {
              e.preventDefault();
              void handOver();
            }}
            className="flex flex-col gap-4"
          >
            <fieldset>
              <legend id={groupId} className="sr-only">
                New admin
              </legend>
              <ul className="flex max-h-72 flex-col gap-1 overflow-y-auto" aria-labelledby={groupId}>
                {others.map((m) => {
                  const name = m.userName ?? 'Anonymous User';
                  const [first, ...rest] = name.split(' ');
                  return (
                    <li key={m.userId}>
                      <label
                        className={cn(
                          'flex cursor-pointer items-center gap-3 rounded-lg border px-3 py-2',
                          heir === m.userId ? 'border-accent bg-accent-soft' : 'border-border hover:bg-white/5',
                        )}
                      >
                        <input
                          type="radio"
                          name="heir"
                          value={m.userId}
                          checked={heir === m.userId}
                          onChange={() => setHeir(m.userId)}
                          className="accent-accent"
                        />
                        <Avatar src={m.profileImageUrl} first={first} last={rest.join(' ')} personId={m.userId} />
                        <span className="min-w-0 flex-1 truncate">{name}</span>
                        <span className="text-xs text-muted capitalize">{m.role}</span>
                      </label>
                    </li>
                  );
                })}
              </ul>
            </fieldset>
            <div className="flex flex-wrap justify-end gap-2">
              <DialogClose asChild>
                <Button type="button" variant="ghost">
                  Cancel
                </Button>
              </DialogClose>
              <Button type="submit" disabled={!chosen || promote.isPending || leave.isPending}>
                {chosen ? `Make ${chosen.userName ?? 'them'} admin and leave` : 'Pick a member'}
              </Button>
            </div>
          </form>
        ) : (
          <div className="flex justify-end">
            <DialogClose asChild>
              <Button type="button" variant="secondary">
                OK
              </Button>
            </DialogClose>
          </div>
        )}
      </DialogContent>
    </Dialog>
  );
}
