/**
 * A sliding-window rate limiter kept in memory. Each instance limits its own traffic; behind a load balancer
 * with N instances the effective limit is at most N times the figure (see docs/decisions/006-rate-limits.md).
 */
import { tooManyRequests } from './http-errors';

export interface RateRule {
  /** Name used in the key and the message. */
  name: string;
  limit: number;
  windowMs: number;
  message?: string;
  /** At most this many hits are kept per key, the newest (a counter that only grades, never refuses). */
  keep?: number;
}

export interface RateLimiterOptions {
  /**
   * Buckets (rule and key) held at most; past it the least recently hit is dropped, so memory does not grow with
   * the number of users and addresses (RATE_LIMIT_KEYS_MAX, ADR 022). A dropped bucket starts again from zero.
   */
  maxKeys: number;
}

export class RateLimiter {
  /** Insertion order is recency order: every recorded hit moves its bucket to the end. */
  private readonly hits = new Map<string, number[]>();
  private sweeps = 0;

  constructor(
    private readonly now: () => number = Date.now,
    private readonly options: RateLimiterOptions = { maxKeys: 200_000 },
  ) {}

  /** How many buckets are held (for tests and the limits). */
  get size() {
    return this.hits.size;
  }

  /** Records one hit for `key` under `rule`; throws a 429 AppError with Retry-After when over the limit. */
  hit(rule: RateRule, key: string): void {
    const retry = this.check(rule, key);
    if (retry > 0) throw tooManyRequests(rule.message ?? 'Too many requests. Please slow down.', retry);
    this.record(rule, key);
  }

  /** Seconds until `key` may act again under `rule`, or 0 when it may act now. Records nothing. */
  check(rule: RateRule, key: string): number {
    const list = this.prune(rule, key);
    if (list.length < rule.limit) return 0;
    const oldest = list[list.length - rule.limit];
    return Math.max(1, Math.ceil((oldest + rule.windowMs - this.now()) / 1000));
  }

  /** Records one hit without checking (e.g. a failed sign-in). */
  record(rule: RateRule, key: string): void {
    const k = `${rule.name}:${key}`;
    const list = this.hits.get(k) ?? [];
    list.push(this.now());
    if (rule.keep !== undefined && list.length > rule.keep) list.shift();
    this.hits.delete(k);
    this.hits.set(k, list);
    if (this.hits.size > this.options.maxKeys) this.hits.delete(this.hits.keys().next().value!);
    if (++this.sweeps % 1000 === 0) this.sweep();
  }

  /** How many hits `key` has under `rule` within the window. */
  count(rule: RateRule, key: string): number {
    return this.prune(rule, key).length;
  }

  /** Forgets every hit of `key` under `rule` (e.g. after a successful sign-in). */
  reset(rule: RateRule, key: string): void {
    this.hits.delete(`${rule.name}:${key}`);
  }

  private prune(rule: RateRule, key: string): number[] {
    const k = `${rule.name}:${key}`;
    const list = this.hits.get(k);
    if (!list) return [];
    const cutoff = this.now() - rule.windowMs;
    while (list.length && list[0] <= cutoff) list.shift();
    if (!list.length) this.hits.delete(k);
    return list;
  }

  private sweep() {
    const now = this.now();
    // Windows are at most a day; anything older is dead weight.
    for (const [k, list] of this.hits)
      if (!list.length || list[list.length - 1] < now - 86_400_000) this.hits.delete(k);
  }
}

/** The product's limits, in one place. */
export const RATE_RULES = {
  /** Failed sign-ins for one account from one address (LOGIN_FAILURES_PER_ACCOUNT_ADDRESS; ADR 014). */
  loginPerAccountAddress: {
    name: 'login-account-address',
    limit: 5,
    windowMs: 30 * 60_000,
    message: 'Too many failed sign-in attempts for this account. Try again later.',
  },
  /** Failed sign-ins for one account from anywhere: graded into a delay, never a refusal (ADR 014). */
  loginAccountFailures: {
    name: 'login-account-failures',
    limit: Number.POSITIVE_INFINITY,
    windowMs: 30 * 60_000,
    keep: 64,
  },
  /** Sign-in attempts from one address, whatever the accounts (LOGIN_ATTEMPTS_PER_ADDRESS). */
  loginPerIp: {
    name: 'login-ip',
    limit: 25,
    windowMs: 5 * 60_000,
    message: 'Too many sign-in attempts from your network. Try again later.',
  },
  register: {
    name: 'register',
    limit: 10,
    windowMs: 60 * 60_000,
    message: 'Too many accounts created from your network. Try again later.',
  },
  votes: {
    name: 'votes',
    limit: 60,
    windowMs: 60_000,
    message: 'You are voting too fast. Take a breath and try again in a moment.',
  },
  uploads: { name: 'uploads', limit: 30, windowMs: 30 * 60_000, message: 'Upload limit reached. Try again later.' },
  chat: { name: 'chat', limit: 20, windowMs: 30_000, message: 'You are sending messages too fast. Wait a moment.' },
  aiMinute: {
    name: 'ai-minute',
    limit: 10,
    windowMs: 60_000,
    message: 'DJ Verse needs a moment to catch up. Try again shortly.',
  },
  /** Wrong current passwords on account actions (change password or email, delete): like sign-in, per account. */
  passwordCheck: {
    name: 'password-check',
    limit: 5,
    windowMs: 30 * 60_000,
    message: 'Too many wrong passwords. Try again later.',
  },
  resetPerIp: {
    name: 'reset-ip',
    limit: 10,
    windowMs: 60 * 60_000,
    message: 'Too many password reset requests from your network. Try again later.',
  },
  /** Per address, whether or not an account has it, so that the limit reveals nothing. */
  resetPerEmail: {
    name: 'reset-email',
    limit: 3,
    windowMs: 60 * 60_000,
    message: 'Too many password reset requests for this address. Try again later.',
  },
  reports: {
    name: 'reports',
    limit: 10,
    windowMs: 60 * 60_000,
    message: 'You have sent many reports. Try again later.',
  },
  blocks: { name: 'blocks', limit: 30, windowMs: 60 * 60_000, message: 'Too many blocks at once. Try again later.' },
  mutes: { name: 'mutes', limit: 60, windowMs: 60 * 60_000, message: 'Too many mutes at once. Try again later.' },
  /** Venue Live (ADR 019), per account: join attempts (a wrong code counts too), requests, votes, skip votes, reactions. */
  liveJoin: {
    name: 'live-join',
    limit: 10,
    windowMs: 10 * 60_000,
    message: 'Too many attempts with join codes. Check the code on the venue’s screen and try again in a few minutes.',
  },
  liveRequests: {
    name: 'live-requests',
    limit: 20,
    windowMs: 10 * 60_000,
    message: 'You are requesting songs too fast. Try again in a few minutes.',
  },
  liveVotes: {
    name: 'live-votes',
    limit: 60,
    windowMs: 60_000,
    message: 'You are voting too fast. Take a breath and try again in a moment.',
  },
  liveSkips: {
    name: 'live-skips',
    limit: 10,
    windowMs: 60_000,
    message: 'Too many skip votes. Try again in a moment.',
  },
  liveReactions: {
    name: 'live-reactions',
    limit: 10,
    windowMs: 30_000,
    message: 'Easy on the reactions: try again in a few seconds.',
  },
  aiDay: {
    name: 'ai-day',
    limit: 100,
    windowMs: 86_400_000,
    message: "You reached today's limit for DJ Verse. Come back tomorrow.",
  },
} satisfies Record<string, RateRule>;
