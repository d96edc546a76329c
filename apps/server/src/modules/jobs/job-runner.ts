import { setTimeout as sleep } from 'node:timers/promises';
import type { JobError, JobResultKind } from '@platen/contract';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../lib/app-error.ts';
import { release } from '../billing/index.ts';
import type { createDocumentsService } from '../documents/index.ts';
import { openChunkWriters, putJobFiles, type ChunkWriters } from './chunk-writers.ts';
import { createFileNamer } from './file-names.ts';
import { createTally, fillChunk, type JobTarget, type Tally } from './job-chunk.ts';
import {
  accountWaitingBefore,
  deleteChunks,
  hasSteppedAside,
  isAnotherAccountWaiting,
  listChunks,
  recordChunk,
  stepAside,
} from './job-chunks.repository.ts';
import { recordJobEnd } from './job-events.ts';
import { jobErrorOf, withStoreErrors, type JobStage } from './job-errors.ts';
import {
  finishAttempt,
  findJobToRun,
  type JobRow,
  recordTryError,
  saveProgress,
  startAttempt,
} from './jobs.repository.ts';
import { JobInterrupted, JobTryFailed } from './job-queue.ts';

type Documents = ReturnType<typeof createDocumentsService>;

export type JobRunnerDeps = Pick<
  Deps,
  'db' | 'clock' | 'log' | 'metrics' | 'config' | 'results'
> & {
  documents: Documents;
  /** Runs a try of a job that is not a batch (an account export): file-job-runner.ts. */
  runOtherKind: (job: JobRow, attempt: number, signal?: AbortSignal) => Promise<void>;
  /** Hands the job to the queue again, behind the jobs waiting now. */
  requeue: (job: { id: string; userId: string }) => Promise<void>;
};

/** A stored result of a finished job, as results_json keeps it. */
export type JobResultFile = { kind: JobResultKind; key: string; bytes: number };

/** The prefix under which a job keeps its files; a try writes under `<prefix><attempt>/`. */
export const jobFilesPrefix = (jobId: string) => `jobs/${jobId}/`;
/** Where the chunks' parts of the job's files wait until the files are put together. */
const partsPrefix = (jobId: string) => `${jobFilesPrefix(jobId)}parts/`;

/** Tries a job may take (each after an instance died or an unexpected error) before it fails. */
export const MAX_ATTEMPTS = 3;

/**
 * One try of a batch. Its items are made in chunks (`config.jobs.chunkItems`): each chunk's
 * documents are written as parts of the job's files and the chunk is recorded once, so a try
 * that starts after another died goes on from the first chunk not recorded, and makes again at
 * most one chunk. Between chunks the try steps aside when another account's job waits (it is
 * queued again behind it, without counting as a try), so a long batch delays others by one
 * chunk. When every chunk is recorded the files are put together from the parts and the job
 * ends, unless the try lost it meanwhile (cancelled, or taken over after this instance was
 * thought dead). A try stopped by its instance's shutdown throws JobInterrupted; one that fails
 * (the result store is down) records why and throws for the queue to try again, until
 * MAX_ATTEMPTS, when the job fails with that reason.
 */
export const runJob = async (
  deps: JobRunnerDeps,
  jobId: string,
  signal?: AbortSignal,
): Promise<void> => {
  const behind = await accountWaitingBefore(deps.db, jobId);
  if (behind) return deps.requeue({ id: jobId, userId: behind.userId });
  const isResuming = await hasSteppedAside(deps.db, jobId);
  const attempt = await startAttempt(deps.db, jobId, deps.clock.now().toISOString());
  if (attempt === undefined) return;
  const job = await findJobToRun(deps.db, jobId);
  if (!job) return;
  if (job.kind !== 'batch') return deps.runOtherKind(job, attempt, signal);
  const run = { attempt, isResuming, signal };
  return runBatch({ ...deps, results: withStoreErrors(deps.results) }, job, run);
};

