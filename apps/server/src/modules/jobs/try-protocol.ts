import { setTimeout as sleep } from 'node:timers/promises';
import type { JobError } from '@platen/contract';
import type { Deps } from '../../deps.ts';
import { accountWaitingBefore, hasSteppedAside, stepAside } from './job-chunks.repository.ts';
import { jobErrorOf, withStoreErrors } from './job-errors.ts';
import {
  jobFilesPrefix,
  type JobCounts,
  type JobEnd,
  type JobKindDefinition,
  type JobResultFile,
  type JobTryContext,
} from './job-kind.ts';
import { JobInterrupted, JobTryFailed } from './job-queue.ts';
import {
  finishAttempt,
  findJobWithItems,
  recordTryError,
  saveProgress,
  startAttempt,
  startAttemptAlone,
} from './jobs.repository.ts';

/** Tries a job may take (each after an instance died or an unexpected error) before it fails. */
export const MAX_ATTEMPTS = 3;

export type TryProtocolDeps = Pick<Deps, 'db' | 'clock' | 'log' | 'config' | 'results'> & {
  /** The kinds of job this instance runs, by name. */
  kinds: ReadonlyMap<string, JobKindDefinition>;
  /** Hands the job to the queue again, behind the jobs waiting now. */
  requeue: (job: { id: string; userId: string }) => Promise<void>;
  /** The queue runs an account's jobs one at a time (JobQueue.oneJobPerAccount). */
  oneJobPerAccount?: boolean;
};

/**
 * One try of a job, whatever its kind. A job whose account has an older one waiting goes back
 * behind it, as does one whose account has another running on a queue that runs one at a time.
 * The try takes the job's attempt counter, so only it writes progress and ends the job; its kind
 * does the work. A try stopped by its instance's shutdown throws JobInterrupted (the job waits
 * for a later try without counting one); one that lost its job (cancelled, taken over after this
 * instance was thought dead) stops where it is. A try that fails records why and waits
 * `jobs.retrySeconds` (doubled each time) before it throws JobTryFailed for the queue to try
 * again, until MAX_ATTEMPTS, when the job fails with that reason.
 */
export const runJob = async (
  deps: TryProtocolDeps,
  jobId: string,
  signal?: AbortSignal,
): Promise<void> => {
  const behind = await accountWaitingBefore(deps.db, jobId);
  if (behind) return deps.requeue({ id: jobId, userId: behind.userId });
  const isResuming = await hasSteppedAside(deps.db, jobId);
  const now = deps.clock.now().toISOString();
  const attempt = deps.oneJobPerAccount
    ? await startAttemptAlone(deps.db, jobId, now)
    : await startAttempt(deps.db, jobId, now);
  if (attempt === undefined) return;
  // Another job of the account took a worker first: this one waits behind it.
  if (typeof attempt === 'object') return deps.requeue({ id: jobId, userId: attempt.busyAccount });
  const job = await findJobWithItems(deps.db, jobId);
  if (!job) return;
  const tries = attempt - Number(job.yields);
  const log = deps.log.child({ jobId, attempt: tries, userId: job.user_id, kind: job.kind });
  const context: JobTryContext = {
    job,
    attempt,
    tries,
    isResuming,
    signal,
    log,
    prefix: `${jobFilesPrefix(jobId)}${attempt}/`,
    stage: 'documents',
    saveProgress: async (progress) =>
      !signal?.aborted && saveProgress(deps.db, jobId, attempt, progress),
  };
  const protocolDeps = { ...deps, results: withStoreErrors(deps.results) };
  const kind = deps.kinds.get(job.kind);
  if (!kind) {
    log.error({ event: 'job.unknown_kind' }, 'no runner for this kind of job');
    const counts = { done: 0, failed: 1, failuresJson: null };
    return end(protocolDeps, context, undefined, { status: 'failed', counts, stored: [] });
  }
  return tryJob(protocolDeps, kind, context);
};

