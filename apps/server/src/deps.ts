import type { Config } from './config.ts';
import { databaseTarget, openDatabase } from './db/database.ts';
import type { Db } from './db/tables.ts';
import { type Clock, systemClock } from './lib/clock.ts';
import { createLogger, type Logger } from './lib/logger.ts';
import { deriveSecrets, loadOrCreateAppSecret, type Secrets } from './lib/secrets.ts';
import { createPaymentProvider } from './modules/billing/payments/create-payment-provider.ts';
import type { PaymentProvider } from './modules/billing/payments/payment-provider.ts';
import { type ImageNetwork, publicInternet } from './modules/documents/image-source.ts';
import { createJobQueue } from './modules/jobs/create-job-queue.ts';
import type { JobQueue } from './modules/jobs/job-queue.ts';
import { createResultStore } from './modules/jobs/result-store/create-result-store.ts';
import type { ResultStore } from './modules/jobs/result-store/result-store.ts';
import type { Mailer } from './modules/mail/mailer.ts';
import { createOutboxMailer } from './modules/mail/outbox-mailer.ts';
import { createSmtpMailer } from './modules/mail/smtp-mailer.ts';
import { createRateLimiter, type RateLimiter } from './modules/rate-limits/index.ts';
import { createPdfPool, type PdfPool } from './pdf-pool/pdf-pool.ts';
import { createMetrics, type Metrics } from './plugins/metrics.ts';

/** Everything the modules need from the outside world, built once per app. */
export type Deps = {
  config: Config;
  db: Db;
  clock: Clock;
  log: Logger;
  secrets: Secrets;
  mailer: Mailer;
  limiter: RateLimiter;
  /** Stripe, the offline `local` provider, or none (production without Stripe). */
  payments: PaymentProvider | undefined;
  pdfPool: PdfPool;
  metrics: Metrics;
  /** Where image values may be downloaded from: the public internet (tests: their own server). */
  imageNetwork: ImageNetwork;
  /** Where jobs' results are kept: files under DATA_DIR, or S3-compatible storage. */
  results: ResultStore;
  /** Who works on which job: in process (SQLite), or pg-boss across instances (PostgreSQL). */
  jobQueue: JobQueue;
};

/**
 * Builds the dependencies from the configuration. Tests pass `overrides` for what sits at the
 * edge (the clock, a database made for the test); everything else is the real thing.
 */
export const createDeps = (config: Config, overrides: Partial<Deps> = {}): Deps => {
  const log = overrides.log ?? createLogger(config);
  const db =
    overrides.db ??
    openDatabase(databaseTarget(config), (error) =>
      log.warn({ event: 'db.connection_lost', err: error }, 'database connection lost'),
    );
  const clock = overrides.clock ?? systemClock;
  const secrets =
    overrides.secrets ?? deriveSecrets(config.appSecret ?? loadOrCreateAppSecret(config.dataDir));
  const mailer =
    overrides.mailer ??
    (config.smtpUrl
      ? createSmtpMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom })
      : createOutboxMailer({
          db,
          clock,
          mailboxUrl: `${config.appUrl}/dev/mailbox`,
          ...(config.env === 'development' && { print: (line) => process.stdout.write(line) }),
        }));
  const limiter = overrides.limiter ?? createRateLimiter(db, clock);
  const payments =
    'payments' in overrides
      ? overrides.payments
      : createPaymentProvider(config, { db, clock, secrets });
  const pdfPool = overrides.pdfPool ?? createPdfPool({ log });
  const metrics = overrides.metrics ?? createMetrics();
  const imageNetwork = overrides.imageNetwork ?? publicInternet;
  const results = overrides.results ?? createResultStore(config);
  const jobQueue = overrides.jobQueue ?? createJobQueue(config, { db, log });
  return {
    config,
    payments,
    db,
    clock,
    log,
    secrets,
    mailer,
    limiter,
    pdfPool,
    metrics,
    imageNetwork,
    results,
    jobQueue,
  };
};
