import { fileURLToPath } from 'node:url';
import ipaddr from 'ipaddr.js';
import { z } from 'zod';
import { DEFAULT_STATEMENT_TIMEOUT_MS } from './db/database.ts';

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL (leave it unset for SQLite)')
    .optional(),
  DATABASE_STATEMENT_TIMEOUT_MS: z.coerce
    .number()
    .int()
    .min(0)
    .max(3_600_000)
    .default(DEFAULT_STATEMENT_TIMEOUT_MS),
  APP_URL: z.url().default('http://localhost:3000'),
  APP_SECRET: z.string().optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
    .optional(),
  MAIL_FROM: z.string().min(3).default('Platen <no-reply@platen.local>'),
  MAX_UPLOAD_MB: z.coerce.number().positive().max(1024).default(20),
  TRUST_PROXY: z.string().optional(),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\/[^/?#]/, 'must be a redis:// or rediss:// URL')
    .refine((value) => URL.canParse(value), 'must be a redis:// or rediss:// URL')
    .optional(),
  REDIS_TIMEOUT_MS: z.coerce.number().int().min(10).max(5_000).default(100),
  REDIS_KEY_PREFIX: z
    .string()
    .regex(/^[\w:.-]{1,64}$/, 'must be 1 to 64 letters, digits, or _ : . -')
    .default('platen:'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST_DIR: z.string().optional(),
  API_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(6000),
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  IDEMPOTENCY_WINDOW_HOURS: z.coerce.number().positive().max(720).default(24),
  IDEMPOTENCY_LEASE_SECONDS: z.coerce.number().positive().max(3600).default(30),
  IDEMPOTENCY_SWEEP_MINUTES: z.coerce.number().positive().max(1440).default(15),
  JOB_RETENTION_DAYS: z.coerce.number().positive().max(365).default(7),
  JOB_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(2),
  JOB_CHUNK_ITEMS: z.coerce.number().int().min(1).max(100_000).default(500),
  JOB_HEARTBEAT_SECONDS: z.coerce.number().int().min(10).max(3600).default(30),
  JOB_POLLING_SECONDS: z.coerce.number().min(0.5).max(60).default(2),
  JOB_RETRY_SECONDS: z.coerce.number().int().min(1).max(3600).default(5),
  JOB_SWEEP_MINUTES: z.coerce.number().positive().max(1440).default(15),
  JOB_LINK_HOURS: z.coerce.number().positive().max(168).default(24),
  WEBHOOKS_ALLOW_PRIVATE_URLS: z.enum(['true', 'false']).default('false'),
  WEBHOOK_TIMEOUT_SECONDS: z.coerce.number().positive().max(60).default(10),
  WEBHOOK_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(30).default(12),
  WEBHOOK_RETRY_BASE_SECONDS: z.coerce.number().positive().max(86_400).default(120),
  WEBHOOK_POLLING_SECONDS: z.coerce.number().min(0.1).max(3600).default(1),
  STRIPE_SECRET_KEY: z
    .string()
    .regex(/^(sk|rk)_/, 'must be a Stripe secret key (sk_… or rk_…)')
    .optional(),
  STRIPE_WEBHOOK_SECRET: z.string().min(1).optional(),
  STRIPE_METER_EVENT: z.string().min(1).default('platen_overage_documents'),
});

/** Card payments through Stripe; absent when STRIPE_SECRET_KEY is not set. */
type StripeConfig = {
  secretKey: string;
  webhookSecret: string;
  /** STRIPE_PRICE_<PLAN>: the subscription price of each paid plan, by plan type. */
  prices: Record<string, string>;
  /** STRIPE_OVERAGE_PRICE_<PLAN>: optional metered price that bills overage documents. */
  overagePrices: Record<string, string>;
  /** STRIPE_METER_EVENT: the Billing Meter event that counts overage documents. */
  meterEventName: string;
};

const pricesFrom = (env: NodeJS.ProcessEnv, prefix: string): Record<string, string> =>
  Object.fromEntries(
    Object.entries(env)
      .filter(([name, value]) => name.startsWith(prefix) && value)
      .map(([name, value]) => [name.slice(prefix.length), value ?? '']),
  );

const stripeConfig = (
  env: NodeJS.ProcessEnv,
  e: { STRIPE_SECRET_KEY?: string; STRIPE_WEBHOOK_SECRET?: string; STRIPE_METER_EVENT: string },
): StripeConfig | undefined => {
  if (!e.STRIPE_SECRET_KEY) return undefined;
  if (!e.STRIPE_WEBHOOK_SECRET) {
    throw new ConfigError('STRIPE_WEBHOOK_SECRET: must be set when STRIPE_SECRET_KEY is set.');
  }
  return {
    secretKey: e.STRIPE_SECRET_KEY,
    webhookSecret: e.STRIPE_WEBHOOK_SECRET,
    prices: pricesFrom(env, 'STRIPE_PRICE_'),
    overagePrices: pricesFrom(env, 'STRIPE_OVERAGE_PRICE_'),
    meterEventName: e.STRIPE_METER_EVENT,
  };
};

