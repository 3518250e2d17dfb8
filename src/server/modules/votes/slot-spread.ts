/**
 * How many tally slots a vote may land on. A quiet song keeps one slot: its votes update that row (a cheap, HOT
 * update) instead of creating one of 64 rows per song, which cost as much as the vote's own insert (`npm run bench`,
 * tally cost). A song that gets several votes a second on this instance spreads them over every slot, so that
 * concurrent voters do not queue on one row lock (`npm run bench`, hot song). Which slot a vote lands on never
 * matters for correctness: counts are the sum over all slots, and a removal takes from any slot that has some.
 */
import { TALLY_SLOTS } from './votes.repository';

/** Votes on one song within WINDOW_MS on this instance that make it hot. */
const HOT_VOTES = 4;
const WINDOW_MS = 1_000;
/** Songs tracked at most (the quietest, least recent go first). */
const MAX_TRACKED = 10_000;

export class SlotSpread {
  private readonly recent = new Map<string, { windowStart: number; count: number }>();

  constructor(private readonly now: () => number = Date.now) {}

  /** Records a vote on (song, context) and returns how many slots it may use: 1 when quiet, TALLY_SLOTS when hot. */
  spreadFor(songId: number, venueId: number | null): number {
    const key = `${songId}|${venueId ?? ''}`;
    const now = this.now();
    let r = this.recent.get(key);
    if (!r || now - r.windowStart >= WINDOW_MS) {
      this.recent.delete(key);
      r = { windowStart: now, count: 0 };
      this.recent.set(key, r);
      if (this.recent.size > MAX_TRACKED) this.recent.delete(this.recent.keys().next().value!);
    }
    r.count += 1;
    return r.count > HOT_VOTES ? TALLY_SLOTS : 1;
  }
}
