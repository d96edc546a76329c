import type { JobError } from '@platen/contract';
import { isDatabaseUnavailable } from '../../db/errors.ts';
import { JobInterrupted } from './job-queue.ts';
import type { ResultStore } from './result-store/result-store.ts';

/** A call to the result store failed: the cause is the store's own error. */
class ResultStoreError extends Error {
  constructor(cause: unknown) {
    super(`result store: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
    this.name = 'ResultStoreError';
  }
}

const asStoreError = (error: unknown): never => {
  throw error instanceof ResultStoreError ? error : new ResultStoreError(error);
};

/**
 * The store, its failures told apart from the database's: both fail with the same network codes
 * (ECONNREFUSED) when their server is down.
 */
export const withStoreErrors = (store: ResultStore): ResultStore => ({
  put: (key, source, options) => store.put(key, source, options).catch(asStoreError),
  read: (key) => store.read(key).catch(asStoreError),
  remove: (key) => store.remove(key).catch(asStoreError),
  removeUnder: (prefix) => store.removeUnder(prefix).catch(asStoreError),
  close: () => store.close(),
});

/** Where a try failed: making the chunks' documents, or putting the job's files together. */
export type JobStage = JobError['stage'];

/**
 * Why a try failed, as the job and its `job.failed` event say it: a code an integrator can act on
 * and a sentence without the operator's hosts or paths (the log line of the try has the cause).
 */
export const jobErrorOf = (error: unknown, stage: JobStage): JobError => {
  if (error instanceof ResultStoreError) {
    return {
      code: 'RESULT_STORE_UNAVAILABLE',
      message: 'The documents could not be stored: the result store could not be reached.',
      stage,
    };
  }
  if (isDatabaseUnavailable(error)) {
    return {
      code: 'DATABASE_UNAVAILABLE',
      message: "The job's progress could not be saved: the database could not be reached.",
      stage,
    };
  }
  if (error instanceof JobInterrupted) {
    return {
      code: 'JOB_INTERRUPTED',
      message: 'The job was stopped by its server on every try before it could finish.',
      stage,
    };
  }
  return { code: 'INTERNAL_ERROR', message: 'The job failed unexpectedly.', stage };
};
