import { PgBoss } from 'pg-boss';
import type { Logger } from '../../lib/logger.ts';
import { RETRY_LIMIT, type JobQueue, type JobWork } from './job-queue.ts';

const QUEUE = 'batch-jobs';

export type PgBossQueueSettings = {
  databaseUrl: string;
  /** Jobs one instance works on at once. */
  concurrency: number;
  /**
   * A running job's worker proves it is alive this often; a job whose worker stays silent for
   * longer (the instance died) is handed to another instance. pg-boss takes 10 s at least.
   */
  heartbeatSeconds: number;
  /** How often an idle worker asks for new jobs. */
  pollingSeconds: number;
};

const superviseSeconds = (heartbeatSeconds: number) =>
  Math.max(1, Math.round(heartbeatSeconds / 10));

/**
 * The queue on PostgreSQL: pg-boss (jobs in its own `pgboss` schema, taken with SKIP LOCKED) lets
 * any instance pick up a job; a worker that stops sending heartbeats has its job retried by
 * another instance, and `groupConcurrency` keeps one job per account running across all
 * instances (with the try protocol's check, startAttemptAlone: the group limit alone lets two
 * instances that fetch at the same moment take two jobs of one account). It was chosen over
 * graphile-worker for its per-job heartbeats and group limits, which a batch of minutes needs
 * (graphile-worker frees a crashed worker's job after 4 hours).
 * The job row is the truth (jobs.repository.ts): pg-boss only says who works on what, and a
 * retried try starts the job's items again.
 */
export const createPgBossJobQueue = (
  deps: { log: Logger },
  settings: PgBossQueueSettings,
): JobQueue => {
  const boss = new PgBoss({
    connectionString: settings.databaseUrl,
    max: 4,
    // pg-boss fails a job whose heartbeats stopped only in its supervise pass, every 60 s by
    // default: a dead instance's job would wait up to a minute past its heartbeat. A pass every
    // tenth of the heartbeat (one indexed update) brings the takeover within the heartbeat, a
    // tenth, the queue's one-second retry delay and a poll (8.8 s after a kill with a 10 s
    // heartbeat in jobs-crash.test.ts: heartbeats are sent every half heartbeat).
    superviseIntervalSeconds: superviseSeconds(settings.heartbeatSeconds),
    monitorIntervalSeconds: superviseSeconds(settings.heartbeatSeconds),
  });
  boss.on('error', (error: unknown) =>
    deps.log.error({ event: 'jobs.queue_error', err: error }, 'job queue error'),
  );
  let started: Promise<void> | undefined;
  const ensureStarted = () =>
    (started ??= (async () => {
      await boss.start();
      await boss.createQueue(QUEUE, {
        heartbeatSeconds: settings.heartbeatSeconds,
        // A try that fails (not an item: the whole try, e.g. the store was unreachable) is
        // retried; the row's attempt counter keeps an old try from writing. The runner waits
        // out a failed try's delay itself (JobTryFailed), so the queue's own delay is short:
        // it also delays the takeover of a dead instance's job, which should start at once.
        retryLimit: RETRY_LIMIT,
        retryDelay: 1,
        // A 10,000-item batch of a heavy template may take an hour; heartbeats find dead ones.
        expireInSeconds: 6 * 3600,
      });
    })());
  const stopping = new AbortController();

  return {
    oneJobPerAccount: true,
    enqueue: async (job) => {
      await ensureStarted();
      await boss.send(QUEUE, { jobId: job.id }, { group: { id: job.userId } });
    },
    start: async (work: JobWork) => {
      await ensureStarted();
      await boss.work<{ jobId: string }>(
        QUEUE,
        {
          localConcurrency: settings.concurrency,
          groupConcurrency: 1,
          pollingIntervalSeconds: settings.pollingSeconds,
        },
        async ([job]) => {
          if (job) await work(job.data.jobId, stopping.signal);
        },
      );
    },
    stop: async () => {
      stopping.abort();
      if (started) await boss.stop({ graceful: true, timeout: 30_000 });
    },
  };
};
