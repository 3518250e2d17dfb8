/**
 * Chart movement: once a day every mix's positions (global and each active venue) are recorded in mix_songs;
 * mix responses carry each song's position in the most recent snapshot from an earlier day (null: new entry).
 * Days are UTC dates. The clock can be replaced (tests record and read on injected days).
 */
import { GLOBAL_MIX_NAME, GLOBAL_MIX_SIZE } from '../../../shared/constants';
import type { AppDeps } from '../../deps';
import type { Db } from '../../db/client';
import type { MixCache } from './mix-cache';
import type { MixReadModel } from './mix-read-model';
import * as repo from './charts.repository';

const CHECK_EVERY_MS = 3_600_000;

/** A UTC day as YYYY-MM-DD. */
export const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const DAY_MS = 86_400_000;

/** Per-app chart state: the clock, the cached previous positions per context for the current day, the timer. */
export class ChartStore {
  private now: () => number = Date.now;
  private day: string | null = null;
  private dayStart = 0;
  private readonly previous = new Map<string, Promise<Map<number, number>>>();
  timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly db: Db,
    private readonly cache: MixCache,
  ) {}

  /** Replaces the clock (tests). */
  setClock(now: () => number) {
    this.now = now;
    this.today();
  }

  /** Today's UTC day; when it changes, cached positions and the mixes' derived lists are dropped. */
  today(): string {
    const now = this.now();
    // Asked on every mix read: the day is only worked out again once the clock leaves the one known.
    if (this.day !== null && now >= this.dayStart && now < this.dayStart + DAY_MS) return this.day;
    const day = dayOf(now);
    if (day !== this.day) {
      if (this.day !== null) this.invalidate();
      this.day = day;
    }
    this.dayStart = Date.parse(`${day}T00:00:00Z`);
    return day;
  }

  /** Song → previous position for a context (global: null), cached for the day. */
  previousPositions(venueId: number | null): Promise<Map<number, number>> {
    const today = this.today();
    const k = `${venueId ?? 'global'}`;
    let p = this.previous.get(k);
    if (!p) {
      p = repo.previousPositions(this.db, venueId, today);
      p.catch(() => this.previous.delete(k));
      this.previous.set(k, p);
    }
    return p;
  }

  /** Forgets cached positions and the lists built from them. */
  invalidate() {
    this.previous.clear();
    this.cache.invalidateDerived();
  }
}

/**
 * Records today's positions (or `day`'s) of every mix that has no snapshot for that day yet: the global mix and
 * each active venue's. Returns how many mixes were recorded. Safe to run on several instances at once.
 */
export async function recordChartSnapshot(
  deps: Pick<AppDeps, 'db'>,
  mixes: Pick<MixReadModel, 'cache' | 'charts'>,
  day?: string,
): Promise<number> {
  const { cache, charts: store } = mixes;
  const on = day ?? store.today();
  const contexts: Array<number | null> = [null, ...(await repo.activeVenueIds(deps.db))];
  const ids = new Map<number | null, number>();
  for (const venueId of contexts)
    ids.set(venueId, await repo.ensureMix(deps.db, venueId, venueId === null ? GLOBAL_MIX_NAME : `Venue ${venueId}`));
  const done = await repo.mixesRecordedOn(deps.db, [...ids.values()], on);
  let recorded = 0;
  for (const [venueId, mixId] of ids) {
    if (done.has(mixId)) continue;
    let ranked;
    try {
      ranked = (await cache.ranked(venueId)).songs.slice(0, GLOBAL_MIX_SIZE);
    } catch {
      continue; // the venue was deleted meanwhile
    }
    await repo.insertSnapshot(
      deps.db,
      mixId,
      on,
      ranked.map((c, i) => ({ songId: c.id, position: i + 1, voteCount: c.upVotes - c.downVotes })),
    );
    recorded++;
  }
  store.invalidate();
  return recorded;
}

/**
 * How long after start the first check waits. The check is one statement per mix (about a hundred with 50
 * venues), and on PGlite every statement waits its turn on the single connection: run at once, it made the first
 * requests (and /readyz) queue behind it for hundreds of milliseconds. Today's snapshot only matters from
 * tomorrow on (mix responses compare with earlier days), so a few seconds' delay changes no answer.
 */
export const FIRST_CHECK_DELAY_MS = 5_000;

/** Records shortly after start when today's snapshot is missing, then checks every hour. */
export function startCharts(
  deps: Pick<AppDeps, 'db' | 'log'>,
  mixes: Pick<MixReadModel, 'cache' | 'charts'>,
  firstCheckDelayMs = FIRST_CHECK_DELAY_MS,
) {
  const store = mixes.charts;
  const run = () =>
    recordChartSnapshot(deps, mixes).catch((err: unknown) =>
      deps.log.warn({ err }, 'recording the chart snapshot failed; retrying within the hour'),
    );
  store.timer = setTimeout(() => {
    store.timer = setInterval(() => void run(), CHECK_EVERY_MS);
    store.timer.unref();
    void run();
  }, firstCheckDelayMs);
  store.timer.unref();
}

/** Stops the check (the first one too, when it has not run yet). */
export function stopCharts(mixes: Pick<MixReadModel, 'charts'>) {
  const store = mixes.charts;
  // clearInterval and clearTimeout are interchangeable in Node; the timer is either.
  if (store.timer) clearInterval(store.timer);
  store.timer = null;
}
