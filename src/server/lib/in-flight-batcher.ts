/**
 * Runs work in batches with one batch in flight at a time (as a database's group commit does): an item added while
 * none is in flight goes at once, alone; the items added meanwhile go together in the next batch, in the order they
 * came. Quiet traffic waits for nothing, and a burst costs a few round trips instead of one per item (ADR 048).
 */
export class InFlightBatcher<T, R> {
  private readonly waiting: { item: T; done: (result: R) => void; failed: (err: unknown) => void }[] = [];
  private running = false;

  /**
   * `run` does one batch and returns one result per item, in order. `take` says how many of the waiting items the next
   * batch takes (at least one): all of them by default. `gatherTurn`: a batch that starts while none is in flight waits
   * for the end of the event loop's turn, and takes the items added in it (the requests read from the sockets in one
   * turn: a burst's first batch holds all of them, not only the first).
   */
  constructor(
    private readonly run: (items: T[]) => Promise<R[]>,
    private readonly take: (waiting: readonly T[]) => number = (waiting) => waiting.length,
    private readonly gatherTurn = false,
  ) {}

  /** Resolves with the item's result when its batch is done; rejects with the batch's error when it fails. */
  add(item: T): Promise<R> {
    return new Promise<R>((done, failed) => {
      this.waiting.push({ item, done, failed });
      if (this.running) return;
      this.running = true;
      if (this.gatherTurn) setImmediate(() => void this.drain());
      else void this.drain();
    });
  }

  private async drain() {
    while (this.waiting.length) {
      const count = Math.max(1, this.take(this.waiting.map((w) => w.item)));
      const batch = this.waiting.splice(0, count);
      try {
        const results = await this.run(batch.map((w) => w.item));
        batch.forEach((w, i) => w.done(results[i]));
      } catch (err) {
        for (const w of batch) w.failed(err);
      }
    }
    this.running = false;
  }
}

/**
 * How many of the waiting items the next batch may take: up to `max`, and no two with the same key (a batch stops
 * before the first repeat). For batches whose statement would fold or refuse repeats.
 */
export function distinctPrefix<T>(waiting: readonly T[], key: (item: T) => string, max: number): number {
  const seen = new Set<string>();
  for (const [i, item] of waiting.entries()) {
    const k = key(item);
    if (i === max || seen.has(k)) return i;
    seen.add(k);
  }
  return waiting.length;
}
