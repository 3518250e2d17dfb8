/** Voting from any song card: the visitor's sign-in toast, the 401 redirect and the 'Vote Failed' toast (spec 6, 8). */
import type { VoteType } from '@shared/schemas/song';
import { useAuth } from '../../auth/api/get-current-user';
import { errorMessage } from '../../../lib/api-client';
import { handleUnauthorized } from '../../../lib/auth-redirect';
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
        onError: (err) => {
          if (handleUnauthorized(err)) return;
          toast({ title: 'Vote Failed', description: errorMessage(err, 'Please try again.'), variant: 'destructive' });
        },
      },
    );
  };
  const pendingSongId = mutation.isPending ? mutation.variables?.songId : undefined;
  return { vote, pendingSongId };
}
