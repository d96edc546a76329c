/*
 * The settings of the work an instance does after its answers: idempotency's sweep, batch jobs,
 * webhook deliveries. config.ts reads them from the environment.
 */

/** How long idempotent answers are kept, and how claims of running requests are held. */
export type IdempotencyConfig = {
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
export type JobsConfig = {
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
export type WebhooksConfig = {
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
