import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { ConfigError, invalidConfiguration } from './config/config-error.ts';
import { s3Config, type S3Config } from './config/s3.ts';
import { stripeConfig, type StripeConfig } from './config/stripe.ts';
import { parseTrustProxy, type TrustProxy } from './config/trust-proxy.ts';
import type { IdempotencyConfig, JobsConfig, WebhooksConfig } from './config/work.ts';
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

/**
 * Reads the environment once. A bad value throws a ConfigError naming the variable, so the
 * server stops before it listens instead of failing later in a request.
 */
export const loadConfig = (env: NodeJS.ProcessEnv = process.env): Config => {
  // An empty variable means "not set": container files often pass `VAR=` for optional settings.
  const given = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const parsed = envSchema.safeParse(given);
  if (!parsed.success) throw invalidConfiguration(parsed.error);
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
