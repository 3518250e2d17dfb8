/** Environment configuration, parsed with zod at boot so that a bad variable fails fast by name. */
import path from 'node:path';
import { z } from 'zod';
import { GLOBAL_MIX_SIZE, TRENDING_LIMIT_MAX } from '../shared/constants';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { message: 'must be true or false' })
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const count = (what: string, max: number, fallback: number) =>
  z.coerce
    .number({ message: `must be a number of ${what}` })
    .int()
    .min(1)
    .max(max)
    .default(fallback);

/** The websocket limits (ADR 011): one socket's message budget and queue, sockets per user and address, rooms. */
const websocketLimitsEnv = () => ({
  WS_MESSAGES_PER_SECOND: z.coerce
    .number({ message: 'must be a number of messages a second' })
    .positive()
    .max(1_000_000)
    .default(20),
  WS_MESSAGE_BURST: count('messages', 1_000_000, 40),
  WS_MAX_QUEUED_MESSAGES: count('messages', 1_000_000, 50),
  WS_MAX_SOCKETS_PER_USER: count('sockets', 10_000, 10),
  WS_MAX_ANONYMOUS_SOCKETS_PER_ADDRESS: count('sockets', 100_000, 50),
  WS_MAX_ROOMS_PER_SOCKET: count('rooms', 10_000, 20),
});

/**
 * Caps on the in-process caches keyed per session or user (ADR 022): each drops its least recently used entries
 * past its cap, so an instance's memory does not grow with the number of users. The defaults hold 100,000 active
 * users (docs/scaling.md states their memory).
 */
const cacheCapsEnv = () => ({
  SESSION_CACHE_MAX: count('sessions', 10_000_000, 100_000),
  OWN_VOTES_CACHE_ENTRIES: count('entries', 10_000_000, 100_000),
  OWN_VOTES_CACHE_VOTES: count('votes', 100_000_000, 4_000_000),
  RATE_LIMIT_KEYS_MAX: count('keys', 10_000_000, 200_000),
  // 0 turns the search answer cache off (ADR 026).
  SEARCH_CACHE_ENTRIES: z.coerce
    .number({ message: 'must be a number of entries' })
    .int()
    .min(0)
    .max(1_000_000)
    .default(1_000),
  /** Songs the mix cache keeps per context and order (ADR 025); at least a full mix (checked with the others). */
  MIX_CACHE_TOP_K: count('songs', 1_000_000, 1_000),
});

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  HOST: z.string().min(1).default('0.0.0.0'),
  PORT: z.coerce.number({ message: 'must be a port number' }).int().min(0).max(65535).default(5000),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
    .optional(),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must be a redis:// or rediss:// URL')
    .optional(),
  APP_URL: z.url({ message: 'must be an absolute URL such as https://crowdmix.example' }).optional(),
  SESSION_TTL_DAYS: z.coerce.number({ message: 'must be a number of days' }).int().min(1).max(365).default(30),
  SEED_DEMO: bool.default(true),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  MAX_UPLOAD_MB: z.coerce.number({ message: 'must be a number of megabytes' }).positive().max(200).default(20),
  FILE_TRANSFERS_MAX: z.coerce.number({ message: 'must be a number of transfers' }).int().min(1).max(1000).default(16),
  TRUST_PROXY: bool.default(false),
  OIDC_ISSUER_URL: z.url({ message: 'must be the issuer URL of your OpenID provider' }).optional(),
  OIDC_CLIENT_ID: z.string().min(1).optional(),
  OIDC_CLIENT_SECRET: z.string().min(1).optional(),
  OIDC_SCOPES: z.string().default('openid email profile'),
  AI_BASE_URL: z.url({ message: 'must be the base URL of an OpenAI-compatible API' }).optional(),
  AI_API_KEY: z.string().optional(),
  AI_MODEL: z.string().min(1).optional(),
  AI_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
  SIGNUP_LIMIT_PER_HOUR: z.coerce
    .number({ message: 'must be a number of sign-ups' })
    .int()
    .min(1)
    .max(100_000)
    .default(10),
  LOGIN_FAILURES_PER_ACCOUNT_ADDRESS: z.coerce
    .number({ message: 'must be a number of failed sign-ins' })
    .int()
    .min(1)
    .max(1000)
    .default(5),
  LOGIN_ATTEMPTS_PER_ADDRESS: z.coerce
    .number({ message: 'must be a number of sign-in attempts' })
    .int()
    .min(1)
    .max(100_000)
    .default(25),
  LOGIN_DELAY_AFTER_FAILURES: z.coerce
    .number({ message: 'must be a number of failed sign-ins' })
    .int()
    .min(1)
    .max(1000)
    .default(5),
  LOGIN_DELAY_MAX_SECONDS: z.coerce.number({ message: 'must be a number of seconds' }).int().min(0).max(60).default(10),
  SONGS_PAGE_SIZE: z.coerce.number({ message: 'must be a number of songs' }).int().min(1).max(1000).default(50),
  SONGS_PAGE_MAX: z.coerce.number({ message: 'must be a number of songs' }).int().min(1).max(1000).default(100),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL, e.g. smtp://user:pass@mail.example:587')
    .optional(),
  MAIL_FROM: z.string().min(3).max(200).optional(),
  ADMIN_EMAILS: z
    .string()
    .transform((v) =>
      v
        .split(',')
        .map((e) => e.trim().toLowerCase())
        .filter(Boolean),
    )
    .pipe(z.array(z.email({ message: 'must be a comma-separated list of email addresses' })))
    .optional(),
  ...websocketLimitsEnv(),
  ...cacheCapsEnv(),
  PASSWORD_RESET_TTL_MINUTES: z.coerce
    .number({ message: 'must be a number of minutes' })
    .int()
    .min(5)
    .max(1440)
    .default(30),
});

