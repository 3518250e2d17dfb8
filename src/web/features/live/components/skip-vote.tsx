/** Vote to skip the song playing now: "N of M needed", pressed once the patron has voted. */
import { useState } from 'react';
import { SkipForward } from 'lucide-react';
import type { LiveState } from '@shared/schemas/live';
import { Button } from '../../../components/ui/button';
import { errorMessage } from '../../../lib/api-client';
import { useSkipVote } from '../api/patron';

export function SkipVote({
  state,
  voted,
  disabledReason,
}: {
  state: LiveState;
  voted: boolean;
  disabledReason: string | null;
}) {
  const skip = useSkipVote(state.venueId);
  const [error, setError] = useState<string | null>(null);
  const np = state.nowPlaying;
  if (!np) return null;
  const { votes, needed } = state.skip;
  return (
    <div className="flex flex-col gap-1">
      <div className="flex items-center gap-3">
        <Button
          variant={voted ? 'secondary' : 'outline'}
          className="h-11"
          aria-pressed={voted}
          disabled={voted || Boolean(disabledReason) || skip.isPending}
          title={disabledReason ?? undefined}
          onClick={() => {
            setError(null);
            skip.mutate(np.entryId, { onError: (err) => setError(errorMessage(err, 'Your vote was not counted.')) });
          }}
        >
          <SkipForward aria-hidden /> {voted ? 'You voted to skip' : 'Vote to skip'}
        </Button>
        <span className="text-sm text-muted tabular-nums" data-testid="skip-count">
          {votes} of {needed} needed
        </span>
      </div>
      {error && (
        <p role="alert" className="text-sm text-red-300">
          {error}
        </p>
      )}
    </div>
  );
}
