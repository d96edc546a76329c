import type { JobError, JobResultKind } from '@platen/contract';
import type { Db, JobKind } from '../../db/tables.ts';
import type { Logger } from '../../lib/logger.ts';
import type { JobStage } from './job-errors.ts';
import type { JobRow, JobRowWithoutItems, Progress } from './jobs.repository.ts';

/** A stored result of a finished job, as results_json keeps it. */
export type JobResultFile = { kind: JobResultKind; key: string; bytes: number };

/** The prefix under which a job keeps its files; a try writes under `<prefix><attempt>/`. */
export const jobFilesPrefix = (jobId: string) => `jobs/${jobId}/`;

/** What a try of a job knows of itself, given by the try protocol (try-protocol.ts). */
export type JobTryContext = {
  job: JobRow;
  /** The row's attempt counter: only the try holding it writes progress and ends the job. */
  attempt: number;
  /** Tries so far, this one included; stepping aside does not count as one. */
  tries: number;
  /** The try goes on after the job stepped aside for another account's (not a new try). */
  isResuming: boolean;
  /** Aborted when this instance stops: stop where you are, the job is tried again later. */
  signal?: AbortSignal;
  log: Logger;
  /** The try's folder in the result store, ending in `/`. */
  prefix: string;
  /** Where the try is; a failure is reported with it. The kind moves it on. */
  stage: JobStage;
  /** Saves progress; false when the try no longer owns the job or its instance stops. */
  saveProgress: (progress: Progress) => Promise<boolean>;
};

/** The job's counts as it ends. */
export type JobCounts = { done: number; failed: number; failuresJson: string | null };

/**
 * How a try's work ended: the job's outcome with its files; `stopped` when the try lost the job
 * (cancelled, taken over) or its instance stops; `stepped_aside` when it was queued again
 * behind another account's job.
 */
type JobTryOutcome =
  { status: 'succeeded' | 'failed'; stored: JobResultFile[] } | 'stopped' | 'stepped_aside';

/** One try of a job of a kind, as its kind makes it. */
export type JobTry = {
  /** Does the kind's work; throws when the try fails as a whole (retried, up to MAX_ATTEMPTS). */
  run: () => Promise<JobTryOutcome>;
  /** The job's counts, would it end now with `status`. */
  counts: (status: 'succeeded' | 'failed') => JobCounts;
  /** Closes what a failed try left open (its errors are ignored). */
  abort?: () => Promise<void>;
};

/** How a job ended, as its kind's hooks are told. */
export type JobEnd = JobCounts & {
  status: 'succeeded' | 'failed';
  /** Why the job failed as a whole, when it did. */
  error?: JobError;
  at: Date;
  expiresAt: Date;
  log: Logger;
};

/**
 * A kind of job the engine runs (a batch, an account export): its module registers it with the
 * jobs service, and the try protocol (try-protocol.ts) queues, retries, ends and sweeps it.
 */
export type JobKindDefinition = {
  name: JobKind;
  /** How long a job's results are kept after it ends. */
  retentionMs: number;
  /** Prepares a try (reads what earlier tries left; no side effects: it may end at once). */
  begin: (context: JobTryContext) => Promise<JobTry>;
  /** Written in the transaction that ends the job, so the end and these are one change. */
  ending?: (trx: Db, job: JobRow, end: JobEnd) => Promise<void>;
  /**
   * Written in the transaction that cancels the job, before its end is recorded; `notProduced`
   * is its items not produced (a batch gives their documents back).
   */
  canceling?: (trx: Db, job: JobRowWithoutItems, notProduced: number) => Promise<void>;
  /** Called once, by the try that ended the job; handles its own failures. */
  ended?: (job: JobRow, end: JobEnd) => Promise<void>;
};
