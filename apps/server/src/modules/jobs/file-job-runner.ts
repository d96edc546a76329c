import type { Deps } from '../../deps.ts';
import type { JobKind } from '../../db/tables.ts';
import { jobFilesPrefix, MAX_ATTEMPTS, type JobResultFile } from './job-runner.ts';
import { JobInterrupted } from './job-queue.ts';
import { finishAttempt, saveProgress, type JobRow } from './jobs.repository.ts';

/** What a try of a job tells its writer: where to write, and how to report progress. */
export type FileJobOutput = {
  /** The try's folder in the result store, ending in `/`. */
  prefix: string;
  /** Saves progress; false when the try no longer owns the job (stop, nothing is kept). */
  progress: (done: number, total: number) => Promise<boolean>;
  /** Aborted when this instance stops: stop where you are, the job is tried again later. */
  signal?: AbortSignal;
};

/**
 * A kind of job that is not a batch: it writes its files into the result store and, once ended,
 * may tell someone (an export mails its account). Its module gives it to the jobs service.
 */
export type FileJobKind = {
  /** Writes the results; 'stopped' when `progress` answered false or the signal aborted. */
  write: (job: JobRow, output: FileJobOutput) => Promise<JobResultFile[] | 'stopped'>;
  /** How long the results are kept after the job ends. */
  retentionMs: number;
  /** Called once, by the try that ended the job as succeeded. */
  succeeded?: (job: JobRow, expiresAt: Date) => Promise<void>;
};

export type FileJobKinds = Partial<Record<Exclude<JobKind, 'batch'>, FileJobKind>>;

type RunnerDeps = Pick<Deps, 'db' | 'clock' | 'log' | 'results'>;

/**
 * One try of a job of another kind than a batch, with the batch's rules: only the current try
 * writes progress and ends the job, its files are removed when it loses the job, an instance's
 * shutdown leaves the job for a later try, and an unexpected error is tried again up to
 * MAX_ATTEMPTS before the job fails.
 */
export const runFileJob = async (
  deps: RunnerDeps,
  kinds: FileJobKinds,
  job: JobRow,
  attempt: number,
  signal?: AbortSignal,
): Promise<void> => {
  const log = deps.log.child({ jobId: job.id, attempt, userId: job.user_id, kind: job.kind });
  const kind = job.kind === 'batch' ? undefined : kinds[job.kind];
  const prefix = `${jobFilesPrefix(job.id)}${attempt}/`;
  const end = async (status: 'succeeded' | 'failed', stored: JobResultFile[], done: number) => {
    const finishedAt = deps.clock.now();
    const expiresAt = new Date(finishedAt.getTime() + (kind?.retentionMs ?? 0));
    const isEnded = await finishAttempt(deps.db, job.id, attempt, {
      status,
      done,
      failed: status === 'failed' ? 1 : 0,
      failuresJson: null,
      resultsJson: JSON.stringify(stored),
      finishedAt: finishedAt.toISOString(),
      expiresAt: expiresAt.toISOString(),
    });
    if (!isEnded) {
      await deps.results.removeUnder(prefix);
      return;
    }
    log.info({ event: 'job.finished', status }, 'job finished');
    if (status === 'succeeded') {
      await kind?.succeeded?.(job, expiresAt).catch((error: unknown) => {
        log.warn({ event: 'job.succeeded_hook_failed', err: error }, 'job end not announced');
      });
    }
  };
  if (!kind || attempt > MAX_ATTEMPTS) {
    if (!kind) log.error({ event: 'job.unknown_kind' }, 'no runner for this kind of job');
    await end('failed', [], 0);
    return;
  }
  await deps.results.removeUnder(jobFilesPrefix(job.id));
  log.info({ event: 'job.started' }, 'job started');
  let done = 0;
  try {
    const stored = await kind.write(job, {
      prefix,
      signal,
      progress: async (filesDone, total) => {
        done = filesDone;
        if (signal?.aborted) return false;
        return saveProgress(deps.db, job.id, attempt, {
          done: filesDone,
          total,
          failed: 0,
          failuresJson: null,
        });
      },
    });
    if (stored === 'stopped') {
      await deps.results.removeUnder(prefix);
      if (signal?.aborted) throw new JobInterrupted(job.id);
      log.info({ event: 'job.attempt_abandoned' }, 'job ended elsewhere; this try stops');
      return;
    }
    await end('succeeded', stored, done);
  } catch (error) {
    await deps.results.removeUnder(prefix).catch(() => undefined);
    if (error instanceof JobInterrupted || attempt < MAX_ATTEMPTS) throw error;
    log.error({ event: 'job.given_up', err: error }, 'job failed on its last try');
    await end('failed', [], done);
  }
};
