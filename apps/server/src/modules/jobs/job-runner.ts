import type { ItemError, JobResultKind } from '@platen/contract';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../lib/app-error.ts';
import { releaseDocuments } from '../billing/index.ts';
import type { createDocumentsService } from '../documents/index.ts';
import { createFileNamer } from './file-names.ts';
import { recordJobEnd } from './job-events.ts';
import { LISTED_ITEM_ERRORS } from './batch-items.ts';
import {
  finishAttempt,
  findJobToRun,
  type JobRow,
  saveProgress,
  startAttempt,
} from './jobs.repository.ts';
import { JobInterrupted } from './job-queue.ts';
import { openResultWriters, type ResultWriters } from './result-writers.ts';

type Documents = ReturnType<typeof createDocumentsService>;

export type JobRunnerDeps = Pick<
  Deps,
  'db' | 'clock' | 'log' | 'metrics' | 'config' | 'results'
> & {
  documents: Documents;
  /** Runs a try of a job that is not a batch (an account export): file-job-runner.ts. */
  runOtherKind: (job: JobRow, attempt: number, signal?: AbortSignal) => Promise<void>;
};

/** A stored result of a finished job, as results_json keeps it. */
export type JobResultFile = { kind: JobResultKind; key: string; bytes: number };

/** Documents being filled at once for one job: enough to keep the fill workers busy. */
const FILLS_IN_FLIGHT = 16;
/** Progress is written at most this often (and at the end). */
const PROGRESS_EVERY_MS = 500;
/** Work done on this thread between two turns of the event loop, so requests are not held up. */
const SLICE_MS = 8;

type Outcome = { index: number; pdf: Uint8Array } | { index: number; failure: ItemError };

const failureOf = (index: number, error: unknown): ItemError => {
  if (error instanceof AppError) {
    const field = /"([^"]+)"/.exec(error.message)?.[1] ?? null;
    return { index, field, code: error.code, message: error.message };
  }
  return { index, field: null, code: 'INTERNAL_ERROR', message: 'This item could not be filled.' };
};

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** The prefix under which a job keeps its files; a try writes under `<prefix><attempt>/`. */
export const jobFilesPrefix = (jobId: string) => `jobs/${jobId}/`;

/** Tries a job may take (each after an instance died or an unexpected error) before it fails. */
export const MAX_ATTEMPTS = 3;

/**
 * One try of a job: fills every item in order, writes the results as they come (never all
 * documents in memory), and ends the job unless the try lost it meanwhile (it was cancelled, or
 * another instance took over after this one was thought dead); then its files are removed and
 * nothing is counted or given back by this try. Items that fail are reported by index and their
 * documents given back. A try stopped by its instance's shutdown throws JobInterrupted and
 * leaves the job running for the next try; so does an unexpected error, until MAX_ATTEMPTS.
 */
export const runJob = async (
  deps: JobRunnerDeps,
  jobId: string,
  signal?: AbortSignal,
): Promise<void> => {
  const attempt = await startAttempt(deps.db, jobId, deps.clock.now().toISOString());
  if (attempt === undefined) return;
  const job = await findJobToRun(deps.db, jobId);
  if (!job) return;
  if (job.kind !== 'batch') return deps.runOtherKind(job, attempt, signal);
  const log = deps.log.child({ jobId, attempt, userId: job.user_id });
  const prefix = `${jobFilesPrefix(jobId)}${attempt}/`;
  const tally = createTally();
  if (attempt > MAX_ATTEMPTS) {
    tally.failAll(job.total);
    await end(deps, job, attempt, { ...tally.progress(), stored: [], log });
    return;
  }
  await deps.results.removeUnder(jobFilesPrefix(jobId));
  log.info({ event: 'job.started', total: job.total }, 'job started');
  const writers = openResultWriters(deps.results, { prefix, output: job.output, total: job.total });
  try {
    const outcome = await fillItems(deps, job, writers, tally, async () => {
      if (signal?.aborted) return false;
      return saveProgress(deps.db, jobId, attempt, tally.progress());
    });
    if (outcome === 'stopped') {
      await writers.abort();
      await deps.results.removeUnder(prefix);
      if (signal?.aborted) throw new JobInterrupted(jobId);
      log.info({ event: 'job.attempt_abandoned' }, 'job ended elsewhere; this try stops');
      return;
    }
    const isAllFailed = tally.progress().failed === job.total;
    const stored = isAllFailed ? (await writers.abort(), []) : await writers.finish();
    await end(deps, job, attempt, { ...tally.progress(), stored, log });
  } catch (error) {
    await writers.abort().catch(() => undefined);
    await deps.results.removeUnder(prefix).catch(() => undefined);
    if (error instanceof JobInterrupted || attempt < MAX_ATTEMPTS) throw error;
    log.error({ event: 'job.given_up', err: error }, 'job failed on its last try');
    tally.failAll(job.total);
    await end(deps, job, attempt, { ...tally.progress(), stored: [], log });
  }
};

