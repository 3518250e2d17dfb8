/**
 * Runs tasks at most `width` at a time, each after a turn of the event loop. PGlite runs a query synchronously in
 * the main thread and starts the next queued one from a microtask, so many queued chunk queries would run back to
 * back and starve every socket; through a gate of width 1, at most one chunk query waits there, and pending I/O
 * (a `/livez`, other requests) is served between any two of them.
 */
export class TurnGate {
  private active = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(private readonly width: number) {}

  /** Runs `task` when a place is free and the event loop has turned once. */
  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.active < this.width) this.active++;
    else await new Promise<void>((resolve) => this.waiting.push(resolve));
    try {
      await new Promise((resolve) => setImmediate(resolve));
      return await task();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.active--;
    }
  }
}
