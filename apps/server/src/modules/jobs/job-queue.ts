/**
 * Where started jobs wait for an instance to work on them. The job's row holds its truth; a
 * queue only hands job ids to workers: at most `concurrency` at once per instance, and one
 * account's jobs one at a time while other accounts' jobs wait, so a 10,000-item batch does
 * not hold everybody else's work back.
 */
export type JobWork = (jobId: string, signal: AbortSignal) => Promise<void>;

export type JobQueue = {
  /** Hands the job to a worker (this instance's or another's). */
  enqueue: (job: { id: string; userId: string }) => Promise<void>;
  /**
   * Starts working: jobs left unfinished by a stopped instance are taken up again. `signal` tells
   * a running job that this instance is stopping: it stops where it is, for a later try.
   */
  start: (work: JobWork) => Promise<void>;
  /** Stops taking jobs, tells the running ones to stop, and waits for them. */
  stop: () => Promise<void>;
  /**
   * True when an account's jobs run one at a time even while workers are idle (pg-boss, across
   * instances): each try then starts only when no other job of its account runs. The in-process
   * queue gives an account a second worker when no other account waits.
   */
  oneJobPerAccount: boolean;
};

/**
 * Tries of a job a queue starts again after a try failed as a whole (the job runner ends the job
 * as failed on its third try; more only matter when a try fails before it counts itself).
 */
export const RETRY_LIMIT = 5;

/** A try stopped because its instance is stopping; the queue tries the job again later. */
export class JobInterrupted extends Error {
  constructor(jobId: string) {
    super(`job ${jobId} interrupted by shutdown`);
    this.name = 'JobInterrupted';
  }
}

/**
 * A try failed as a whole (the result store was down) and waited its time before the next one
 * (`JOB_RETRY_SECONDS`, doubled each time): the queue tries the job again at once.
 */
export class JobTryFailed extends Error {
  constructor(jobId: string, cause: unknown) {
    super(`job ${jobId}: a try failed`, { cause });
    this.name = 'JobTryFailed';
  }
}