const runBatch = async (
  deps: JobRunnerDeps,
  job: JobRow,
  { attempt, isResuming, signal }: { attempt: number; isResuming: boolean; signal?: AbortSignal },
) => {
  const jobId = job.id;
  const tries = attempt - Number(job.yields);
  const log = deps.log.child({ jobId, attempt: tries, userId: job.user_id });
  const recorded = await listChunks(deps.db, jobId);
  const tally = createTally(recorded, { done: Number(job.done), failed: Number(job.failed) });
  if (tries > MAX_ATTEMPTS) {
    // The last try ended with its instance before it could end the job.
    const error = jobErrorOf(new JobInterrupted(jobId), 'documents');
    await end(deps, job, attempt, { ...tally.counts(), stored: [], error, log });
    return;
  }
  const chunks = recorded.map((chunk) => chunk.parts);
  let from = recorded.reduce((sum, chunk) => sum + chunk.done, 0);
  // A new try starts (the first, or after a try ended with its instance); a job that stepped
  // aside goes on within its try.
  const event = isResuming ? 'job.resumed' : 'job.started';
  log.info({ event, total: job.total, from }, from > 0 ? 'job goes on' : 'job started');
  const items = JSON.parse(job.items_json) as Record<string, unknown>[];
  const takenNames = chunks.flatMap((parts) => parts.zip?.entries.map((entry) => entry.name) ?? []);
  const work = {
    items,
    target: await findTemplate(deps, job),
    nameOf: createFileNamer(job.file_name, takenNames),
  };
  let stage: JobStage = 'documents';
  let writers: ChunkWriters | undefined;
  try {
    while (from < job.total) {
      const to = Math.min(job.total, from + deps.config.jobs.chunkItems);
      const chunk = chunks.length;
      writers = openChunkWriters(deps.results, {
        prefix: `${partsPrefix(jobId)}${attempt}/${chunk}.`,
        output: job.output,
        total: job.total,
        previous: chunks.at(-1),
      });
      tally.startChunk();
      const keepGoing = async () =>
        !signal?.aborted && saveProgress(deps.db, jobId, attempt, tally.progress());
      const outcome = await fillChunk(deps, job, { ...work, from, to }, writers, tally, keepGoing);
      const parts = outcome === 'done' ? await writers.finish() : await writers.abort();
      writers = undefined;
      const isRecorded =
        parts !== undefined &&
        (await recordChunk(
          deps.db,
          jobId,
          attempt,
          { chunk, ...tally.chunk(), parts },
          tally.progress(),
        ));
      if (!isRecorded) return await stop(deps, job, attempt, log, signal);
      chunks.push(parts);
      from = to;
      if (signal?.aborted) return await stop(deps, job, attempt, log, signal);
      if (from < job.total && (await shouldStepAside(deps, job, attempt))) {
        log.info({ event: 'job.stepped_aside', done: from }, 'job steps aside for another account');
        return;
      }
    }
    stage = 'results';
    const { failed } = tally.counts();
    const stored =
      failed === job.total
        ? []
        : await putJobFiles(
            deps.results,
            { prefix: `${jobFilesPrefix(jobId)}${attempt}/`, output: job.output },
            chunks,
          );
    await end(deps, job, attempt, { ...tally.counts(), stored, log });
  } catch (error) {
    await writers?.abort().catch(() => undefined);
    if (error instanceof JobInterrupted) throw error;
    const reason = jobErrorOf(error, stage);
    log.warn(
      { event: 'job.try_failed', err: error, stage, code: reason.code, tries },
      `job try failed: ${reason.code}`,
    );
    if (tries < MAX_ATTEMPTS) {
      await recordTryError(deps.db, jobId, attempt, JSON.stringify(reason)).catch(() => undefined);
      await waitBeforeNextTry(deps.config.jobs.retrySeconds * 2 ** (tries - 1), signal);
      throw new JobTryFailed(jobId, error);
    }
    log.error({ event: 'job.given_up', code: reason.code }, 'job failed on its last try');
    await end(deps, job, attempt, { ...tally.counts(), stored: [], error: reason, log });
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
const stop = async (
  deps: JobRunnerDeps,
  job: JobRow,
  attempt: number,
  log: Deps['log'],
  signal: AbortSignal | undefined,
) => {
  if (signal?.aborted) {
    await stepAside(deps.db, job.id, attempt);
    throw new JobInterrupted(job.id);
  }
  log.info({ event: 'job.attempt_abandoned' }, 'job ended elsewhere; this try stops');
};

/**
 * True when the try stepped aside for another account's waiting job: the job is queued again
 * first (behind the waiting one), then marked as waiting; a queue that cannot take it keeps the
 * try going.
 */
const shouldStepAside = async (deps: JobRunnerDeps, job: JobRow, attempt: number) => {
  if (!(await isAnotherAccountWaiting(deps.db, job.user_id))) return false;
  try {
    await deps.requeue({ id: job.id, userId: job.user_id });
  } catch {
    return false;
  }
  await stepAside(deps.db, job.id, attempt);
  return true;
};

/** The template version the job fills, or why none can be (every item then fails with it). */
const findTemplate = async (deps: JobRunnerDeps, job: JobRow): Promise<JobTarget> => {
  try {
    if (job.template_id === null) {
      throw new AppError(
        'TEMPLATE_NOT_FOUND',
        404,
        `The template "${job.template_name}" was deleted.`,
      );
    }
    const { template } = await deps.documents.findAccountTarget(job.user_id, {
      templateId: job.template_id,
      version: job.version ?? 'draft',
    });
    return { ok: true, template };
  } catch (error) {
    return { ok: false, error };
  }
};

const end = async (
  deps: JobRunnerDeps,
  job: JobRow,
  attempt: number,
  outcome: ReturnType<Tally['counts']> & {
    stored: JobResultFile[];
    /** Why the job failed as a whole, when it did. */
    error?: JobError;
    log: Deps['log'];
  },
) => {
  const finishedAt = deps.clock.now();
  const status = outcome.error || outcome.failed === job.total ? 'failed' : 'succeeded';
  const delivered = status === 'succeeded' ? outcome.done - outcome.failed : 0;
  // The end and the give-back of what was not delivered are one change: a job that reads as
  // ended has its documents right, and only the try that ended it gives any back.
  const isEnded = await deps.db.transaction().execute(async (trx) => {
    const ended = await finishAttempt(trx, job.id, attempt, {
      status,
      done: outcome.done,
      failed: outcome.failed,
      failuresJson: outcome.failuresJson,
      resultsJson: JSON.stringify(outcome.stored),
      errorJson: outcome.error ? JSON.stringify(outcome.error) : null,
      finishedAt: finishedAt.toISOString(),
      expiresAt: new Date(finishedAt.getTime() + deps.config.jobs.retentionMs).toISOString(),
    });
    if (!ended) return false;
    const notDelivered = Number(job.total) - delivered;
    const reservedAt = new Date(job.reserved_at);
    await release(trx, { userId: job.user_id, count: notDelivered, reservedAt });
    await recordJobEnd(trx, job, {
      status,
      done: outcome.done,
      failed: outcome.failed,
      error: outcome.error,
      at: finishedAt,
    });
    return true;
  });
  if (!isEnded) {
    await deps.results.removeUnder(`${jobFilesPrefix(job.id)}${attempt}/`);
    return;
  }
  await deps.results.removeUnder(partsPrefix(job.id)).catch(() => undefined);
  await deleteChunks(deps.db, job.id).catch(() => undefined);
  outcome.log.info(
    { event: 'job.finished', status, done: outcome.done, failed: outcome.failed },
    'job finished',
  );
};
