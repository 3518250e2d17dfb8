/** The Members tab of a playlist: a card per member; admins change roles and flags from here. */
import { Users } from 'lucide-react';
import type { PlaylistMember } from '@shared/schemas/playlist';
import { Card } from '../../../components/ui/card';
import { notifyError } from '../../../lib/notify-error';
import { toast } from '../../../lib/toast';
import { useUpdateMember } from '../api/update-member';
import { MemberCard } from './member-card';
import { StateView } from '../../../components/ui/state-view';

export function PlaylistMembers({
  playlistId,
  members,
  isLoading,
  editable,
  currentUserId,
}: {
  playlistId: number;
  members: PlaylistMember[];
  isLoading: boolean;
  /** True for the playlist's admins. */
  editable: boolean;
  currentUserId: string | undefined;
}) {
  const updateMember = useUpdateMember(playlistId);

  if (isLoading) return <StateView kind="loading" label="Loading members..." />;
  if (members.length === 0)
    return (
      <Card className="flex flex-col items-center gap-3 p-10 text-center">
        <Users className="size-12 text-purple-300" aria-hidden />
        <h2 className="text-xl font-semibold">No Members Yet</h2>
      </Card>
    );
  return (
    <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3" aria-label="Playlist members">
      {members.map((m) => (
        <MemberCard
          key={m.id}
          member={m}
          isSelf={m.userId === currentUserId}
          editable={editable}
          busy={updateMember.isPending && updateMember.variables?.userId === m.userId}
          onChange={(patch) =>
            updateMember.mutate(
              { userId: m.userId, ...patch },
              {
                onSuccess: (updated) =>
                  toast({
                    title: 'Member Updated',
                    description: `${updated.userName ?? 'The member'} is now ${updated.role === 'admin' ? 'an admin' : `a ${updated.role}`}.`,
                    variant: 'success',
                  }),
                onError: (err) => notifyError(err, 'Update Failed', 'Failed to update member'),
              },
            )
          }
        />
      ))}
    </ul>
  );
}
