/**
 * The ranked mixes, kept in memory per context (global, or one venue) so that an anonymous mix read costs no
 * database round trip. A context holds, for each order (mix, trending), only the top K songs as loaded (ADR 025):
 * `MIX_CACHE_TOP_K`, at most 2K songs, whatever the size of the catalogue. Each order keeps its **boundary**, the
 * key of its K-th song at the load (none when the context has no more than K songs: then every song is held).
 * Every song that is not held ranks at or below the boundary; realtime events keep that true on every instance (the
 * hub delivers events published here and, through LISTEN/NOTIFY or Redis, by other instances):
 * - `vote_update` patches a held song's counts at once; a held song that falls below the boundary is no longer
 *   known to rank above the songs not held, so it is not shown (readers get the held songs at or above the
 *   boundary, in order). A short debounced re-read of the tallies of every song an event named corrects
 *   reordered events, and brings a song that is not held but now ranks above the boundary in (evicting the last
 *   held one, which moves the boundary up to it);
 * - when what can be shown gets shorter than a full mix (or trending list), the next read reloads the context;
 * - `songs_changed` / `venues_changed` mark the context stale: the next read reloads it.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { ServerEvent } from '../../../shared/realtime';
import { compareForMix, compareForTrending, type Rankable } from '../../../shared/ranking';
import type { MixCacheSizes } from '../../config';
import type { Db } from '../../db/client';
import { notFound } from '../../lib/http-errors';
import type { SongRow } from '../songs/songs.presenter';
import * as repo from './mixes.repository';

export interface Candidate {
  song: SongRow;
  /** The uploader's name as it was when the song was loaded. */
  uploaderName: string | null;
  id: number;
  upVotes: number;
  downVotes: number;
  createdAtMs: number;
}

type Compare = (a: Rankable, b: Rankable) => number;

/** One order's bounded list: the ids held and the boundary (null: the context is complete, every song is held). */
interface Order {
  held: Set<number>;
  boundary: Rankable | null;
  /** The held songs at or above the boundary, in order; null when counts changed since the last sort. */
  shown: Candidate[] | null;
}

/** One context's state. It exists from the first read on, loaded or not, so that no event is missed during a load. */
interface Entry {
  venueId: number | null;
  venueName: string | null;
  /** Every song held by either order; null until the first load finished. */
  songs: Map<number, Candidate> | null;
  mix: Order;
  trending: Order;
  /** Bumped by every change that requires a reload; a load that raced one leaves the entry stale. */
  generation: number;
  /** Bumped by every finished load: a re-read that started before it drops its answer. */
  loads: number;
  stale: boolean;
  loading: Promise<Entry> | null;
  /** Songs named by events (or during a load) whose tallies are re-read shortly. */
  dirty: Set<number>;
  reconcileTimer: NodeJS.Timeout | null;
  /** A re-read is running: the next one waits for it (two at once could apply older counts after newer ones). */
  reconciling: boolean;
  /**
   * Changes whenever the ranking or anything derived from it changes (unique across contexts and reloads):
   * readers that keep a derived view (the read model's presented and encoded mix) rebuild it when it moved.
   */
  version: number;
}

const RECONCILE_DELAY_MS = 25;
/**
 * Rows read past K in each order: SQL's and JS's floating point (the hot score) and time precision (microseconds
 * vs milliseconds) may order near-equal songs differently; JS re-sorts the K + margin and keeps K.
 */
const LOAD_MARGIN = 32;
const key = (venueId: number | null) => (venueId === null ? 'global' : `venue:${venueId}`);
const emptyOrder = (): Order => ({ held: new Set(), boundary: null, shown: null });
const snapshot = (c: Rankable): Rankable => ({
  id: c.id,
  upVotes: c.upVotes,
  downVotes: c.downVotes,
  createdAtMs: c.createdAtMs,
});

