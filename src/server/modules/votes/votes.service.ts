/**
 * Voting: one vote per (user, song, context). The same type again removes it, the other type switches it.
 * The vote row and its tally change in one transaction; concurrent identical requests serialise on the vote
 * row (INSERT … ON CONFLICT, then SELECT … FOR UPDATE), so five at once toggle like five in a row.
 */
import type { VoteType } from '../../../shared/constants';
import type { VoteResult } from '../../../shared/schemas/vote';
import type { AppDeps } from '../../deps';
import type { Db, DbOrTx } from '../../db/client';
import { badRequest, conflict, notFound, pgCode } from '../../lib/http-errors';
import * as repo from './votes.repository';

const RETRYABLE = new Set(['40P01', '40001']);

/**
 * Takes every vote of a user off its tally and deletes it, inside the caller's transaction (account deletion).
 * Returns the contexts (null: global, or a venue id) whose counts changed, for the caller to announce after commit.
 */
export async function withdrawAllVotes(tx: DbOrTx, userId: string): Promise<Set<number | null>> {
  const votes = await repo.deleteVotesOf(tx, userId);
  const slot = repo.slotFor(userId);
  const contexts = new Set<number | null>();
  for (const v of votes) {
    const venueId = v.venue_id === null ? null : Number(v.venue_id);
    await repo.decrementTally(tx, Number(v.song_id), venueId, slot, v.vote_type);
    contexts.add(venueId);
  }
  return contexts;
}

/**
 * Call before deleting a song, in the deleting transaction. Voters lock a vote row, then its tally slot, then (their
 * foreign key check) the song; a plain delete locks the song first and reaches the votes and slots last, by cascade,
 * so a song deleted while it is voted on deadlocked. Taking the votes and slots first, in the voters' order, makes the
 * delete wait for the votes in flight instead.
 */
export async function lockVotesBeforeSongDeletion(tx: DbOrTx, songId: number) {
  await repo.lockSongVotes(tx, songId);
}

export const VENUE_CLOSED_MESSAGE =
  'This venue has been deactivated; its mix can still be played but no longer takes votes';

/**
 * Checks that the song (and venue) exist, that the caller may see the song, and that a venue vote is for a song in
 * that venue's mix. `forVote`: the venue must also be active (reading counts works in a deactivated venue too).
 */
async function checkTarget(db: Db, userId: string | null, songId: number, venueId: number | null, forVote = false) {
  const song = await repo.findSongForVote(db, songId);
  if (!song || (song.isPrivate && song.uploaderId !== userId)) throw notFound('Song not found');
  if (venueId !== null) {
    const state = await repo.venueState(db, venueId);
    if (state === 'missing') throw notFound('Venue not found');
    if (song.venueId !== venueId || song.isPrivate) throw badRequest("This song is not in this venue's mix", 'venueId');
    if (forVote && state === 'inactive') throw conflict(VENUE_CLOSED_MESSAGE);
  }
  return song;
}

type VoteInput = { songId: number; voteType: VoteType; venueId: number | null };
type Cast = { result: VoteResult; song: repo.VotedSong };

/**
 * Casts, switches or removes the caller's vote, then announces the new counts to every socket. A new vote is written
 * in the next batch of new votes (ADR 049); the others wait for a place at the vote gate.
 */
export async function castVote(
  deps: Pick<AppDeps, 'db' | 'hub' | 'state'>,
  userId: string,
  input: VoteInput,
): Promise<VoteResult> {
  const { songId, voteType, venueId } = input;
  const { newVotes, voteGate } = deps.state;
  const slot = repo.slotFor(userId, deps.state.slotSpread.spreadFor(songId, venueId));
  return newVotes.castThenAnnounce(
    async () => {
      const written = await newVotes.write({ userId, songId, venueId, voteType, slot });
      if (written) return { result: { vote: { voteType }, voteCount: written.counts }, song: written.song };
      return voteGate.run(() => changeVote(deps.db, userId, input, slot));
    },
    async ({ result, song }, moreFollow) => {
      // A private song's counts are its owner's business only: no one else learns that it exists. With the update
      // goes the signal that makes every instance forget this user's cached votes (handled before it, everywhere).
      // Other votes being cast will publish within milliseconds: the sockets get this one with theirs (ADR 048).
      await deps.hub.publish(
        { type: 'vote_update', songId, venueId, voteCount: result.voteCount },
        song.isPrivate ? { kind: 'users', userIds: [song.uploaderId] } : { kind: 'all' },
        [{ kind: 'votes_changed', key: userId }],
        { moreFollow },
      );
      return result;
    },
  );
}

/**
 * Says in words why a vote cannot be cast (the song is missing or private, the venue closed…); otherwise casts,
 * switches or removes the user's vote under the vote row's lock.
 */
async function changeVote(db: Db, userId: string, input: VoteInput, slot: number): Promise<Cast> {
  const { songId, voteType, venueId } = input;
  const song = await checkTarget(db, userId, songId, venueId, true);
  for (let attempt = 0; ; attempt++) {
    try {
      const result = await db.transaction(async (tx) => {
        // The check above was a plain read: a deactivation may have happened since (see repo.lockOpenVenue).
        if (venueId !== null && !(await repo.lockOpenVenue(tx, venueId))) throw conflict(VENUE_CLOSED_MESSAGE);
        let vote: VoteResult['vote'];
        for (let round = 0; ; round++) {
          if (await repo.insertVoteIfAbsent(tx, { userId, songId, venueId, voteType })) {
            await repo.incrementTally(tx, songId, venueId, slot, voteType);
            vote = { voteType };
            break;
          }
          const existing = await repo.lockVote(tx, userId, songId, venueId);
          // Removed by a concurrent request between our insert and our lock: try again from the top.
          if (!existing) {
            if (round > 10) throw new Error('vote row kept disappearing');
            continue;
          }
          if (existing.voteType === voteType) {
            await repo.deleteVote(tx, existing.id);
            await repo.decrementTally(tx, songId, venueId, slot, voteType);
            vote = null;
          } else {
            await repo.setVoteType(tx, existing.id, voteType);
            await repo.decrementTally(tx, songId, venueId, slot, existing.voteType);
            await repo.incrementTally(tx, songId, venueId, slot, voteType);
            vote = { voteType };
          }
          break;
        }
        return { vote, voteCount: await repo.countVotes(tx, songId, venueId) };
      });
      return { result, song };
    } catch (err) {
      // Deadlocks between two switches on different slots are rare and harmless to retry: nothing was written.
      const code = pgCode(err);
      if (code === '23503') throw notFound('Song not found');
      if (!code || !RETRYABLE.has(code) || attempt >= 5) throw err;
    }
  }
}

/** The counts of a song in a context (visible songs only). */
export async function getVoteCount(db: Db, viewerId: string | null, songId: number, venueId: number | null) {
  await checkTarget(db, viewerId, songId, venueId);
  return repo.countVotes(db, songId, venueId);
}
