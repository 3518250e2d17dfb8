/**
 * Venue Live on one instance: sends its `live:{venueId}` sockets a fresh snapshot whenever any instance signals
 * `live_changed` (the signal travels by NOTIFY, the snapshot is read here, so a big queue never has to fit in a
 * notification), and sweeps for host devices gone quiet and join codes due every few seconds.
 *
 * Per venue one read runs at a time; changes that arrive meanwhile make one more read when it ends, at least
 * LIVE_PUSH_GAP_MS after the last. A burst of 200 votes therefore costs a handful of reads, and snapshots leave in
 * version order; the hub sends each socket only the newest snapshot queued in its coalescing window.
 */
import { liveRoom } from '../../../shared/schemas/live';
import type { CoreDeps } from '../../deps';
import { loadState, sweep } from './live.service';

/**
 * The least time between two snapshots of one venue from this instance: changes that arrive meanwhile are
 * gathered into the next one. 200 votes in a second then cost at most 20 full snapshots per socket, not 200.
 */
export const LIVE_PUSH_GAP_MS = 50;

/** How often an instance sweeps (offline hosts, join codes). */
export const LIVE_SWEEP_MS = 2_000;

export class LiveRuntime {
  /** Venues with a read in flight; true when another change came in meanwhile. */
  private readonly reading = new Map<number, boolean>();
  private readonly inFlight = new Set<Promise<void>>();
  private timer?: NodeJS.Timeout;

  constructor(private readonly deps: Pick<CoreDeps, 'db' | 'hub' | 'now' | 'log'>) {
    deps.hub.onSignal('live_changed', (key) => this.refresh(Number(key)));
  }

  /**
   * Pushes a fresh snapshot to this instance's sockets in the venue's room (none there: nothing to do but note the
   * change, so that a socket joining the room next is told to read it, ADR 040).
   */
  refresh(venueId: number) {
    if (!Number.isInteger(venueId)) return;
    this.deps.hub.touchRoom(liveRoom(venueId));
    if (this.deps.hub.roomSize(liveRoom(venueId)) === 0) return;
    if (this.reading.has(venueId)) {
      this.reading.set(venueId, true);
      return;
    }
    this.reading.set(venueId, false);
    const run = (async () => {
      try {
        do {
          this.reading.set(venueId, false);
          const state = await loadState(this.deps, venueId);
          if (state) this.deps.hub.deliver({ type: 'live_state', state }, { kind: 'room', room: liveRoom(venueId) });
          if (this.reading.get(venueId)) await new Promise((resolve) => setTimeout(resolve, LIVE_PUSH_GAP_MS));
        } while (this.reading.get(venueId));
      } catch (err) {
        this.deps.log.warn({ err, venueId }, 'live state push failed');
      } finally {
        this.reading.delete(venueId);
      }
    })();
    this.inFlight.add(run);
    void run.finally(() => this.inFlight.delete(run));
  }

  /** Resolves when no snapshot read is in flight (tests). */
  async idle() {
    while (this.inFlight.size) await Promise.all([...this.inFlight]);
  }

  sweep() {
    return sweep(this.deps);
  }

  start() {
    this.timer ??= setInterval(
      () => void this.sweep().catch((err) => this.deps.log.warn({ err }, 'live sweep failed')),
      LIVE_SWEEP_MS,
    );
    this.timer.unref();
  }

  async stop() {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.idle();
  }
}
