import type { Db } from '../../db/tables.ts';
import type { Logger } from '../../lib/logger.ts';
import { JobInterrupted, type JobQueue, type JobWork } from './job-queue.ts';
import { listUnfinishedJobs } from './jobs.repository.ts';

type Waiting = { id: string; userId: string };

/**
 * A failed try waits this long before it is queued again: a try that fails before it counts
 * (the database unreachable) must not spin.
 */
const RETRY_DELAY_MS = 1000;

/**
 * The queue of the embedded setup, where one process serves everything (SQLite): job ids wait
 * in memory, and the jobs table is read again on start, so jobs queued or running when the
 * process stopped are taken up after a restart. The next job to run is the oldest of an account
 * that has none running; only when every waiting account has one running does an account get a
 * second. A try that fails is queued again, as pg-boss retries it; the runner ends the job as
 * failed once it has had MAX_ATTEMPTS tries, so a job never stays running for nobody.
 */
export const createLocalJobQueue = (
  deps: { db: Db; log: Logger },
  concurrency: number,
): JobQueue => {
  const waiting: Waiting[] = [];
  const running = new Map<string, Promise<void>>();
  const runningPerAccount = new Map<string, number>();
  let work: JobWork | undefined;
  let stopping = new AbortController();

  const next = (): Waiting | undefined => {
    const index = waiting.findIndex((job) => !runningPerAccount.get(job.userId));
    return waiting.splice(index === -1 ? 0 : index, 1)[0];
  };

  const pump = () => {
    while (work && !stopping.signal.aborted && running.size < concurrency && waiting.length > 0) {
      const job = next()!;
      if (running.has(job.id)) continue;
      runningPerAccount.set(job.userId, (runningPerAccount.get(job.userId) ?? 0) + 1);
      const run = work(job.id, stopping.signal)
        .catch((error: unknown) => {
          if (error instanceof JobInterrupted) return;
          deps.log.error(
            { event: 'job.failed_to_run', err: error, jobId: job.id },
            'job try failed',
          );
          const retry = setTimeout(() => {
            if (stopping.signal.aborted) return;
            waiting.push(job);
            pump();
          }, RETRY_DELAY_MS);
          retry.unref();
        })
        .finally(() => {
          running.delete(job.id);
          runningPerAccount.set(job.userId, (runningPerAccount.get(job.userId) ?? 1) - 1);
          pump();
        });
      running.set(job.id, run);
    }
  };

  return {
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
      await Promise.allSettled(running.values());
    },
  };
};