export class MixCache {
  private readonly entries = new Map<string, Entry>();
  private readonly inflight = new Set<Promise<unknown>>();
  private stopped = false;
  private nextVersion = 1;

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
    private readonly sizes: MixCacheSizes,
  ) {}

  /** Keeps the cache in step with a realtime event (local or from another instance). */
  handleEvent(event: ServerEvent) {
    if (event.type === 'vote_update') {
      const entry = this.entries.get(key(event.venueId));
      if (!entry) return;
      entry.dirty.add(event.songId);
      const c = entry.songs?.get(event.songId);
      if (c) {
        c.upVotes = event.voteCount.upVotes;
        c.downVotes = event.voteCount.downVotes;
        this.clearRanking(entry);
      }
      // A song that is not held may now rank above a boundary: the re-read brings it in. In a complete context
      // it is not a candidate (private, or in another venue) and stays out.
      if (c || !this.complete(entry) || entry.loading) this.scheduleReconcile(entry);
      else entry.dirty.delete(event.songId);
    } else if (event.type === 'songs_changed') {
      this.markStale('global');
      if (event.venueId !== null) this.markStale(key(event.venueId));
    } else if (event.type === 'venues_changed') {
      for (const [k] of this.entries) if (k !== 'global') this.markStale(k);
    }
  }

  /**
   * The context's songs in mix order that are known to be in order (at least a full mix, or every song of the
   * context; callers slice), with the venue name for a venue.
   */
  async ranked(venueId: number | null): Promise<{ venueName: string | null; songs: Candidate[]; version: number }> {
    const need = Math.min(this.sizes.mixSize, this.sizes.topK);
    const entry = await this.shownAtLeast(venueId, 'mix', need, compareForMix);
    return { venueName: entry.venueName, songs: entry.mix.shown!, version: entry.version };
  }

  /** Public songs by the time-decayed hot score (at least the longest list a client may ask for, or every song). */
  async trending(): Promise<Candidate[]> {
    const need = Math.min(this.sizes.trendingSize, this.sizes.topK);
    return (await this.shownAtLeast(null, 'trending', need, compareForTrending)).trending.shown!;
  }

  /** How many songs a context holds per order and in all (tests; null: not read yet). */
  held(venueId: number | null): { mix: number; trending: number; songs: number; complete: boolean } | null {
    const entry = this.entries.get(key(venueId));
    if (!entry?.songs) return null;
    return {
      mix: entry.mix.held.size,
      trending: entry.trending.held.size,
      songs: entry.songs.size,
      complete: this.complete(entry),
    };
  }

  /** Reloads every context on its next read (after a gap in the realtime channel: events may have been missed). */
  reloadAll() {
    for (const [k] of this.entries) this.markStale(k);
  }

  /** Drops every derived list (e.g. when chart positions change) without reloading the counts. */
  invalidateDerived() {
    for (const e of this.entries.values()) this.clearRanking(e);
  }

  /** Resolves when no reload or re-read is pending (tests). */
  async whenIdle(): Promise<void> {
    for (let i = 0; i < 50; i++) {
      const pendingTimers = [...this.entries.values()].some((e) => e.reconcileTimer || e.loading || e.dirty.size);
      if (!this.inflight.size && !pendingTimers) return;
      await Promise.allSettled([...this.inflight]);
      await new Promise((r) => setTimeout(r, RECONCILE_DELAY_MS + 5));
    }
  }

  /** Stops timers and waits for running queries (shutdown). */
  async stop() {
    this.stopped = true;
    for (const e of this.entries.values()) if (e.reconcileTimer) clearTimeout(e.reconcileTimer);
    await Promise.allSettled([...this.inflight]);
  }

  /** The entry with the order's shown list built; reloads first when fewer than `need` songs could be shown. */
  private async shownAtLeast(venueId: number | null, which: 'mix' | 'trending', need: number, compare: Compare) {
    for (let attempt = 0; ; attempt++) {
      const entry = await this.entry(venueId);
      const order = entry[which];
      order.shown ??= this.shown(entry, order, compare);
      // Too many held songs fell below the boundary to fill the list: read the top K again (cheap with LIMIT).
      // A second short answer can only be a context that changed again meanwhile; answer what is known.
      if (order.shown.length >= need || order.boundary === null || attempt > 0) return entry;
      // Not a change in the data (no generation bump): a load already running serves as the reload.
      if (!entry.loading) {
        entry.stale = true;
        this.clearRanking(entry);
      }
    }
  }

  private shown(entry: Entry, order: Order, compare: Compare): Candidate[] {
    const list: Candidate[] = [];
    for (const id of order.held) list.push(entry.songs!.get(id)!);
    list.sort(compare);
    const { boundary } = order;
    if (boundary === null) return list;
    let n = 0;
    while (n < list.length && compare(list[n], boundary) <= 0) n++;
    return n === list.length ? list : list.slice(0, n);
  }

  private complete(entry: Entry) {
    return entry.songs !== null && entry.mix.boundary === null && entry.trending.boundary === null;
  }

  private clearRanking(entry: Entry) {
    entry.mix.shown = null;
    entry.trending.shown = null;
    entry.version = this.nextVersion++;
  }

  private markStale(k: string) {
    const entry = this.entries.get(k);
    if (!entry) return;
    this.clearRanking(entry);
    entry.stale = true;
    entry.generation++;
  }

  private track<T>(p: Promise<T>): Promise<T> {
    this.inflight.add(p);
    const done = () => this.inflight.delete(p);
    p.then(done, done);
    return p;
  }

  private async entry(venueId: number | null): Promise<Entry> {
    const k = key(venueId);
    let entry = this.entries.get(k);
    if (entry?.songs && !entry.stale) return entry;
    if (!entry) {
      entry = {
        venueId,
        venueName: null,
        songs: null,
        mix: emptyOrder(),
        trending: emptyOrder(),
        generation: 0,
        loads: 0,
        stale: true,
        loading: null,
        dirty: new Set(),
        reconcileTimer: null,
        reconciling: false,
        version: this.nextVersion++,
      };
      this.entries.set(k, entry);
    }
    if (entry.loading) return entry.loading;
    const e = entry;
    const loading = this.track(this.load(e)).finally(() => {
      if (e.loading === loading) e.loading = null;
      // Votes announced during the load may be missing from it: re-read those songs' tallies.
      if (e.dirty.size) this.scheduleReconcile(e);
    });
    e.loading = loading;
    return loading;
  }

  /**
   * Reads the top K of each order: the songs with tallies in the context (one statement, both orders), and the
   * songs without (net 0) only where they can reach the top: the oldest when fewer than K + margin songs rank
   * above net 0 in mix order, the newest not older than the trending list's last song's hot score allows.
   */
  private async load(entry: Entry): Promise<Entry> {
    const generation = entry.generation;
    const { venueId } = entry;
    const { topK } = this.sizes;
    const limit = topK + LOAD_MARGIN;
    if (venueId !== null) {
      const venue = await repo.findVenueName(this.db, venueId);
      if (!venue) {
        if (this.entries.get(key(venueId)) === entry) this.entries.delete(key(venueId));
        throw notFound('Venue not found');
      }
      entry.venueName = venue.name;
    }
    const voted = await repo.loadTopVoted(this.db, venueId, limit);
    // Mix order: a song without votes ranks after every song with net > 0 (or net 0 and some up votes).
    const lastMix = voted.mix.at(-1);
    const mixFull =
      voted.mix.length === limit &&
      lastMix !== undefined &&
      (lastMix.upVotes > lastMix.downVotes || (lastMix.upVotes === lastMix.downVotes && lastMix.upVotes > 0));
    const oldest = mixFull ? null : await repo.loadUnvoted(this.db, venueId, 'oldest', limit);
    // Trending order: a song without votes has the hot score of its age alone.
    const lastHot = voted.trending.length === limit ? voted.trending.at(-1) : undefined;
    const newest = await repo.loadUnvoted(this.db, venueId, 'newest', limit, lastHot && hotAgeMs(lastHot) - 1_000);

    const mixPick = pick([...voted.mix, ...(oldest ?? [])], compareForMix, topK);
    const mixComplete = oldest !== null && voted.mix.length < limit && oldest.length < limit && mixPick.all;
    const trendPick = pick([...voted.trending, ...newest], compareForTrending, topK);
    const trendComplete =
      voted.trending.length < limit && newest.length < limit && lastHot === undefined && trendPick.all;
    // The two orders see the same songs: complete is a property of the context. Both or neither.
    const complete = mixComplete && trendComplete;

    const ids = new Set([...mixPick.kept, ...trendPick.kept].map((r) => r.id));
    const rows = await repo.loadSongs(this.db, venueId, [...ids]);
    const counts = new Map([...mixPick.kept, ...trendPick.kept].map((r) => [r.id, r]));
    const songs = new Map<number, Candidate>();
    for (const r of rows) {
      const c = counts.get(r.song.id)!;
      songs.set(r.song.id, {
        song: r.song,
        uploaderName: r.uploaderName,
        id: r.song.id,
        upVotes: c.upVotes,
        downVotes: c.downVotes,
        createdAtMs: r.song.createdAt.getTime(),
      });
    }
    // A song deleted between the statements is simply not held (its deletion marked the entry stale).
    const order = (kept: repo.RankRow[], compare: Compare): Order => {
      const held = kept.map((r) => songs.get(r.id)).filter((c): c is Candidate => c !== undefined);
      held.sort(compare);
      const last = held.at(-1);
      return { held: new Set(held.map((c) => c.id)), boundary: complete || !last ? null : snapshot(last), shown: null };
    };
    entry.mix = order(mixPick.kept, compareForMix);
    entry.trending = order(trendPick.kept, compareForTrending);
    entry.songs = songs;
    entry.loads++;
    this.clearRanking(entry);
    // A change announced while we were reading may be missing from what we read: stay stale for the next reader.
    entry.stale = entry.generation !== generation;
    return entry;
  }

  private scheduleReconcile(entry: Entry) {
    if (entry.reconcileTimer || this.stopped) return;
    entry.reconcileTimer = setTimeout(() => {
      entry.reconcileTimer = null;
      void this.track(this.reconcile(entry));
    }, RECONCILE_DELAY_MS);
    entry.reconcileTimer.unref?.();
  }

  /**
   * Re-reads the tallies of songs named by events: corrects held songs' counts (events of concurrent votes may
   * arrive out of order), and brings in songs not held whose counts now rank above a boundary.
   */
  private async reconcile(entry: Entry) {
    if (this.stopped) return;
    // A running load reads after these events; it schedules the re-read again when it ends.
    // A running re-read schedules the next one when it ends (`dirty` is not empty).
    if (entry.loading || entry.reconciling) return;
    // Never loaded (the load failed): the next read loads everything afresh.
    if (!entry.songs) return entry.dirty.clear();
    const ids = [...entry.dirty];
    entry.dirty.clear();
    const loads = entry.loads;
    entry.reconciling = true;
    try {
      const counts = await repo.loadCounts(this.db, entry.venueId, ids);
      const byId = new Map(counts.map((c) => [c.songId, c]));
      const fresh = (id: number) => byId.get(id) ?? { upVotes: 0, downVotes: 0 };
      if (entry.loads !== loads || !entry.songs) return;
      const songs = entry.songs;
      // An order that does not hold the song takes it only if it now ranks above the order's boundary (at or
      // below it, the song stays out: every song not held ranks there).
      const orders: Array<[Order, Compare]> = [
        [entry.mix, compareForMix],
        [entry.trending, compareForTrending],
      ];
      const wanted = (c: Rankable) =>
        orders.filter(([o, compare]) => !o.held.has(c.id) && o.boundary !== null && compare(c, o.boundary) < 0);
      const admit = (c: Candidate, to: Array<[Order, Compare]>) => {
        for (const [o, compare] of to) this.admit(entry, o, compare, c.id);
        if (to.length) this.clearRanking(entry);
      };
      const rising: number[] = [];
      for (const id of ids) {
        const c = songs.get(id);
        if (!c) {
          rising.push(id);
          continue;
        }
        const f = fresh(id);
        if (c.upVotes !== f.upVotes || c.downVotes !== f.downVotes) {
          c.upVotes = f.upVotes;
          c.downVotes = f.downVotes;
          this.clearRanking(entry);
        }
        admit(c, wanted(c)); // held by one order, it may have risen into the other
      }
      // Songs not held: their rows (by primary key; most stay out once their creation time is known).
      if (!rising.length || this.complete(entry)) return;
      const rows = await repo.loadSongs(this.db, entry.venueId, rising);
      if (entry.loads !== loads) return;
      for (const r of rows) {
        if (songs.has(r.song.id)) continue; // cannot happen: re-reads run one at a time, loads drop the answer
        const c: Candidate = {
          song: r.song,
          uploaderName: r.uploaderName,
          id: r.song.id,
          ...fresh(r.song.id),
          createdAtMs: r.song.createdAt.getTime(),
        };
        const to = wanted(c);
        if (!to.length) continue;
        songs.set(c.id, c);
        admit(c, to);
      }
    } catch (err) {
      if (this.stopped) return;
      this.log.warn({ err }, 'mix tally re-read failed; reloading the mix on next read');
      entry.stale = true;
      entry.generation++;
    } finally {
      entry.reconciling = false;
      if (entry.dirty.size) this.scheduleReconcile(entry);
    }
  }

  /**
   * Holds a song that ranks above the order's boundary and evicts the order's last song: every song not held then
   * ranks at or below the better of the old boundary and the evicted song's key, the new boundary.
   */
  private admit(entry: Entry, order: Order, compare: Compare, id: number) {
    const songs = entry.songs!;
    order.held.add(id);
    if (order.held.size <= this.sizes.topK || order.boundary === null) return;
    let worst: Candidate | null = null;
    for (const heldId of order.held) {
      const c = songs.get(heldId)!;
      if (!worst || compare(c, worst) > 0) worst = c;
    }
    order.held.delete(worst!.id);
    if (compare(worst!, order.boundary) < 0) order.boundary = snapshot(worst!);
    if (!entry.mix.held.has(worst!.id) && !entry.trending.held.has(worst!.id)) songs.delete(worst!.id);
  }
}

/** A trending row's hot score as the creation time (ms) of a song without votes that has the same score. */
function hotAgeMs(r: Rankable): number {
  const net = r.upVotes - r.downVotes;
  return r.createdAtMs + Math.sign(net) * Math.log10(Math.max(Math.abs(net), 1)) * 45_000 * 1000;
}

/** The first `k` of `rows` (ids unique) in the order; `all` when nothing was cut. */
function pick(rows: repo.RankRow[], compare: Compare, k: number): { kept: repo.RankRow[]; all: boolean } {
  const byId = new Map(rows.map((r) => [r.id, r]));
  const sorted = [...byId.values()].sort(compare);
  return { kept: sorted.slice(0, k), all: sorted.length <= k };
}