export type Env = z.infer<typeof EnvSchema>;

/** Rules that tie variables together; checked on the raw values so they are reported with the others. */
function crossFieldProblems(env: Record<string, string | undefined>): string[] {
  const problems: string[] = [];
  const oidc = ['OIDC_ISSUER_URL', 'OIDC_CLIENT_ID', 'OIDC_CLIENT_SECRET'] as const;
  const set = oidc.filter((k) => env[k]);
  if (set.length > 0 && set.length < oidc.length) {
    for (const k of oidc.filter((k) => !env[k])) problems.push(`${k} is required when OpenID Connect is configured`);
  }
  if (set.length > 0 && !env.APP_URL) problems.push('APP_URL is required when OpenID Connect is configured');
  // PGlite is one process: there are no other instances for Redis to reach.
  if (env.REDIS_URL && !env.DATABASE_URL)
    problems.push('REDIS_URL needs DATABASE_URL (PGlite runs one instance; Redis only bridges instances)');
  if (env.AI_BASE_URL && !env.AI_MODEL) problems.push('AI_MODEL is required when AI_BASE_URL is set');
  const size = Number(env.SONGS_PAGE_SIZE ?? 50);
  const max = Number(env.SONGS_PAGE_MAX ?? 100);
  if (Number.isFinite(size) && Number.isFinite(max) && size > max)
    problems.push('SONGS_PAGE_SIZE must not be larger than SONGS_PAGE_MAX');
  // Reset links name the public URL; taken from the request's Host header they could point anywhere.
  if (env.SMTP_URL && !env.APP_URL) problems.push('APP_URL is required when SMTP_URL is set (reset links use it)');
  // An entry must always be able to show a full mix (and the longest trending list a client may ask for).
  const topK = Number(env.MIX_CACHE_TOP_K ?? 1000);
  if (Number.isFinite(topK) && topK >= 1 && topK < Math.max(GLOBAL_MIX_SIZE, TRENDING_LIMIT_MAX))
    problems.push(`MIX_CACHE_TOP_K must be at least ${Math.max(GLOBAL_MIX_SIZE, TRENDING_LIMIT_MAX)} (a full mix)`);
  return problems;
}

