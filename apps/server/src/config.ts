import { fileURLToPath } from 'node:url';
import { z } from 'zod';

const booleanFlag = z
  .enum(['true', 'false', '1', '0'])
  .transform((value) => value === 'true' || value === '1');

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL (leave it unset for SQLite)')
    .optional(),
  APP_URL: z.url().default('http://localhost:3000'),
  APP_SECRET: z.string().optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
    .optional(),
  MAIL_FROM: z.string().min(3).default('Platen <no-reply@platen.local>'),
  MAX_UPLOAD_MB: z.coerce.number().positive().max(1024).default(20),
  TRUST_PROXY: booleanFlag.default(false),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST_DIR: z.string().optional(),
  API_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(6000),
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  STRIPE_SECRET_KEY: z
    .string()
    .regex(/^(sk|rk)_/, 'must be a Stripe secret key (sk_… or rk_…)')
    .optional(),
  STRIPE_WEBHOOK_SECRET: z.string().min(1).optional(),
  STRIPE_METER_EVENT: z.string().min(1).default('platen_overage_documents'),
});

/** Card payments through Stripe; absent when STRIPE_SECRET_KEY is not set. */
export type StripeConfig = {
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

/** The minimum length of APP_SECRET: 32 characters carry at least 128 bits of entropy when random. */
export const MIN_SECRET_LENGTH = 32;

export type Config = {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  /** PostgreSQL when set, else SQLite in `dataDir`. */
  databaseUrl: string | undefined;
  appUrl: string;
  /** Undefined means "generate one into DATA_DIR/secrets.json" (refused in production). */
  appSecret: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  maxUploadBytes: number;
  trustProxy: boolean;
  logLevel: string;
  /** Bearer token for /metrics; in production /metrics exists only when it is set. */
  metricsToken: string | undefined;
  /** Generate calls one API key may make per minute (SECURITY.md §22). */
  apiRateLimitPerMinute: number;
  /** Where the built web app lives (apps/web/dist unless set); absent in API-only tests. */
  webDistDir: string | undefined;
  /** Stripe when configured; otherwise the local provider (never in production). */
  stripe?: StripeConfig;
};

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
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir: e.DATA_DIR,
    databaseUrl: e.DATABASE_URL,
    appUrl: e.APP_URL.replace(/\/+$/, ''),
    appSecret: e.APP_SECRET,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    maxUploadBytes: Math.round(e.MAX_UPLOAD_MB * 1024 * 1024),
    trustProxy: e.TRUST_PROXY,
    logLevel: e.LOG_LEVEL,
    apiRateLimitPerMinute: e.API_RATE_LIMIT_PER_MINUTE,
    metricsToken: e.METRICS_TOKEN,
    webDistDir: e.WEB_DIST_DIR ?? fileURLToPath(new URL('../../web/dist', import.meta.url)),
    stripe: stripeConfig(env, e),
  };
};