const tryJob = async (deps: TryProtocolDeps, kind: JobKindDefinition, context: JobTryContext) => {
  const { job, tries, log, signal } = context;
  const work = await kind.begin(context);
  if (tries > MAX_ATTEMPTS) {
    // The last try ended with its instance before it could end the job.
    const error = jobErrorOf(new JobInterrupted(job.id), 'documents');
    const counts = work.counts('failed');
    return end(deps, context, kind, { status: 'failed', counts, stored: [], error });
  }
  try {
    const outcome = await work.run();
    if (outcome === 'stepped_aside') return;
    if (outcome === 'stopped') return await stop(deps, context);
    const { status, stored } = outcome;
    await end(deps, context, kind, { status, counts: work.counts(status), stored });
  } catch (error) {
    await work.abort?.().catch(() => undefined);
    if (error instanceof JobInterrupted) throw error;
    const { stage } = context;
    const reason = jobErrorOf(error, stage);
    log.warn(
      { event: 'job.try_failed', err: error, stage, code: reason.code, tries },
      `job try failed: ${reason.code}`,
    );
    if (tries < MAX_ATTEMPTS) {
      await recordTryError(deps.db, job.id, context.attempt, JSON.stringify(reason)).catch(
        () => undefined,
      );
      await waitBeforeNextTry(deps.config.jobs.retrySeconds * 2 ** (tries - 1), signal);
      throw new JobTryFailed(job.id, error);
    }
    log.error({ event: 'job.given_up', code: reason.code }, 'job failed on its last try');
    const counts = work.counts('failed');
    await end(deps, context, kind, { status: 'failed', counts, stored: [], error: reason });
  }
};

/** Waits before a failed try's job is tried again; a stopping instance does not wait. */
const waitBeforeNextTry = (seconds: number, signal: AbortSignal | undefined) =>
  sleep(seconds * 1000, undefined, { signal }).catch(() => undefined);

/**
 * A try that is no longer the job's stops where it is. When its instance is stopping, the job
 * waits for the next start without the try counting as one; otherwise it was cancelled or taken
 * over, and the one that has it goes on.
 */
const stop = async (deps: TryProtocolDeps, { job, attempt, log, signal }: JobTryContext) => {
  if (signal?.aborted) {
    await stepAside(deps.db, job.id, attempt);
    throw new JobInterrupted(job.id);
  }
  log.info({ event: 'job.attempt_abandoned' }, 'job ended elsewhere; this try stops');
};

/**
 * Ends the job, if the try still holds it: the end and what its kind writes with it are one
 * change. A try that lost the job removes the files it wrote.
 */
const end = async (
  deps: TryProtocolDeps,
  { job, attempt, log, prefix }: JobTryContext,
  kind: JobKindDefinition | undefined,
  outcome: {
    status: 'succeeded' | 'failed';
    counts: JobCounts;
    stored: JobResultFile[];
    error?: JobError;
  },
) => {
  const at = deps.clock.now();
  const expiresAt = new Date(at.getTime() + (kind?.retentionMs ?? 0));
  const ended: JobEnd = { ...outcome.counts, status: outcome.status, at, expiresAt, log };
  if (outcome.error) ended.error = outcome.error;
  const isEnded = await deps.db.transaction().execute(async (trx) => {
    const isMine = await finishAttempt(trx, job.id, attempt, {
      ...outcome.counts,
      status: outcome.status,
      resultsJson: JSON.stringify(outcome.stored),
      errorJson: outcome.error ? JSON.stringify(outcome.error) : null,
      finishedAt: at.toISOString(),
      expiresAt: expiresAt.toISOString(),
    });
    if (isMine) await kind?.ending?.(trx, job, ended);
    return isMine;
  });
  if (!isEnded) {
    await deps.results.removeUnder(prefix);
    return;
  }
  log.info(
    { event: 'job.finished', status: ended.status, done: ended.done, failed: ended.failed },
    'job finished',
  );
  await kind?.ended?.(job, ended);
};
