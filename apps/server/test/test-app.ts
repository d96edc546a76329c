import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { InjectOptions } from 'fastify';
import pg from 'pg';
import { buildApp, type App } from '../src/app.ts';
import type { Config } from '../src/config.ts';
import type { Deps } from '../src/deps.ts';
import type { Clock } from '../src/lib/clock.ts';
import { createLogger } from '../src/lib/logger.ts';
import { recordAnswer } from './observed-answers.ts';
import { recordCallSecrets, recordConfigSecrets, runLogDestination } from './run-log.ts';

export type TestDatabase = 'sqlite' | 'postgres';

/**
 * The databases every API suite runs on: SQLite always, PostgreSQL when TEST_DATABASE_URL points
 * at a server (CI starts a throwaway one). Say so loudly when PostgreSQL is left out.
 */
export const testDatabases = (): TestDatabase[] => {
  if (process.env.TEST_DATABASE_URL) return ['sqlite', 'postgres'];
  if (!warnedAboutPostgres) {
    warnedAboutPostgres = true;
    console.warn(
      'TEST_DATABASE_URL is not set: API suites run on SQLite only, PostgreSQL skipped.',
    );
  }
  return ['sqlite'];
};
let warnedAboutPostgres = false;

/** Where rate limits are counted: in memory always, in Redis too when TEST_REDIS_URL is set. */
export type TestRateLimitStore = 'memory' | 'redis';

export const testRateLimitStores = (): TestRateLimitStore[] => {
  if (process.env.TEST_REDIS_URL) return ['memory', 'redis'];
  if (!warnedAboutRedis) {
    warnedAboutRedis = true;
    console.warn(
      'TEST_REDIS_URL is not set: rate limits are tested in memory only, Redis skipped.',
    );
  }
  return ['memory'];
};
let warnedAboutRedis = false;

/**
 * How long a test that counts rate limits in Redis waits for its answer. A count Redis answers
 * late is skipped, by design, after REDIS_TIMEOUT_MS (100 ms) in production; on a busy machine
 * that lost counts (a 401 or a 200 where the limit's 429 was due). rate-limit.test.ts tests the
 * skipping with its own bound.
 */
export const TEST_REDIS_TIMEOUT_MS = 5_000;

/**
 * The configuration that counts rate limits in the given store. The suites share one Redis: each
 * app counts under keys of its own, so no other file's calls count against its limits.
 */
export const rateLimitStoreConfig = (store: TestRateLimitStore): Partial<Config> =>
  store === 'redis'
    ? {
        redisUrl: process.env.TEST_REDIS_URL,
        redisKeyPrefix: `platen-test-${randomUUID()}:`,
        redisCalls: { ...testConfig().redisCalls, timeoutMs: TEST_REDIS_TIMEOUT_MS },
      }
    : {};

/** A clock that stands still until the test moves it. */
const createTestClock = (start = new Date('2026-03-01T09:00:00.000Z')) => {
  let now = start.getTime();
  const clock: Clock & { advanceMinutes: (m: number) => void } = {
    now: () => new Date(now),
    advanceMinutes: (minutes) => {
      now += minutes * 60_000;
    },
  };
  return clock;
};

export const testConfig = (overrides: Partial<Config> = {}): Config => ({
  env: 'test',
  port: 0,
  host: '127.0.0.1',
  dataDir: join(tmpdir(), 'platen-test-unused'),
  databaseUrl: undefined,
  databaseStatementTimeoutMs: 30_000,
  appUrl: 'https://platen.example',
  appSecret: 'test-secret-that-is-long-enough-for-hkdf-0123456789',
  smtpUrl: undefined,
  mailFrom: 'Platen <no-reply@platen.example>',
  maxUploadBytes: 2 * 1024 * 1024,
  trustProxy: false,
  logLevel: 'silent',
  webDistDir: undefined,
  apiRateLimitPerMinute: 6000,
  redisUrl: undefined,
  redisCalls: { timeoutMs: 100, coolDownMs: 5_000 },
  redisKeyPrefix: 'platen:',
  metricsToken: undefined,
  idempotency: { windowMs: 24 * 3_600_000, leaseMs: 30_000, sweepIntervalMs: 15 * 60_000 },
  jobs: {
    retentionMs: 7 * 86_400_000,
    concurrency: 2,
    chunkItems: 500,
    heartbeatSeconds: 10,
    pollingSeconds: 0.5,
    // A failed try is tried again at once (about a second on PostgreSQL, pg-boss's least).
    retrySeconds: 0,
    sweepIntervalMs: 15 * 60_000,
    linkMs: 24 * 3_600_000,
  },
  webhooks: {
    allowPrivateUrls: false,
    timeoutMs: 10_000,
    maxAttempts: 12,
    retryBaseMs: 120_000,
    // Tests deliver by calling the worker themselves, on the test clock.
    pollingMs: 3_600_000,
    rotationOverlapMs: 24 * 3_600_000,
  },
  ...overrides,
});

export const createPostgresDatabase = async (adminUrl: string) => {
  const name = `platen_test_${randomUUID().replace(/-/g, '')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const drop = async () => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await client.end();
  };
  return { url: url.toString(), drop };
};

export type TestApp = App & {
  clock: ReturnType<typeof createTestClock>;
  dispose: () => Promise<void>;
};

/**
 * A fully built app on a brand-new database (a fresh SQLite file, or a new PostgreSQL database
 * that `dispose` drops again).
 */
export const buildTestApp = async (
  database: TestDatabase,
  config: Partial<Config> = {},
  overrides: Partial<Deps> = {},
): Promise<TestApp> => {
  const clock = createTestClock();
  const dataDir = mkdtempSync(join(tmpdir(), 'platen-test-'));
  const postgres =
    database === 'postgres'
      ? await createPostgresDatabase(process.env.TEST_DATABASE_URL ?? '')
      : undefined;
  const fullConfig = testConfig({ dataDir, databaseUrl: postgres?.url, ...config });
  recordConfigSecrets(fullConfig);
  // Every test app logs at the production level into the run's log, which is scanned for secrets.
  const destination = runLogDestination();
  const log = destination && createLogger({ logLevel: 'info' }, destination);
  const app = await buildApp(fullConfig, { clock, ...(log && { log }), ...overrides });
  const inject = app.inject.bind(app);
  // The one door every in-process test call goes through: remember the secrets it carries.
  const recordingInject = async (opts: InjectOptions) => {
    const res = await inject(opts);
    recordCallSecrets({
      method: opts.method ?? 'GET',
      url: typeof opts.url === 'string' ? opts.url : (opts.url?.pathname ?? ''),
      headers: opts.headers,
      body: opts.payload,
      answer: res.body,
    });
    recordAnswer({
      method: opts.method ?? 'GET',
      url: typeof opts.url === 'string' ? opts.url : (opts.url?.pathname ?? ''),
      status: res.statusCode,
      type: typeof res.headers['content-type'] === 'string' ? res.headers['content-type'] : null,
    });
    return res;
  };
  const dispose = async () => {
    await app.close();
    await postgres?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  };
  return Object.assign(app, { clock, dispose, inject: recordingInject as App['inject'] });
};
