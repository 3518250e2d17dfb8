/**
 * Each signed-in user's votes per context (global or a venue), kept in memory so that a signed-in mix read costs
 * no database round trip. Loaded with one indexed query on first use; dropped when the user votes (the hub's
 * `votes_changed` signal, sent by the vote's instance and heard by all) and re-read after RECHECK_MS in any case.
 * See docs/decisions/009-read-path-caches.md.
 */
import type { VoteType } from '../../../shared/constants';
import type { DbOrTx } from '../../db/client';
import * as repo from './votes.repository';

/** A cached context is re-read after this long, a bound for a signal missed while LISTEN was down. */
export const RECHECK_MS = 5 * 60_000;

export interface OwnVotesLimits {
  /**
   * (user, context) pairs held at most, with or without votes; the least recently read go first
   * (OWN_VOTES_CACHE_ENTRIES, ADR 022). Without it, users who never voted would each add an entry for ever.
   */
  maxEntries: number;
  /** Votes held in all, over every cached (user, context); the least recently read go first. */
  maxVotes: number;
  /** A user with more votes than this in one context is not cached (read on each request instead). */
  maxPerEntry: number;
}

// Four bytes a vote (sorted Int32Arrays, see VoteSet): 4,000,000 votes are 16 MB. Round-robin readers (the bench's
// 1,000 users with 1,000 votes each) must all fit, or a least-recently-read cache never hits.
const DEFAULT_LIMITS: OwnVotesLimits = { maxEntries: 100_000, maxVotes: 4_000_000, maxPerEntry: 100_000 };

/** One user's votes in one context, compactly: the song ids voted up and down, each sorted for binary search. */
export class VoteSet {
  static readonly empty = new VoteSet(new Int32Array(0), new Int32Array(0));

  constructor(
    private readonly up: Int32Array,
    private readonly down: Int32Array,
  ) {}

  static from(votes: Iterable<[number, VoteType]>): VoteSet {
    const up: number[] = [];
    const down: number[] = [];
    for (const [songId, type] of votes) (type === 'up' ? up : down).push(songId);
    return new VoteSet(Int32Array.from(up).sort(), Int32Array.from(down).sort());
  }

  get size() {
    return this.up.length + this.down.length;
  }

  get(songId: number): VoteType | undefined {
    if (contains(this.up, songId)) return 'up';
    if (contains(this.down, songId)) return 'down';
    return undefined;
  }

  has(songId: number) {
    return this.get(songId) !== undefined;
  }

  *[Symbol.iterator](): IterableIterator<[number, VoteType]> {
    for (const id of this.up) yield [id, 'up'];
    for (const id of this.down) yield [id, 'down'];
  }
}

function contains(sorted: Int32Array, value: number) {
  let lo = 0;
  let hi = sorted.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >>> 1;
    const v = sorted[mid];
    if (v === value) return true;
    if (v < value) lo = mid + 1;
    else hi = mid - 1;
  }
  return false;
}

interface Entry {
  userId: string;
  votes: VoteSet;
  checkedAt: number;
}

const keyOf = (userId: string, venueId: number | null) => `${venueId ?? 'global'}|${userId}`;

export class OwnVotes {
  /** Insertion order is recency order: a read moves its entry to the end. */
  private readonly entries = new Map<string, Entry>();
  private readonly keysByUser = new Map<string, Set<string>>();
  /** Loads in flight per user; a change while one runs marks it stale so that it is not cached. */
  private readonly loading = new Map<string, Set<{ stale: boolean }>>();
  private held = 0;

  constructor(
    private readonly db: DbOrTx,
    private readonly now: () => number = Date.now,
    limits: Partial<OwnVotesLimits> = {},
  ) {
    this.limits = { ...DEFAULT_LIMITS, ...limits };
  }

  private readonly limits: OwnVotesLimits;

  /** The user's votes in a context: song id → up or down. */
  async of(userId: string, venueId: number | null): Promise<VoteSet> {
    const key = keyOf(userId, venueId);
    const now = this.now();
    const hit = this.entries.get(key);
    if (hit && now - hit.checkedAt < RECHECK_MS) {
      this.entries.delete(key);
      this.entries.set(key, hit);
      return hit.votes;
    }
    if (hit) this.drop(key);

    const load = { stale: false };
    let inFlight = this.loading.get(userId);
    if (!inFlight) this.loading.set(userId, (inFlight = new Set()));
    inFlight.add(load);
    try {
      const votes = VoteSet.from(await repo.votesOfUser(this.db, userId, venueId));
      if (!load.stale && votes.size <= this.limits.maxPerEntry) this.store(key, { userId, votes, checkedAt: now });
      return votes;
    } finally {
      inFlight.delete(load);
      if (!inFlight.size) this.loading.delete(userId);
    }
  }

  /** Forgets every context of a user whose votes changed (and any read of them still in flight). */
  changed(userId: string) {
    for (const load of this.loading.get(userId) ?? []) load.stale = true;
    for (const key of this.keysByUser.get(userId) ?? []) this.drop(key);
  }

  /** Forgets everything (after a gap in the realtime channel: `votes_changed` signals may have been missed). */
  clear() {
    for (const loads of this.loading.values()) for (const load of loads) load.stale = true;
    for (const key of [...this.entries.keys()]) this.drop(key);
  }

  /** How many votes are held (for tests and the limits). */
  get size() {
    return this.held;
  }

  /** How many (user, context) pairs are held. */
  get entryCount() {
    return this.entries.size;
  }

  private store(key: string, entry: Entry) {
    this.drop(key);
    this.entries.set(key, entry);
    let keys = this.keysByUser.get(entry.userId);
    if (!keys) this.keysByUser.set(entry.userId, (keys = new Set()));
    keys.add(key);
    this.held += entry.votes.size;
    for (const oldest of this.entries.keys()) {
      if ((this.held <= this.limits.maxVotes && this.entries.size <= this.limits.maxEntries) || oldest === key) break;
      this.drop(oldest);
    }
  }

  private drop(key: string) {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.held -= entry.votes.size;
    const keys = this.keysByUser.get(entry.userId);
    keys?.delete(key);
    if (keys && !keys.size) this.keysByUser.delete(entry.userId);
  }
}