export interface Config {
  env: Env['NODE_ENV'];
  host: string;
  port: number;
  dataDir: string;
  databaseUrl?: string;
  /** Redis for the realtime hub between instances (pub/sub) instead of PostgreSQL's LISTEN/NOTIFY (ADR 022). */
  redisUrl?: string;
  appUrl?: string;
  /** True when the public URL is https: cookies get `Secure`. */
  secureCookies: boolean;
  sessionTtlMs: number;
  seedDemo: boolean;
  logLevel: Env['LOG_LEVEL'];
  maxUploadBytes: number;
  /** PDF uploads and downloads one instance moves at once; past it 503 with Retry-After. */
  fileTransfersMax: number;
  trustProxy: boolean;
  oidc?: { issuerUrl: string; clientId: string; clientSecret: string; scopes: string };
  ai?: { baseUrl: string; apiKey?: string; model: string; timeoutMs: number };
  aiTimeoutMs: number;
  /** Accounts one IP may create per hour. */
  signupLimitPerHour: number;
  /** Sign-in throttling (ADR 014): per account and address, per address, and the account-wide delay. */
  signIn: {
    /** Failed sign-ins one address may make for one account in 30 minutes before it is refused (429). */
    failuresPerAccountAddress: number;
    /** Sign-in attempts one address may make in 5 minutes, whatever the accounts. */
    attemptsPerAddress: number;
    /** Failed sign-ins for an account (from anywhere, 30 minutes) before its attempts are slowed down. */
    delayAfterFailures: number;
    /** The longest the account-wide delay grows to (it starts at 1 s and doubles); 0 turns it off. */
    delayMaxMs: number;
  };
  /** GET /api/songs: songs per page when the client names no limit, and the largest limit it may name. */
  songsPage: { size: number; max: number };
  /** Outgoing mail (password resets); absent when SMTP_URL is unset. */
  mail?: { url: string; from: string };
  /** Addresses (lower case) whose accounts are administrators. */
  adminEmails: string[];
  passwordResetTtlMs: number;
  /** Websocket limits (ADR 011). */
  websocket: WebsocketLimits;
  /** Caps on the per-session and per-user caches (ADR 022). */
  caches: CacheCaps;
  /** The bounded mix cache (ADR 025). */
  mixCache: MixCacheSizes;
  /** Where the built SPA lives; absent in tests that do not need it. */
  webDir?: string;
}

export interface WebsocketLimits {
  /** A socket's message budget: this many messages a second on average... */
  messagesPerSecond: number;
  /** ...and at most this many at once (a token bucket); past it the socket is closed with 1008. */
  messageBurst: number;
  /** Messages received but not yet handled, per socket; past it the socket is closed with 1008. */
  maxQueuedMessages: number;
  /** Open sockets per signed-in user on one instance; a new one closes the oldest. */
  maxSocketsPerUser: number;
  /** Open anonymous sockets per client address on one instance; more are refused (429). */
  maxAnonymousSocketsPerAddress: number;
  /** Rooms one socket may be in at once; a subscribe past it is refused. */
  maxRoomsPerSocket: number;
}

export interface CacheCaps {
  /** Sessions one instance keeps in memory (and last-seen times, recent sign-outs); least recently checked go. */
  sessions: number;
  /** (user, context) pairs of own votes kept; the least recently read go first. */
  ownVotesEntries: number;
  /** Votes kept over every cached (user, context), four bytes each. */
  ownVotesVotes: number;
  /** Rate-limiter buckets (one per rule and key: an account, an address); the least recently hit go first. */
  rateLimitKeys: number;
  /** Search answers (per text and limit) kept; the least recently read go first; 0: no answer cache (ADR 026). */
  searchEntries: number;
}

export interface MixCacheSizes {
  /** Songs kept per context in each order (mix, trending): the top K as loaded, kept exact by events. */
  topK: number;
  /** Songs in a mix (the spec's 100; not an environment variable: tests shrink it together with topK). */
  mixSize: number;
  /** The longest trending list a client may ask for (50). */
  trendingSize: number;
}

/** The defaults, for code that builds a hub without a configuration (unit tests). */
export const DEFAULT_WEBSOCKET_LIMITS: WebsocketLimits = {
  messagesPerSecond: 20,
  messageBurst: 40,
  maxQueuedMessages: 50,
  maxSocketsPerUser: 10,
  maxAnonymousSocketsPerAddress: 50,
  maxRoomsPerSocket: 20,
};

