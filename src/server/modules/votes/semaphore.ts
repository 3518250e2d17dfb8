/** A tiny async semaphore: at most `size` holders at once, the rest wait in order. */
export class Semaphore {
  private active = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(private readonly size: number) {}

  /** Runs `fn` once a place is free and releases the place when it settles. */
  async run<T>(fn: () => Promise<T>): Promise<T> {
    if (this.active >= this.size) await new Promise<void>((resolve) => this.waiting.push(resolve));
    else this.active++;
    try {
      return await fn();
    } finally {
      const next = this.waiting.shift();
      // Hand the place straight to the next waiter, so that a newcomer cannot jump the queue.
      if (next) next();
      else this.active--;
    }
  }
}
