/**
 * Keeps vote_totals close behind the tally slots (ADR 029): about every second, folds the dirty slots in, batch
 * after batch while batches come back full. Every instance runs one; an advisory lock lets one fold at a time
 * across instances. Readers never depend on how far behind it is (exact readers add the dirty pairs' slot sums):
 * the lag only decides how many pairs those readers sum, normally one second's votes.
 */
import type { Db } from '../../db/client';
import { FOLD_BATCH, foldTallies } from './votes.repository';

export const TOTALS_FOLD_EVERY_MS = 1_000;

export class TotalsFold {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;

  constructor(
    private readonly db: Db,
    private readonly onError: (err: unknown) => void,
    private readonly everyMs = TOTALS_FOLD_EVERY_MS,
  ) {}

  start() {
    this.timer ??= setInterval(() => void this.run(), this.everyMs);
    this.timer.unref();
  }

  /** Folds until a batch comes back short (or another instance holds the lock); one run at a time. */
  run(): Promise<void> {
    this.running ??= (async () => {
      try {
        while ((await foldTallies(this.db)) >= FOLD_BATCH) {
          /* more dirty slots than one batch: go on */
        }
      } catch (err) {
        this.onError(err);
      } finally {
        this.running = null;
      }
    })();
    return this.running;
  }

  async stop() {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
  }
}
