/**
 * One socket's message budget: a token bucket holding `burst` tokens, refilled at `perSecond`. Each message a
 * socket sends takes a token; a socket that finds the bucket empty has sent more than the budget allows.
 */
export class MessageBudget {
  private tokens: number;
  private last: number;

  constructor(
    private readonly perSecond: number,
    private readonly burst: number,
    private readonly now: () => number = () => performance.now(),
  ) {
    this.tokens = burst;
    this.last = now();
  }

  /** Takes a token for one message; false when none is left. */
  take(): boolean {
    const t = this.now();
    this.tokens = Math.min(this.burst, this.tokens + ((t - this.last) / 1000) * this.perSecond);
    this.last = t;
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }
}
