/**
 * The ranked mixes, kept in memory per context (global, or one venue) so that an anonymous mix read costs no
 * database round trip. Each context holds every candidate song with its counts; realtime events keep it in step
 * on every instance (the hub delivers events published here and, through LISTEN/NOTIFY, by other instances):
 * - `vote_update` patches the song's counts at once, and a short debounced re-read of that song's tallies
 *   corrects any reordering of concurrent events;
 * - `songs_changed` / `venues_changed` mark the context stale: the next read reloads it.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { ServerEvent } from '../../../shared/realtime';
import { compareForMix, compareForTrending } from '../../../shared/ranking';
import type { Db } from '../../db/client';
import { notFound } from '../../lib/http-errors';
import type { SongRow } from '../songs/songs.presenter';
import * as repo from './mixes.repository';

export interface Candidate {
  song: SongRow;
  /** The uploader's name as it was at the context's last load. */
  uploaderName: string | null;
  id: number;
  upVotes: number;
  downVotes: number;
  createdAtMs: number;
}

/** One context's state. It exists from the first read on, loaded or not, so that no event is missed during a load. */
interface Entry {
  venueId: number | null;
  venueName: string | null;
  /** Null until the first load finished. */
  candidates: Map<number, Candidate> | null;
  /** Candidates in mix order; null when counts changed since the last sort. */
  ranked: Candidate[] | null;
  trending: Candidate[] | null;
  /** Bumped by every change that requires a reload; a load that raced one leaves the entry stale. */
  generation: number;
  stale: boolean;
  loading: Promise<Entry> | null;
  /** Songs whose counts arrived by event (or during a load) and are re-read from the tallies shortly. */
  dirty: Set<number>;
  reconcileTimer: NodeJS.Timeout | null;
  /**
   * Changes whenever the ranking or anything derived from it changes (unique across contexts and reloads):
   * readers that keep a derived view (the read model's presented and encoded mix) rebuild it when it moved.
   */
  version: number;
}

const RECONCILE_DELAY_MS = 25;
const key = (venueId: number | null) => (venueId === null ? 'global' : `venue:${venueId}`);

export class MixCache {
  private readonly entries = new Map<string, Entry>();
  private readonly inflight = new Set<Promise<unknown>>();
  private stopped = false;
  private nextVersion = 1;

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Keeps the cache in step with a realtime event (local or from another instance). */
  handleEvent(event: ServerEvent) {
    if (event.type === 'vote_update') {
      const entry = this.entries.get(key(event.venueId));
      if (!entry) return;
      if (entry.loading) entry.dirty.add(event.songId);
      const c = entry.candidates?.get(event.songId);
      if (!c) return;
      c.upVotes = event.voteCount.upVotes;
      c.downVotes = event.voteCount.downVotes;
      this.clearRanking(entry);
      entry.dirty.add(event.songId);
      this.scheduleReconcile(entry);
    } else if (event.type === 'songs_changed') {
      this.markStale('global');
      if (event.venueId !== null) this.markStale(key(event.venueId));
    } else if (event.type === 'venues_changed') {
      for (const [k] of this.entries) if (k !== 'global') this.markStale(k);
    }
  }

  /** The context's songs in mix order (all candidates; callers slice), with the venue name for a venue. */
  async ranked(venueId: number | null): Promise<{ venueName: string | null; songs: Candidate[]; version: number }> {
    const entry = await this.entry(venueId);
    entry.ranked ??= [...entry.candidates!.values()].sort(compareForMix);
    return { venueName: entry.venueName, songs: entry.ranked, version: entry.version };
  }

  /** Public songs by the time-decayed hot score. */
  async trending(): Promise<Candidate[]> {
    const entry = await this.entry(null);
    entry.trending ??= [...entry.candidates!.values()].sort(compareForTrending);
    return entry.trending;
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

  private clearRanking(entry: Entry) {
    entry.ranked = null;
    entry.trending = null;
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
    if (entry?.candidates && !entry.stale) return entry;
    if (!entry) {
      entry = {
        venueId,
        venueName: null,
        candidates: null,
        ranked: null,
        trending: null,
        generation: 0,
        stale: true,
        loading: null,
        dirty: new Set(),
        reconcileTimer: null,
        version: this.nextVersion++,
      };
      this.entries.set(k, entry);
    }
    if (entry.loading) return entry.loading;
    const e = entry;
    const loading = this.track(this.load(e)).finally(() => {
      if (e.loading === loading) e.loading = null;
    });
    e.loading = loading;
    return loading;
  }

  private async load(entry: Entry): Promise<Entry> {
    const generation = entry.generation;
    const { venueId } = entry;
    if (venueId !== null) {
      const venue = await repo.findVenueName(this.db, venueId);
      if (!venue) {
        if (this.entries.get(key(venueId)) === entry) this.entries.delete(key(venueId));
        throw notFound('Venue not found');
      }
      entry.venueName = venue.name;
    }
    const rows = await repo.loadCandidates(this.db, venueId);
    const candidates = new Map<number, Candidate>();
    for (const r of rows)
      candidates.set(r.song.id, {
        song: r.song,
        uploaderName: r.uploaderName,
        id: r.song.id,
        upVotes: r.upVotes,
        downVotes: r.downVotes,
        createdAtMs: r.song.createdAt.getTime(),
      });
    entry.candidates = candidates;
    this.clearRanking(entry);
    // A change announced while we were reading may be missing from what we read: stay stale for the next reader.
    entry.stale = entry.generation !== generation;
    // Votes announced during the load may be missing too: re-read those songs' tallies.
    if (entry.dirty.size) this.scheduleReconcile(entry);
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

  /** Re-reads the tallies of songs patched from events, so that out-of-order events cannot leave a wrong count. */
  private async reconcile(entry: Entry) {
    if (this.stopped) return;
    const ids = [...entry.dirty];
    entry.dirty.clear();
    try {
      const counts = await repo.loadCounts(this.db, entry.venueId, ids);
      const byId = new Map(counts.map((c) => [c.songId, c]));
      for (const id of ids) {
        const c = entry.candidates?.get(id);
        if (!c) continue;
        const fresh = byId.get(id) ?? { upVotes: 0, downVotes: 0 };
        if (c.upVotes !== fresh.upVotes || c.downVotes !== fresh.downVotes) {
          c.upVotes = fresh.upVotes;
          c.downVotes = fresh.downVotes;
          this.clearRanking(entry);
        }
      }
    } catch (err) {
      if (this.stopped) return;
      this.log.warn({ err }, 'mix tally re-read failed; reloading the mix on next read');
      entry.stale = true;
      entry.generation++;
    }
    if (entry.dirty.size) this.scheduleReconcile(entry);
  }
}
