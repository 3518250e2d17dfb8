/** Voting from any song card: the visitor's sign-in toast and the 'Vote Failed' toast (spec 6, 8); a 401 is the query client's. */
import type { VoteType } from '@shared/schemas/song';
import { useAuth } from '../../auth';
import { notifyError } from '../../../lib/notify-error';
import { toast } from '../../../lib/toast';
import { useCastVote } from '../api/cast-vote';

export function useVote(venueId: number | null) {
  const { isAuthenticated } = useAuth();
  const mutation = useCastVote();
  const vote = (songId: number, voteType: VoteType) => {
    if (!isAuthenticated) {
      toast({
        title: 'Authentication Required',
        description: 'Please log in to vote on songs',
        variant: 'destructive',
      });
      return;
    }
    mutation.mutate(
      { songId, voteType, venueId },
      {
        onError: (err) => notifyError(err, 'Vote Failed'),
      },
    );
  };
  const pendingSongId = mutation.isPending ? mutation.variables?.songId : undefined;
  return { vote, pendingSongId };
}
