/**
 * Sign-in throttling that nobody can aim at someone else (ADR 014):
 * - failed sign-ins are refused per account *and address*: a stranger's failures shut out the stranger's
 *   address, never the owner signing in from elsewhere;
 * - every address has a budget of attempts, whatever the accounts (password spraying);
 * - an account that keeps failing from many addresses is slowed down, never locked: each attempt waits 1 s,
 *   2 s, 4 s… up to a cap, before its password is checked. The owner waits at most the cap and gets in.
 */
import { AppError } from '../../lib/http-errors';
import { RATE_RULES, type RateLimiter, type RateRule } from '../../lib/rate-limiter';
import type { Config } from '../../config';

/** The first step of the account-wide delay; each further failure doubles it up to the configured cap. */
export const DELAY_BASE_MS = 1_000;

export class SignInThrottle {
  private readonly perAccountAddress: RateRule;
  private readonly perAddress: RateRule;
  private readonly accountFailures = RATE_RULES.loginAccountFailures;

  constructor(
    private readonly limiter: RateLimiter,
    private readonly limits: Config['signIn'],
  ) {
    this.perAccountAddress = { ...RATE_RULES.loginPerAccountAddress, limit: limits.failuresPerAccountAddress };
    this.perAddress = { ...RATE_RULES.loginPerIp, limit: limits.attemptsPerAddress };
  }

  /**
   * Lets one attempt for `account` from `address` through, or throws a 429 with Retry-After; counts it against the
   * address. Returns how long the attempt must wait before its password is checked (0 for most).
   */
  admit(account: string, address: string): number {
    const pair = pairKey(account, address);
    const forPair = this.limiter.check(this.perAccountAddress, pair);
    const forAddress = this.limiter.check(this.perAddress, address);
    if (forPair > 0 || forAddress > 0) {
      const rule = forPair > 0 ? this.perAccountAddress : this.perAddress;
      throw new AppError(429, rule.message!, 'RATE_LIMITED', { retryAfterSeconds: Math.max(forPair, forAddress) });
    }
    this.limiter.record(this.perAddress, address);
    return this.delayMs(account);
  }

  /** The wait before the next attempt on `account` is checked: grows with its recent failures, capped. */
  delayMs(account: string): number {
    const failures = this.limiter.count(this.accountFailures, account);
    const over = failures - this.limits.delayAfterFailures;
    if (over < 0 || this.limits.delayMaxMs <= 0) return 0;
    return Math.min(this.limits.delayMaxMs, DELAY_BASE_MS * 2 ** Math.min(over, 30));
  }

  failed(account: string, address: string) {
    this.limiter.record(this.perAccountAddress, pairKey(account, address));
    this.limiter.record(this.accountFailures, account);
  }

  /** The right password clears the account's delay and this address's failures (not other addresses'). */
  succeeded(account: string, address: string) {
    this.limiter.reset(this.perAccountAddress, pairKey(account, address));
    this.limiter.reset(this.accountFailures, account);
  }
}

const pairKey = (account: string, address: string) => `${account}\n${address}`;

/** Waits `ms` milliseconds (the app's default; tests pass their own to record waits instead). */
export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
