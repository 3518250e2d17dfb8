/** Block or unblock a person (they cannot message you; their chat messages fold away for you). */
import { Ban } from 'lucide-react';
import { Button, type ButtonProps } from '../../../components/ui/button';
import { toast } from '../../../lib/toast';
import { notifyError } from '../../../lib/notify-error';
import { useBlock, useBlockedIds, useUnblock } from '../api/get-blocks';

export function BlockButton({ userId, name, ...props }: { userId: string; name: string } & ButtonProps) {
  const blocked = useBlockedIds().has(userId);
  const block = useBlock();
  const unblock = useUnblock();
  const pending = block.isPending || unblock.isPending;
  return (
    <Button
      variant="ghost"
      size="sm"
      disabled={pending}
      onClick={() => {
        const action = blocked ? unblock : block;
        action.mutate(userId, {
          onSuccess: () => toast({ title: blocked ? `Unblocked ${name}` : `Blocked ${name}`, variant: 'success' }),
          onError: (err) => notifyError(err, 'Error'),
        });
      }}
      {...props}
    >
      <Ban aria-hidden /> {blocked ? 'Unblock' : 'Block'}
    </Button>
  );
}
