import type { Db } from '../../db/tables.ts';
import type { Logger } from '../../lib/logger.ts';
import {
  JobInterrupted,
  JobTryFailed,
  RETRY_LIMIT,
  type JobQueue,
  type JobWork,
} from './job-queue.ts';
import { listUnfinishedJobs } from './jobs.repository.ts';

type Waiting = { id: string; userId: string };

/**
 * The queue of the embedded setup, where one process serves everything (SQLite): job ids wait
 * in memory, and the jobs table is read again on start, so jobs queued or running when the
 * process stopped are taken up after a restart. The next job to run is the oldest of an account
 * that has none running; only when every waiting account has one running does an account get a
 * second. A try that failed and waited its time (JobTryFailed) is tried again at once; a try that
 * failed before it could (the database was down) after `retrySeconds`, doubled each time; at most
 * RETRY_LIMIT times (as pg-boss does on PostgreSQL); the runner ends the job before that.
 */
export const createLocalJobQueue = (
  deps: { db: Db; log: Logger },
  settings: { concurrency: number; retrySeconds: number },
): JobQueue => {
  const { concurrency } = settings;
  const waiting: Waiting[] = [];
  const failedTries = new Map<string, number>();
  const retries = new Set<NodeJS.Timeout>();
  const running = new Map<string, Promise<void>>();
  const runningPerAccount = new Map<string, number>();
  let work: JobWork | undefined;
  let stopping = new AbortController();

  /**
   * The oldest job of an account with none running, else the oldest job not running itself (a
   * job queued again while its try ends waits for it).
   */
  const next = (): Waiting | undefined => {
    let index = waiting.findIndex((job) => !runningPerAccount.get(job.userId));
    if (index === -1) index = waiting.findIndex((job) => !running.has(job.id));
    return index === -1 ? undefined : waiting.splice(index, 1)[0];
  };

  const pump = () => {
    while (work && !stopping.signal.aborted && running.size < concurrency) {
      const job = next();
      if (!job) return;
      runningPerAccount.set(job.userId, (runningPerAccount.get(job.userId) ?? 0) + 1);
      const run = work(job.id, stopping.signal)
        .then(() => {
          failedTries.delete(job.id);
        })
        .catch((error: unknown) => {
          if (error instanceof JobInterrupted) return;
          if (error instanceof JobTryFailed) return retryLater(job, 0);
          deps.log.error(
            { event: 'job.failed_to_run', err: error, jobId: job.id },
            'job try failed',
          );
          retryLater(job);
        })
        .finally(() => {
          running.delete(job.id);
          runningPerAccount.set(job.userId, (runningPerAccount.get(job.userId) ?? 1) - 1);
          pump();
        });
      running.set(job.id, run);
    }
  };

  const retryLater = (job: Waiting, delaySeconds = settings.retrySeconds) => {
    const failed = (failedTries.get(job.id) ?? 0) + 1;
    failedTries.set(job.id, failed);
    if (failed > RETRY_LIMIT || stopping.signal.aborted) return;
    const retry = setTimeout(
      () => {
        retries.delete(retry);
        waiting.push(job);
        pump();
      },
      delaySeconds * 1000 * 2 ** (failed - 1),
    );
    retries.add(retry);
  };

  return {
    oneJobPerAccount: false,
    enqueue: async (job) => {
      waiting.push(job);
      pump();
    },
    start: async (handler) => {
      work = handler;
      stopping = new AbortController();
      const unfinished = await listUnfinishedJobs(deps.db);
      for (const job of unfinished) {
        if (!waiting.some((w) => w.id === job.id)) waiting.push({ id: job.id, userId: job.userId });
      }
      pump();
    },
    stop: async () => {
      stopping.abort();
      // A job waiting for its next try is taken up again at the next start, from the table.
      for (const retry of retries) clearTimeout(retry);
      retries.clear();
      await Promise.allSettled(running.values());
    },
  };
};
