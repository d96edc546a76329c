import { jsonOf, type Call } from './api.ts';
import { PlatenError } from './errors.ts';
import type { BatchInput, Job, JobStatus } from './types-management.ts';

export type WaitOptions = {
  /** First pause between two looks at the job (default 500 ms); it grows by half each time. */
  intervalMs?: number;
  /** Longest pause between two looks (default 5 s). */
  maxIntervalMs?: number;
  /** Give up (PlatenError `WAIT_TIMEOUT`) after this long; by default wait as long as it takes. */
  timeoutMs?: number;
  /** Called with the job after every look, e.g. to show progress. */
  onProgress?: (job: Job) => void;
  signal?: AbortSignal;
};

export type JobList = { jobs: Job[]; page: number; pageSize: number; total: number };

/** Batches and the jobs that make them, with the API key. */
export type JobCalls = {
  /** Starts a batch: one document per item, as a ZIP and/or one merged PDF. */
  createBatch: (input: BatchInput, options?: { idempotencyKey?: string }) => Promise<Job>;
  get: (jobId: string) => Promise<Job>;
  list: (query?: { page?: number; pageSize?: number; templateName?: string }) => Promise<JobList>;
  /** Cancels a queued or running job; documents not produced are given back. */
  cancel: (jobId: string) => Promise<Job>;
  /** The job's ZIP or merged PDF as a stream, read as it arrives (no copy in memory). */
  downloadResult: (jobId: string, kind: 'zip' | 'merged') => Promise<ReadableStream<Uint8Array>>;
  /** Looks at the job until it has ended (succeeded, failed or canceled) and answers it. */
  waitForJob: (jobId: string, options?: WaitOptions) => Promise<Job>;
};

const ENDED: readonly JobStatus[] = ['succeeded', 'failed', 'canceled'];

const pause = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    signal?.throwIfAborted();
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', abort);
      resolve();
    }, ms);
    const abort = () => {
      clearTimeout(timer);
      reject(signal?.reason as Error);
    };
    signal?.addEventListener('abort', abort, { once: true });
  });

export const jobCalls = (call: Call): JobCalls => {
  const get = (id: string, signal?: AbortSignal) =>
    jsonOf<Job>(call('getJob', { params: { id }, signal }));
  return {
    createBatch: (input, { idempotencyKey } = {}) =>
      jsonOf(
        call('createBatch', {
          json: input,
          headers: idempotencyKey === undefined ? {} : { 'idempotency-key': idempotencyKey },
        }),
      ),
    get: (id) => get(id),
    list: (query = {}) => jsonOf(call('listJobs', { query })),
    cancel: (id) => jsonOf(call('cancelJob', { params: { id } })),
    downloadResult: async (id, kind) => {
      const response = await call('downloadJobResult', { params: { id, kind } });
      if (!response.body) throw new PlatenError(0, 'EMPTY_ANSWER', 'The result had no body.');
      return response.body;
    },
    waitForJob: async (
      id,
      { intervalMs = 500, maxIntervalMs = 5000, timeoutMs, onProgress, signal } = {},
    ) => {
      const deadline = timeoutMs === undefined ? Infinity : Date.now() + timeoutMs;
      for (let interval = intervalMs; ; interval = Math.min(maxIntervalMs, interval * 1.5)) {
        const job = await get(id, signal);
        onProgress?.(job);
        if (ENDED.includes(job.status)) return job;
        const left = deadline - Date.now();
        if (left <= 0) {
          throw new PlatenError(
            0,
            'WAIT_TIMEOUT',
            `Job ${id} had not ended after ${timeoutMs} ms.`,
          );
        }
        await pause(Math.min(interval, left), signal);
      }
    },
  };
};