const s3EnvSchema = z.object({
  // AWS's rules for bucket names, which MinIO and R2 follow too.
  S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be a bucket name (a-z, 0-9, "." and "-")')
    .optional(),
  S3_ENDPOINT: z
    .string()
    .regex(/^https?:\/\/[^/?#]/, 'must be an http:// or https:// URL')
    .refine((value) => URL.canParse(value), 'must be an http:// or https:// URL')
    .optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
});

/** Job results in an S3 bucket (AWS S3, MinIO, R2); absent when S3_BUCKET is not set. */
export type S3Config = {
  bucket: string;
  /** S3_ENDPOINT: the server of an S3-compatible service; AWS S3 when unset. */
  endpoint: string | undefined;
  /** S3_REGION: `us-east-1` unless set (R2 takes `auto`). */
  region: string;
  /** S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY; without them the AWS SDK's own chain (a role). */
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
};

const s3Config = (env: NodeJS.ProcessEnv): S3Config | undefined => {
  const parsed = s3EnvSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration.\n  ${problems.join('\n  ')}`);
  }
  const e = parsed.data;
  if ((e.S3_ACCESS_KEY_ID === undefined) !== (e.S3_SECRET_ACCESS_KEY === undefined)) {
    throw new ConfigError(
      'S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: set both, or neither to use the AWS SDK credential chain.',
    );
  }
  if (!e.S3_BUCKET) {
    // Settings for a bucket nobody named would quietly keep results on the local disk.
    const stray = ['S3_ENDPOINT', 'S3_REGION', 'S3_ACCESS_KEY_ID'].filter((name) => env[name]);
    if (stray.length > 0) {
      throw new ConfigError(`S3_BUCKET: must be set when ${stray.join(', ')} is set.`);
    }
    return undefined;
  }
  return {
    bucket: e.S3_BUCKET,
    endpoint: e.S3_ENDPOINT?.replace(/(?<!\/)\/+$/, ''),
    region: e.S3_REGION,
    credentials:
      e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
        ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY }
        : undefined,
  };
};

/**
 * Whose `X-Forwarded-For` entries to believe: none, the last `hops` entries, or proxies by
 * address. The client's address is the right-most entry not written by a trusted proxy.
 */
export type TrustProxy = false | { hops: number } | { addresses: string[] };

// proxy-addr's names for whole ranges, besides addresses and CIDRs.
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

// Plain dotted IPv4 only: ipaddr.js would also read `1.5` as 1.0.0.5, which nobody means here.
const isPlainAddress = (value: string) =>
  ipaddr.IPv4.isValidFourPartDecimal(value) || ipaddr.IPv6.isValid(value);

const isProxyAddress = (value: string) => {
  if (PROXY_RANGE_NAMES.has(value)) return true;
  const [address = '', prefix, ...rest] = value.split('/');
  if (rest.length > 0 || !isPlainAddress(address)) return false;
  if (prefix === undefined) return true;
  const maxPrefix = ipaddr.IPv6.isValid(address) ? 128 : 32;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= maxPrefix;
};

const TRUST_PROXY_HELP =
  'set it to the number of proxies in front of the server (e.g. 1), or to their addresses or ' +
  'networks, comma-separated (e.g. 10.0.0.0/8,loopback), or false when clients connect directly';

/**
 * TRUST_PROXY. `true` is refused: it believes every X-Forwarded-For entry, and the left-most one
 * is written by the client, so any per-address limit could be reset at will (security.md §2).
 */
const parseTrustProxy = (value: string | undefined): TrustProxy => {
  const text = (value ?? 'false').trim().toLowerCase();
  if (text === 'false' || text === '0') return false;
  if (text === 'true') {
    throw new ConfigError(
      `TRUST_PROXY: "true" would believe addresses any client can forge; ${TRUST_PROXY_HELP}.`,
    );
  }
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    if (hops > 10)
      throw new ConfigError(`TRUST_PROXY: ${hops} proxies is not plausible; ${TRUST_PROXY_HELP}.`);
    return { hops };
  }
  const addresses = text.split(',').map((part) => part.trim());
  const bad = addresses.filter((address) => !isProxyAddress(address));
  if (bad.length > 0) {
    throw new ConfigError(
      `TRUST_PROXY: "${bad.join('", "')}" is not an address or network; ${TRUST_PROXY_HELP}.`,
    );
  }
  return { addresses };
};

/** How long idempotent answers are kept, and how claims of running requests are held. */
type IdempotencyConfig = {
  /** IDEMPOTENCY_WINDOW_HOURS: a repeated key gets the first answer for this long (24 h). */
  windowMs: number;
  /**
   * IDEMPOTENCY_LEASE_SECONDS: a running request renews its claim within this time; a claim not
   * renewed for longer belonged to a request that died, and the key may be used again.
   */
  leaseMs: number;
  /** IDEMPOTENCY_SWEEP_MINUTES: how often expired answers are deleted. */
  sweepIntervalMs: number;
};

/** Batch jobs: how long results stay, how many run at once, how workers prove they are alive. */
type JobsConfig = {
  /** JOB_RETENTION_DAYS: a finished job's results are deleted after this long (7 days). */
  retentionMs: number;
  /** JOB_CONCURRENCY: jobs one instance works on at once (2). */
  concurrency: number;
  /**
   * JOB_CHUNK_ITEMS: a batch is made and recorded in chunks of this many items (500): a try after
   * a crash goes on from the last chunk recorded, and a job steps aside between chunks when
   * another account's job waits.
   */
  chunkItems: number;
  /**
   * JOB_HEARTBEAT_SECONDS (PostgreSQL): a job whose instance stays silent this long is taken over
   * by another instance (30; at least 10).
   */
  heartbeatSeconds: number;
  /** JOB_POLLING_SECONDS (PostgreSQL): how often an idle instance asks for new jobs (2). */
  pollingSeconds: number;
  /**
   * JOB_RETRY_SECONDS: a try that failed as a whole (the result store was unreachable) is tried
   * again after this long, twice as long after each further failure (5).
   */
  retrySeconds: number;
  /** JOB_SWEEP_MINUTES: how often expired jobs and their results are deleted (15). */
  sweepIntervalMs: number;
  /** JOB_LINK_HOURS: how long a result's signed download link works (24, never past expiry). */
  linkMs: number;
};

/** Webhook deliveries: how long a try may take, and when failed ones are tried again. */
type WebhooksConfig = {
  /**
   * WEBHOOKS_ALLOW_PRIVATE_URLS: http:// and private or loopback addresses are allowed, for local
   * development and tests; refused when NODE_ENV=production.
   */
  allowPrivateUrls: boolean;
  /** WEBHOOK_TIMEOUT_SECONDS: a try without an answer by then has failed (10). */
  timeoutMs: number;
  /** WEBHOOK_MAX_ATTEMPTS: tries per delivery before it has failed for good (12). */
  maxAttempts: number;
  /**
   * WEBHOOK_RETRY_BASE_SECONDS: the wait after the first failed try; each next wait doubles, with
   * jitter (120: 12 tries span about 3 days).
   */
  retryBaseMs: number;
  /** WEBHOOK_POLLING_SECONDS: how often an instance looks for deliveries that are due (1). */
  pollingMs: number;
  /** How long a rotated-out secret keeps signing (24 h). */
  rotationOverlapMs: number;
};

/** The minimum length of APP_SECRET: 32 characters carry at least 128 bits of entropy when random. */
export const MIN_SECRET_LENGTH = 32;

export type Config = {
  env: 'development' | 'production' | 'test';
  port: number;
  /**
   * HOST: where to listen. Loopback (127.0.0.1) unless NODE_ENV=production, so `npm start` is not
   * reachable from the network with its development pages; production listens on 0.0.0.0.
   */
  host: string;
  dataDir: string;
  /** PostgreSQL when set, else SQLite in `dataDir`. */
  databaseUrl: string | undefined;
  /** How long one PostgreSQL statement may run before it is cancelled (0: no limit). */
  databaseStatementTimeoutMs: number;
  appUrl: string;
  /** Undefined means "generate one into DATA_DIR/secrets.json" (refused in production). */
  appSecret: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  maxUploadBytes: number;
  /** TRUST_PROXY: which X-Forwarded-For entries name the client (default: none). */
  trustProxy: TrustProxy;
  logLevel: string;
  /** Bearer token for /metrics; in production /metrics exists only when it is set. */
  metricsToken: string | undefined;
  /** Where rate-limit counters live so every instance shares them; in memory when unset. */
  redisUrl: string | undefined;
  /**
   * A Redis command that has not answered after `timeoutMs` (REDIS_TIMEOUT_MS) has failed; after a
   * failure Redis is skipped for `coolDownMs`, then one request tries it again.
   */
  redisCalls: { timeoutMs: number; coolDownMs: number };
  /**
   * What every key Platen writes in Redis starts with (REDIS_KEY_PREFIX): deployments that share
   * one Redis, or test apps run side by side, keep their counters apart.
   */
  redisKeyPrefix: string;
  /** Generate calls one API key may make per minute (security.md §22). */
  apiRateLimitPerMinute: number;
  /** Where the built web app lives (apps/web/dist unless set); absent in API-only tests. */
  webDistDir: string | undefined;
  idempotency: IdempotencyConfig;
  jobs: JobsConfig;
  webhooks: WebhooksConfig;
  /** Stripe when configured; otherwise the local provider (never in production). */
  stripe?: StripeConfig;
  /** Where job results are kept: this bucket when set, else files under `dataDir`/results. */
  s3?: S3Config;
};

/** How long Redis is left alone after it failed to answer (see `redisCalls`). */
const REDIS_COOL_DOWN_MS = 5_000;

export class ConfigError extends Error {}

/**
 * Reads the environment once. A bad value throws a ConfigError naming the variable, so the
 * server stops before it listens instead of failing later in a request.
 */
export const loadConfig = (env: NodeJS.ProcessEnv = process.env): Config => {
  // An empty variable means "not set": container files often pass `VAR=` for optional settings.
  const given = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const parsed = envSchema.safeParse(given);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration.\n  ${problems.join('\n  ')}`);
  }
  const e = parsed.data;
  if (e.NODE_ENV === 'production' && (e.APP_SECRET ?? '').length < MIN_SECRET_LENGTH) {
    throw new ConfigError(
      `APP_SECRET: must be set to a random value of at least ${MIN_SECRET_LENGTH} characters in production.`,
    );
  }
  if (e.APP_SECRET !== undefined && e.APP_SECRET.length < MIN_SECRET_LENGTH) {
    throw new ConfigError(`APP_SECRET: must be at least ${MIN_SECRET_LENGTH} characters long.`);
  }
  if (e.NODE_ENV === 'production' && e.WEBHOOKS_ALLOW_PRIVATE_URLS === 'true') {
    throw new ConfigError(
      'WEBHOOKS_ALLOW_PRIVATE_URLS: must not be true in production (it lets webhooks reach private networks).',
    );
  }
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST ?? (e.NODE_ENV === 'production' ? '0.0.0.0' : '127.0.0.1'),
    dataDir: e.DATA_DIR,
    databaseUrl: e.DATABASE_URL,
    databaseStatementTimeoutMs: e.DATABASE_STATEMENT_TIMEOUT_MS,
    appUrl: e.APP_URL.replace(/(?<!\/)\/+$/, ''),
    appSecret: e.APP_SECRET,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    maxUploadBytes: Math.round(e.MAX_UPLOAD_MB * 1024 * 1024),
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    logLevel: e.LOG_LEVEL,
    redisUrl: e.REDIS_URL,
    redisCalls: { timeoutMs: e.REDIS_TIMEOUT_MS, coolDownMs: REDIS_COOL_DOWN_MS },
    redisKeyPrefix: e.REDIS_KEY_PREFIX,
    apiRateLimitPerMinute: e.API_RATE_LIMIT_PER_MINUTE,
    metricsToken: e.METRICS_TOKEN,
    webDistDir: e.WEB_DIST_DIR ?? fileURLToPath(new URL('../../web/dist', import.meta.url)),
    idempotency: {
      windowMs: Math.round(e.IDEMPOTENCY_WINDOW_HOURS * 3_600_000),
      leaseMs: Math.round(e.IDEMPOTENCY_LEASE_SECONDS * 1000),
      sweepIntervalMs: Math.round(e.IDEMPOTENCY_SWEEP_MINUTES * 60_000),
    },
    jobs: {
      retentionMs: Math.round(e.JOB_RETENTION_DAYS * 86_400_000),
      concurrency: e.JOB_CONCURRENCY,
      chunkItems: e.JOB_CHUNK_ITEMS,
      heartbeatSeconds: e.JOB_HEARTBEAT_SECONDS,
      pollingSeconds: e.JOB_POLLING_SECONDS,
      retrySeconds: e.JOB_RETRY_SECONDS,
      sweepIntervalMs: Math.round(e.JOB_SWEEP_MINUTES * 60_000),
      linkMs: Math.round(e.JOB_LINK_HOURS * 3_600_000),
    },
    webhooks: {
      allowPrivateUrls: e.WEBHOOKS_ALLOW_PRIVATE_URLS === 'true',
      timeoutMs: Math.round(e.WEBHOOK_TIMEOUT_SECONDS * 1000),
      maxAttempts: e.WEBHOOK_MAX_ATTEMPTS,
      retryBaseMs: Math.round(e.WEBHOOK_RETRY_BASE_SECONDS * 1000),
      pollingMs: Math.round(e.WEBHOOK_POLLING_SECONDS * 1000),
      rotationOverlapMs: 24 * 3_600_000,
    },
    stripe: stripeConfig(env, e),
    s3: s3Config(given),
  };
};
