import type { Readable } from 'node:stream';
import type { Job, JobResultKind, listJobsQuery } from '@platen/contract';
import type { Insertable } from 'kysely';
import type { z } from 'zod';
import type { JobTable } from '../../db/tables.ts';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../lib/app-error.ts';
import { recordJobEnd } from './job-events.ts';
import { jobFilesPrefix, type JobKindDefinition, type JobResultFile } from './job-kind.ts';
import { runJob } from './try-protocol.ts';
import { toJob } from './job-view.ts';
import {
  cancelQueuedOrRunning,
  deleteJob,
  findJob,
  findJobWithItems,
  insertJob,
  listExpiredJobs,
  listJobsOf,
} from './jobs.repository.ts';
import { isValidResultSignature } from './result-links.ts';
import { RESULT_FILE_NAMES } from './result-writers.ts';

export type JobsDeps = Deps & {
  /** The kinds of job other modules register: the batch (documents), the account export. */
  jobKinds: JobKindDefinition[];
};

const jobNotFound = (id: string) =>
  new AppError('JOB_NOT_FOUND', 404, `There is no job with the id "${id}".`);

const resultNotFound = (kind: JobResultKind) =>
  new AppError(
    'NOT_FOUND',
    404,
    `This job has no ${kind === 'zip' ? 'ZIP' : 'merged PDF'} to download: it is not finished, did not produce one, or its results have expired.`,
  );

/** Expired jobs deleted per sweep statement. */
const SWEEP_BATCH = 100;

export const createJobsService = (deps: JobsDeps) => {
  const linkSettings = () => ({
    appUrl: deps.config.appUrl,
    linkKey: deps.secrets.linkKey,
    linkMs: deps.config.jobs.linkMs,
    now: deps.clock.now(),
  });
  const view = (row: Parameters<typeof toJob>[0]) => toJob(row, linkSettings());

  const kinds = new Map(deps.jobKinds.map((kind) => [kind.name, kind]));

  const get = async (userId: string, id: string): Promise<Job> => {
    const row = await findJob(deps.db, userId, id);
    if (!row) throw jobNotFound(id);
    return view(row);
  };

  const list = async (userId: string, q: z.output<typeof listJobsQuery>) => {
    const { jobs, total } = await listJobsOf(deps.db, userId, {
      templateName: q.templateName,
      limit: q.pageSize,
      offset: (q.page - 1) * q.pageSize,
    });
    return { jobs: jobs.map(view), page: q.page, pageSize: q.pageSize, total };
  };

  /** Cancels a queued or running job; its kind gives back what it had not produced. */
  const cancel = async (userId: string, id: string): Promise<Job> => {
    const now = deps.clock.now();
    // The cancel and the give-back are one change, so a cancelled job never keeps its count.
    const result = await deps.db.transaction().execute(async (trx) => {
      const before = await cancelQueuedOrRunning(trx, userId, id, {
        finishedAt: now.toISOString(),
        expiresAt: new Date(now.getTime() + deps.config.jobs.retentionMs).toISOString(),
      });
      if (!before) return undefined;
      const produced = Number(before.done) - Number(before.failed);
      const notProduced = Number(before.total) - produced;
      await kinds.get(before.kind)?.canceling?.(trx, before, notProduced);
      await recordJobEnd(trx, before, {
        status: 'canceled',
        done: Number(before.done),
        failed: Number(before.failed),
        at: now,
      });
      return { notProduced };
    });
    if (!result) {
      await get(userId, id);
      throw new AppError(
        'JOB_ENDED',
        409,
        'This job has already ended; there is nothing to cancel.',
      );
    }
    const { notProduced } = result;
    deps.log.info({ event: 'job.canceled', jobId: id, userId, notProduced }, 'job cancelled');
    return get(userId, id);
  };

  /**
   * A finished job's ZIP or merged PDF, for its account or for a valid signed link (`userId`
   * undefined); anything else is not found, so a link reveals nothing about other jobs.
   */
  const openResult = async (
    caller: { userId: string } | { signature: string; expires: number },
    id: string,
    kind: JobResultKind,
  ): Promise<{ stream: Readable; bytes: number; fileName: string }> => {
    const row =
      'userId' in caller
        ? await findJob(deps.db, caller.userId, id)
        : isValidResultSignature(
              deps.secrets.linkKey,
              { jobId: id, kind, ...caller },
              Math.floor(deps.clock.now().getTime() / 1000),
            )
          ? await findJobWithItems(deps.db, id)
          : undefined;
    if (!row || row.kind !== 'batch') throw jobNotFound(id);
    const stored =
      row.status === 'succeeded'
        ? (JSON.parse(row.results_json ?? '[]') as JobResultFile[]).find((r) => r.kind === kind)
        : undefined;
    const file = stored && (await deps.results.read(stored.key));
    if (!file) throw resultNotFound(kind);
    return { ...file, fileName: `${row.template_name}-${RESULT_FILE_NAMES[kind]}` };
  };

  /** Deletes jobs whose results have expired, files first; answers how many. */
  const sweep = async (): Promise<number> => {
    const expired = await listExpiredJobs(deps.db, deps.clock.now().toISOString(), SWEEP_BATCH);
    for (const job of expired) {
      await deps.results.removeUnder(jobFilesPrefix(job.id));
      await deleteJob(deps.db, job.id);
    }
    return expired.length;
  };

  /** The job is safe in its row: a queue that fails now is caught up by the next start. */
  const handToWorkers = async (id: string, userId: string) => {
    await deps.jobQueue
      .enqueue({ id, userId })
      .catch((error: unknown) =>
        deps.log.error({ event: 'job.enqueue_failed', err: error, jobId: id }, 'job not queued'),
      );
  };

  /**
   * Queues a job of a registered kind, made by its module; `announce` (its log line) runs once
   * the row is written, before the workers may start it.
   */
  const queue = async (row: Insertable<JobTable>, announce?: () => void): Promise<void> => {
    await insertJob(deps.db, row);
    announce?.();
    await handToWorkers(row.id, row.user_id);
  };

  const requeue = (job: { id: string; userId: string }) => deps.jobQueue.enqueue(job);

  let working: Promise<void> | undefined;
  /**
   * Starts this instance's workers, once, when the app starts (schedule.ts): jobs queued or left
   * running by a stopped instance go on, and jobs queued from now on are run.
   */
  const startWorking = () =>
    (working ??= deps.jobQueue.start((jobId, signal) =>
      runJob(
        { ...deps, kinds, requeue, oneJobPerAccount: deps.jobQueue.oneJobPerAccount },
        jobId,
        signal,
      ),
    ));

  /** Stops the workers; a running job stops where it is, for a later try. */
  const stopWorking = () => deps.jobQueue.stop();

  return { get, list, cancel, openResult, queue, sweep, startWorking, stopWorking };
};

export type JobsService = ReturnType<typeof createJobsService>;
