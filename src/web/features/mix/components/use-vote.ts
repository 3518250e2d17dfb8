/**
 * Voting from any track row: the visitor's sign-in toast (with a Sign in button; the vote they wanted is kept and
 * cast when they come back signed in) and the 'Vote Failed' toast (spec 6, 8); a 401 is the query client's.
 */
import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { VoteType } from '@shared/schemas/song';
import { signedInForAction, useAuth } from '../../auth';
import { notifyError } from '../../../lib/notify-error';
import { toast } from '../../../lib/toast';
import { useCastVote } from '../api/cast-vote';

const PENDING_KEY = 'crowdmix:pending-vote';

interface PendingVote {
  songId: number;
  voteType: VoteType;
  venueId: number | null;
  path: string;
  at: number;
}

/** A visitor's vote, kept for 30 minutes while they sign in. */
function readPending(): PendingVote | null {
  try {
    const v = JSON.parse(sessionStorage.getItem(PENDING_KEY) ?? 'null') as PendingVote | null;
    return v && Date.now() - v.at < 30 * 60_000 ? v : null;
  } catch {
    return null;
  }
}

export function useVote(venueId: number | null) {
  const qc = useQueryClient();
  const { isAuthenticated, isLoading } = useAuth();
  const mutation = useCastVote();
  const { mutate } = mutation;

  // Back from signing in: cast the vote the visitor asked for, once.
  useEffect(() => {
    if (!isAuthenticated) return;
    const pending = readPending();
    if (!pending || pending.venueId !== venueId || pending.path !== window.location.pathname) return;
    sessionStorage.removeItem(PENDING_KEY);
    mutate(
      { songId: pending.songId, voteType: pending.voteType, venueId },
      { onError: (err) => notifyError(err, 'Vote Failed') },
    );
  }, [isAuthenticated, venueId, mutate]);

  const vote = async (songId: number, voteType: VoteType) => {
    if (!(await signedInForAction(qc, { isLoading, isAuthenticated }))) {
      const path = window.location.pathname;
      try {
        sessionStorage.setItem(
          PENDING_KEY,
          JSON.stringify({ songId, voteType, venueId, path, at: Date.now() } satisfies PendingVote),
        );
      } catch {
        /* storage off: they vote again after signing in */
      }
      toast({
        title: 'Authentication Required',
        description: 'Please log in to vote on songs',
        variant: 'destructive',
        action: {
          label: 'Sign in',
          onClick: () => window.location.assign(`/login?next=${encodeURIComponent(path)}`),
        },
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
