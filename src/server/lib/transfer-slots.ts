/** A per-instance bound on work that holds resources for long (file transfers): a counter, not a queue. */
export class TransferSlots {
  private active = 0;

  constructor(readonly max: number) {}

  /** Takes a slot and returns its release (safe to call more than once), or null when all are taken. */
  tryAcquire(): (() => void) | null {
    if (this.active >= this.max) return null;
    this.active++;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.active--;
    };
  }

  /** Slots in use now. */
  get inUse() {
    return this.active;
  }
}
