/**
 * The answer cache of search (ADR 026): per normalised text and limit, the answer as an anonymous visitor gets it
 * (public songs only, no vote of their own), at most `maxEntries`, least recently read dropped first. It is kept in
 * step by the realtime events every instance hears (the hub delivers those published here and, through the transport,
 * by other instances), as the mix cache is:
 * - `songs_changed`, `venues_changed`, `playlists_changed`, `playlist_changed` empty it: any of them can change any
 *   answer (a new song, a hidden one, a venue's or playlist's name or member count);
 * - `vote_update` in the global context patches the counts of the songs it holds (the order among equally relevant
 *   songs, popularity, may lag until the entry goes: at most `ttlMs`);
 * - a resync (the channel to other instances was cut) empties it.
 * A load that one of those events overtook is not stored (a generation counter), and an entry older than `ttlMs`
 * is read again (names of uploaders and playlist creators have no event).
 * Signed-in viewers get the same entry with their own votes laid over it, unless one of their private songs matches
 * the text: then their answer is read for them alone (search.service.ts), never stored.
 */
import type { ServerEvent } from '../../../shared/realtime';
import type { SearchResponse } from '../../../shared/schemas/search';
import type { Corrections } from './search.repository';

/** An entry: the public answer, and the typo corrections it was read with (the same for every viewer). */
export interface CachedAnswer {
  answer: SearchResponse;
  corrections: Corrections;
}

interface Entry extends CachedAnswer {
  at: number;
}

export interface SearchCacheOptions {
  /** Entries held at most; 0 turns the cache off. */
  maxEntries: number;
  /** How long an entry is served at most. */
  ttlMs: number;
  now?: () => number;
}

/** How long an answer is served at most (what no event announces: uploaders' and playlist creators' names). */
export const SEARCH_CACHE_TTL_MS = 60_000;

/** A cache key: the limit and the normalised text (see `normaliseQuery`). */
export const cacheKey = (text: string, limit: number) => `${limit}\u0000${text}`;

/**
 * The text a search runs with and is cached under: Unicode NFC, lower case, runs of white space as one space. The
 * search reads this text itself, so that two texts with the same key get the same answer by construction.
 */
export function normaliseQuery(q: string): string {
  return q.normalize('NFC').toLowerCase().replace(/\s+/gu, ' ').trim();
}

export class SearchCache {
  /** Insertion order is recency order: a hit moves its entry to the end. */
  private readonly entries = new Map<string, Entry>();
  /** Song id → keys of the entries showing it, for `vote_update`. */
  private readonly bySong = new Map<number, Set<string>>();
  /** Bumped by every change that empties the cache: a load that started before one is not stored. */
  private generation = 0;
  /** Loads in flight, each with the global counts that arrived by event while it ran (applied before storing). */
  private readonly loads = new Set<Map<number, { upVotes: number; downVotes: number }>>();
  private readonly inflight = new Map<string, { generation: number; promise: Promise<CachedAnswer> }>();
  private readonly now: () => number;

  constructor(private readonly opts: SearchCacheOptions) {
    this.now = opts.now ?? Date.now;
  }

  get enabled() {
    return this.opts.maxEntries > 0;
  }

  get size() {
    return this.entries.size;
  }

  /** The entry for `key` if it is fresh (and marks it recently read). */
  get(key: string): CachedAnswer | null {
    const hit = this.entries.get(key);
    if (!hit) return null;
    if (this.now() - hit.at >= this.opts.ttlMs) {
      this.drop(key);
      return null;
    }
    this.entries.delete(key);
    this.entries.set(key, hit);
    return hit;
  }

  /**
   * Reads an answer with `load` and stores it under `key`, unless an event that empties the cache came while it ran.
   * Counts that changed by event meanwhile are applied to it first.
   */
  load(key: string, load: () => Promise<CachedAnswer>): Promise<CachedAnswer> {
    if (!this.enabled) return load();
    // Requests for the same text while it is read wait for that read (unless the cache was emptied since).
    const running = this.inflight.get(key);
    if (running && running.generation === this.generation) return running.promise;
    const generation = this.generation;
    const promise = this.read(key, load).finally(() => {
      if (this.inflight.get(key)?.promise === promise) this.inflight.delete(key);
    });
    this.inflight.set(key, { generation, promise });
    return promise;
  }

  private async read(key: string, load: () => Promise<CachedAnswer>): Promise<CachedAnswer> {
    const generation = this.generation;
    const votes = new Map<number, { upVotes: number; downVotes: number }>();
    this.loads.add(votes);
    let value: CachedAnswer;
    try {
      value = await load();
    } finally {
      this.loads.delete(votes);
    }
    for (const song of value.answer.songs) {
      const v = votes.get(song.id);
      if (v) Object.assign(song, v);
    }
    if (generation === this.generation) this.store(key, { ...value, at: this.now() });
    return value;
  }

  /** Keeps the cache in step with a realtime event (local or from another instance). */
  handleEvent(event: ServerEvent) {
    switch (event.type) {
      case 'vote_update': {
        if (event.venueId !== null) return;
        const counts = { upVotes: event.voteCount.upVotes, downVotes: event.voteCount.downVotes };
        for (const votes of this.loads) votes.set(event.songId, counts);
        for (const key of this.bySong.get(event.songId) ?? []) {
          const song = this.entries.get(key)?.answer.songs.find((s) => s.id === event.songId);
          if (song) Object.assign(song, counts);
        }
        return;
      }
      case 'songs_changed':
      case 'venues_changed':
      case 'playlists_changed':
      case 'playlist_changed':
        this.clear();
        return;
      default:
        return;
    }
  }

  /** Forgets every answer, and any load in flight is not stored. */
  clear() {
    this.generation++;
    this.entries.clear();
    this.bySong.clear();
  }

  private store(key: string, entry: Entry) {
    if (this.entries.has(key)) this.drop(key);
    this.entries.set(key, entry);
    for (const song of entry.answer.songs) {
      let keys = this.bySong.get(song.id);
      if (!keys) this.bySong.set(song.id, (keys = new Set()));
      keys.add(key);
    }
    while (this.entries.size > this.opts.maxEntries) this.drop(this.entries.keys().next().value!);
  }

  private drop(key: string) {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    for (const song of entry.answer.songs) {
      const keys = this.bySong.get(song.id);
      keys?.delete(key);
      if (keys && !keys.size) this.bySong.delete(song.id);
    }
  }
}