/** What a try has done so far: items finished, the ones that failed, and the first failures. */
const createTally = () => {
  const failures: ItemError[] = [];
  let failed = 0;
  let done = 0;
  return {
    succeed: () => {
      done += 1;
    },
    fail: (failure: ItemError) => {
      done += 1;
      failed += 1;
      if (failures.length < LISTED_ITEM_ERRORS) failures.push(failure);
    },
    /** The whole try failed: no item produced a document. */
    failAll: (total: number) => {
      done = total;
      failed = total;
    },
    progress: () => ({
      done,
      failed,
      failuresJson: failures.length > 0 ? JSON.stringify(failures) : null,
    }),
  };
};

/**
 * Fills the items a few at a time (the fill workers stay busy) and hands each document to the
 * writers in the items' order. Between slices of work the event loop gets a turn, so requests
 * are served while a batch runs; every PROGRESS_EVERY_MS `keepGoing` saves the progress and says
 * whether the try still owns the job.
 */
const fillItems = async (
  deps: JobRunnerDeps,
  job: JobRow,
  writers: ResultWriters,
  tally: ReturnType<typeof createTally>,
  keepGoing: () => Promise<boolean>,
): Promise<'done' | 'stopped'> => {
  const target = await findTemplate(deps, job);
  const items = JSON.parse(job.items_json) as Record<string, unknown>[];
  const nameOf = createFileNamer(job.file_name);
  const fillOne = async (index: number): Promise<Outcome> => {
    try {
      if (!target.ok) throw target.error;
      const started = process.hrtime.bigint();
      const document = await deps.documents.fillValues(
        job.user_id,
        target.template,
        items[index] ?? {},
        { strict: job.strict === 1 },
      );
      deps.metrics.documentGenerated(Number(process.hrtime.bigint() - started) / 1e9);
      return { index, pdf: document.pdf };
    } catch (error) {
      return { index, failure: failureOf(index, error) };
    }
  };

  let lastSaved = Date.now();
  let sliceStarted = Date.now();
  const pending: Promise<Outcome>[] = [];
  const take = async (): Promise<boolean> => {
    const outcome = await pending.shift()!;
    if ('failure' in outcome) tally.fail(outcome.failure);
    else {
      await writers.add(nameOf(outcome.index, items[outcome.index] ?? {}), outcome.pdf);
      tally.succeed();
    }
    if (Date.now() - sliceStarted >= SLICE_MS) {
      await nextTurn();
      sliceStarted = Date.now();
    }
    if (Date.now() - lastSaved < PROGRESS_EVERY_MS) return true;
    lastSaved = Date.now();
    return keepGoing();
  };
  let isGoing = true;
  for (let index = 0; index < job.total && isGoing; index += 1) {
    pending.push(fillOne(index));
    if (pending.length >= FILLS_IN_FLIGHT) isGoing = await take();
  }
  while (pending.length > 0 && isGoing) isGoing = await take();
  if (!isGoing) {
    // The fills already started finish before their writers go away.
    await Promise.allSettled(pending);
    return 'stopped';
  }
  return (await keepGoing()) ? 'done' : 'stopped';
};

/** The template version the job fills, or why none can be (every item then fails with it). */
const findTemplate = async (deps: JobRunnerDeps, job: JobRow) => {
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
    return { ok: true as const, template };
  } catch (error) {
    return { ok: false as const, error };
  }
};

const end = async (
  deps: JobRunnerDeps,
  job: JobRow,
  attempt: number,
  outcome: ReturnType<ReturnType<typeof createTally>['progress']> & {
    stored: JobResultFile[];
    log: Deps['log'];
  },
) => {
  const finishedAt = deps.clock.now();
  const status = outcome.failed === job.total ? 'failed' : 'succeeded';
  // The end and the give-back of what was not produced are one change: a job that reads as
  // ended has its documents right, and only the try that ended it gives any back.
  const isEnded = await deps.db.transaction().execute(async (trx) => {
    const ended = await finishAttempt(trx, job.id, attempt, {
      status,
      done: outcome.done,
      failed: outcome.failed,
      failuresJson: outcome.failuresJson,
      resultsJson: JSON.stringify(outcome.stored),
      finishedAt: finishedAt.toISOString(),
      expiresAt: new Date(finishedAt.getTime() + deps.config.jobs.retentionMs).toISOString(),
    });
    if (ended && outcome.failed > 0) {
      await releaseDocuments({ db: trx }, job.user_id, outcome.failed, new Date(job.reserved_at));
    }
    if (ended) {
      await recordJobEnd(trx, job, {
        status,
        done: outcome.done,
        failed: outcome.failed,
        at: finishedAt,
      });
    }
    return ended;
  });
  if (!isEnded) {
    await deps.results.removeUnder(`${jobFilesPrefix(job.id)}${attempt}/`);
    return;
  }
  outcome.log.info(
    { event: 'job.finished', status, done: outcome.done, failed: outcome.failed },
    'job finished',
  );
};

export type { ResultWriters };
