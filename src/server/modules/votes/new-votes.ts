/**
 * New votes, written in batches (ADR 049): the votes of one turn of the event loop go together in one statement, and
 * the ones that arrive while it is in flight go together in the next. A burst of a hundred votes costs a few statements
 * instead of a hundred. Also counts the votes being cast, so that their updates can wait for each other (ADR 048).
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { pgCode } from '../../lib/http-errors';
import { distinctPrefix, InFlightBatcher } from '../../lib/in-flight-batcher';
import * as repo from './votes.repository';

/**
 * The failures a batch may meet in normal running: a deadlock or serialisation failure with another writer, a song
 * deleted meanwhile (its votes' foreign key). Any other is logged: the votes still go the slower way, one by one.
 */
const EXPECTED_FAILURES = new Set(['40P01', '40001', '23503']);

/** At most this many votes go in one statement. */
export const MAX_VOTE_BATCH = 200;

export type NewVoteResult = Awaited<ReturnType<typeof repo.insertVotesWithTallies>>[number];

export class NewVotes {
  private readonly batches: InFlightBatcher<repo.NewVote, NewVoteResult>;
  private casting = 0;

  constructor(db: Db, log: Pick<FastifyBaseLogger, 'warn'>) {
    this.batches = new InFlightBatcher(
      // A lone vote takes the one-vote statement: the batch statement's plan costs a lone vote twice as much (0.6 vs
      // 1.0–1.2 ms, PostgreSQL re-plans it for each call); from two votes on it costs each a third (0.2 ms).
      async (votes) => {
        try {
          return votes.length === 1
            ? [await repo.insertVoteWithTally(db, votes[0], votes[0].slot)]
            : await repo.insertVotesWithTallies(db, votes);
        } catch (err) {
          if (!EXPECTED_FAILURES.has(pgCode(err) ?? ''))
            log.warn({ err }, 'a batch of new votes failed; one by one now');
          throw err;
        }
      },
      // The statement inserts each (user, song, context) once: a second vote by the same user on the same song
      // (a double tap) waits for the next batch, where it finds the first and takes the slower path.
      (waiting) => distinctPrefix(waiting, (v) => `${v.userId} ${v.songId} ${v.venueId}`, MAX_VOTE_BATCH),
      // The votes of the requests read in one turn go in one batch (a burst's first batch holds them all).
      true,
    );
  }

  /** How many votes are being cast: begun, and their update not published yet. */
  get beingCast(): number {
    return this.casting;
  }

  /**
   * Runs `cast` counted as a vote being cast, then `announce` with its outcome and whether other votes are still
   * being cast. The count drops and `announce` starts in one step: of the votes a batch answers together, each but the
   * last sees the others, and the last sees none and sends what the others held.
   */
  async castThenAnnounce<T, R>(cast: () => Promise<T>, announce: (outcome: T, moreFollow: boolean) => Promise<R>) {
    this.casting++;
    let outcome: T;
    try {
      outcome = await cast();
    } finally {
      this.casting--;
    }
    return announce(outcome, this.casting > 0);
  }

  /**
   * Writes a new vote in the next batch. Null when it wrote nothing (the voter already had a vote there, or the song or
   * venue failed the checks) or when its batch failed (a deadlock with another writer, a song deleted meanwhile): the
   * caller then takes the slower path, which retries, or says in words why the vote cannot be cast.
   */
  write(vote: repo.NewVote): Promise<NewVoteResult> {
    return this.batches.add(vote).catch(() => null);
  }
}
