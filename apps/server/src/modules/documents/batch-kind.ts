import type { Deps } from '../../deps.ts';
import { AppError } from '../../lib/app-error.ts';
import { release } from '../billing/index.ts';
import {
  createFileNamer,
  deleteChunks,
  isAnotherAccountWaiting,
  jobFilesPrefix,
  listChunks,
  openChunkWriters,
  putJobFiles,
  recordChunk,
  recordJobEnd,
  stepAside,
  withStoreErrors,
  type ChunkWriters,
  type JobKindDefinition,
  type JobRow,
  type JobTryContext,
} from '../jobs/index.ts';
import { createTally, fillChunk, type FillDeps, type JobTarget } from './batch-chunk.ts';

type BatchKindDeps = Pick<Deps, 'db' | 'log' | 'config' | 'results' | 'jobQueue'> & FillDeps;

/** Where the chunks' parts of the job's files wait until the files are put together. */
const partsPrefix = (jobId: string) => `${jobFilesPrefix(jobId)}parts/`;

/**
 * The batch as a kind of job. Its items are made in chunks (`config.jobs.chunkItems`): each
 * chunk's documents are written as parts of the job's files and the chunk is recorded once, so a
 * try that starts after another died goes on from the first chunk not recorded, and makes again
 * at most one chunk. Between chunks the try steps aside when another account's job waits (it is
 * queued again behind it, without counting as a try), so a long batch delays others by one
 * chunk. When every chunk is recorded the files are put together from the parts. Documents not
 * delivered are given back in the change that ends the job, which its account's webhooks hear of.
 */
export const batchKind = (deps: BatchKindDeps): JobKindDefinition => {
  const results = withStoreErrors(deps.results);
  return {
    name: 'batch',
    retentionMs: deps.config.jobs.retentionMs,
    begin: async (context) => {
      const { job } = context;
      const recorded = await listChunks(deps.db, job.id);
      const tally = createTally(recorded, { done: Number(job.done), failed: Number(job.failed) });
      let writers: ChunkWriters | undefined;
      const run = async () => {
        const chunks = recorded.map((chunk) => chunk.parts);
        let from = recorded.reduce((sum, chunk) => sum + chunk.done, 0);
        // A new try starts (the first, or after a try ended with its instance); a job that
        // stepped aside goes on within its try.
        const event = context.isResuming ? 'job.resumed' : 'job.started';
        const said = from > 0 ? 'job goes on' : 'job started';
        context.log.info({ event, total: job.total, from }, said);
        const takenNames = chunks.flatMap((p) => p.zip?.entries.map((entry) => entry.name) ?? []);
        const work = {
          items: JSON.parse(job.items_json) as Record<string, unknown>[],
          target: await findTemplate(deps, job),
          nameOf: createFileNamer(job.file_name, takenNames),
        };
        while (from < job.total) {
          const to = Math.min(job.total, from + deps.config.jobs.chunkItems);
          const chunk = chunks.length;
          writers = openChunkWriters(results, {
            prefix: `${partsPrefix(job.id)}${context.attempt}/${chunk}.`,
            output: job.output,
            total: job.total,
            previous: chunks.at(-1),
          });
          tally.startChunk();
          const keepGoing = () => context.saveProgress(tally.progress());
          const outcome = await fillChunk(
            deps,
            job,
            { ...work, from, to },
            writers,
            tally,
            keepGoing,
          );
          const parts = outcome === 'done' ? await writers.finish() : await writers.abort();
          writers = undefined;
          const isRecorded =
            parts !== undefined &&
            (await recordChunk(
              deps.db,
              job.id,
              context.attempt,
              { chunk, ...tally.chunk(), parts },
              tally.progress(),
            ));
          if (!isRecorded) return 'stopped';
          chunks.push(parts);
          from = to;
          if (context.signal?.aborted) return 'stopped';
          if (from < job.total && (await shouldStepAside(deps, context))) {
            context.log.info(
              { event: 'job.stepped_aside', done: from },
              'job steps aside for another account',
            );
            return 'stepped_aside';
          }
        }
        context.stage = 'results';
        const isAllFailed = tally.counts().failed === job.total;
        const stored = isAllFailed
          ? []
          : await putJobFiles(results, { prefix: context.prefix, output: job.output }, chunks);
        return { status: isAllFailed ? 'failed' : 'succeeded', stored } as const;
      };
      return {
        run,
        counts: () => tally.counts(),
        abort: async () => {
          await writers?.abort();
        },
      };
    },
    ending: async (trx, job, end) => {
      const delivered = end.status === 'succeeded' ? end.done - end.failed : 0;
      const notDelivered = Number(job.total) - delivered;
      const reservedAt = new Date(job.reserved_at);
      await release(trx, { userId: job.user_id, count: notDelivered, reservedAt });
      await recordJobEnd(trx, job, end);
    },
    // A job that stepped aside may have made chunks before it was cancelled.
    canceling: async (trx, job, notProduced) => {
      const reservedAt = new Date(job.reserved_at);
      await release(trx, { userId: job.user_id, count: notProduced, reservedAt });
    },
    ended: async (job) => {
      await results.removeUnder(partsPrefix(job.id)).catch(() => undefined);
      await deleteChunks(deps.db, job.id).catch(() => undefined);
    },
  };
};

/**
 * True when the try stepped aside for another account's waiting job: the job is queued again
 * first (behind the waiting one), then marked as waiting; a queue that cannot take it keeps the
 * try going.
 */
const shouldStepAside = async (deps: BatchKindDeps, { job, attempt }: JobTryContext) => {
  if (!(await isAnotherAccountWaiting(deps.db, job.user_id))) return false;
  try {
    // Hands the job to the queue again, behind the jobs waiting now.
    await deps.jobQueue.enqueue({ id: job.id, userId: job.user_id });
  } catch {
    return false;
  }
  await stepAside(deps.db, job.id, attempt);
  return true;
};

/** The template version the job fills, or why none can be (every item then fails with it). */
const findTemplate = async (deps: BatchKindDeps, job: JobRow): Promise<JobTarget> => {
  try {
    if (job.template_id === null) {
      throw new AppError(
        'TEMPLATE_NOT_FOUND',
        404,
        `The template "${job.template_name}" was deleted.`,
        {},
        {},
        job.template_name,
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