export class ConfigError extends Error {
  constructor(public readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Parses environment variables into a Config, or throws a ConfigError naming every bad variable. */
export function loadConfig(source: Record<string, string | undefined> = process.env): Config {
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = EnvSchema.safeParse(cleaned);
  const problems = [
    ...(parsed.success ? [] : parsed.error.issues.map((i) => `${i.path.join('.') || 'environment'} ${i.message}`)),
    ...crossFieldProblems(cleaned),
  ];
  if (problems.length || !parsed.success) throw new ConfigError(problems);
  const e = parsed.data;
  return {
    env: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    appUrl: e.APP_URL?.replace(/\/$/, ''),
    secureCookies: e.APP_URL?.startsWith('https://') ?? false,
    sessionTtlMs: e.SESSION_TTL_DAYS * 86_400_000,
    seedDemo: e.SEED_DEMO,
    logLevel: e.LOG_LEVEL,
    maxUploadBytes: Math.round(e.MAX_UPLOAD_MB * 1024 * 1024),
    fileTransfersMax: e.FILE_TRANSFERS_MAX,
    trustProxy: e.TRUST_PROXY,
    oidc:
      e.OIDC_ISSUER_URL && e.OIDC_CLIENT_ID && e.OIDC_CLIENT_SECRET
        ? {
            issuerUrl: e.OIDC_ISSUER_URL,
            clientId: e.OIDC_CLIENT_ID,
            clientSecret: e.OIDC_CLIENT_SECRET,
            scopes: e.OIDC_SCOPES,
          }
        : undefined,
    ai:
      e.AI_BASE_URL && e.AI_MODEL
        ? {
            baseUrl: e.AI_BASE_URL.replace(/\/$/, ''),
            apiKey: e.AI_API_KEY,
            model: e.AI_MODEL,
            timeoutMs: e.AI_TIMEOUT_MS,
          }
        : undefined,
    aiTimeoutMs: e.AI_TIMEOUT_MS,
    signupLimitPerHour: e.SIGNUP_LIMIT_PER_HOUR,
    signIn: {
      failuresPerAccountAddress: e.LOGIN_FAILURES_PER_ACCOUNT_ADDRESS,
      attemptsPerAddress: e.LOGIN_ATTEMPTS_PER_ADDRESS,
      delayAfterFailures: e.LOGIN_DELAY_AFTER_FAILURES,
      delayMaxMs: e.LOGIN_DELAY_MAX_SECONDS * 1000,
    },
    songsPage: { size: e.SONGS_PAGE_SIZE, max: e.SONGS_PAGE_MAX },
    mail: e.SMTP_URL
      ? {
          url: e.SMTP_URL,
          from: e.MAIL_FROM ?? `CrowdMix <no-reply@${new URL(e.APP_URL ?? 'http://localhost').hostname}>`,
        }
      : undefined,
    adminEmails: e.ADMIN_EMAILS ?? [],
    passwordResetTtlMs: e.PASSWORD_RESET_TTL_MINUTES * 60_000,
    websocket: {
      messagesPerSecond: e.WS_MESSAGES_PER_SECOND,
      messageBurst: e.WS_MESSAGE_BURST,
      maxQueuedMessages: e.WS_MAX_QUEUED_MESSAGES,
      maxSocketsPerUser: e.WS_MAX_SOCKETS_PER_USER,
      maxAnonymousSocketsPerAddress: e.WS_MAX_ANONYMOUS_SOCKETS_PER_ADDRESS,
      maxRoomsPerSocket: e.WS_MAX_ROOMS_PER_SOCKET,
    },
    caches: {
      sessions: e.SESSION_CACHE_MAX,
      ownVotesEntries: e.OWN_VOTES_CACHE_ENTRIES,
      ownVotesVotes: e.OWN_VOTES_CACHE_VOTES,
      rateLimitKeys: e.RATE_LIMIT_KEYS_MAX,
      searchEntries: e.SEARCH_CACHE_ENTRIES,
    },
    mixCache: { topK: e.MIX_CACHE_TOP_K, mixSize: GLOBAL_MIX_SIZE, trendingSize: TRENDING_LIMIT_MAX },
  };
}
