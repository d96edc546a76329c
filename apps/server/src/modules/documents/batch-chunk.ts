import type { ItemError } from '@platen/contract';
import { AppError } from '../../lib/app-error.ts';
import type { ChunkWriters, JobRow, RecordedChunk } from '../jobs/index.ts';
import { LISTED_ITEM_ERRORS } from './batch-items.ts';
import type { createDocumentsService } from './documents.service.ts';

/** What filling a chunk uses: the documents service. */
export type FillDeps = { documents: ReturnType<typeof createDocumentsService> };

/** Documents being filled at once for one job: enough to keep the fill workers busy. */
const FILLS_IN_FLIGHT = 16;
/** Progress is written at most this often (and at the end of each chunk). */
const PROGRESS_EVERY_MS = 500;
/** Work done on this thread between two turns of the event loop, so requests are not held up. */
const SLICE_MS = 8;

type Outcome = { index: number; pdf: Uint8Array } | { index: number; failure: ItemError };

/** Why an item failed, naming the field at fault when its refusal names one. */
const failureOf = (index: number, error: unknown): ItemError => {
  if (error instanceof AppError) {
    return { index, field: error.field ?? null, code: error.code, message: error.message };
  }
  return { index, field: null, code: 'INTERNAL_ERROR', message: 'This item could not be filled.' };
};

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

const listed = (failures: ItemError[]) => (failures.length > 0 ? JSON.stringify(failures) : null);

/**
 * What a job has done: the recorded chunks' counts, then this try's items. The progress it shows
 * never goes below what the job showed when the try began (`shown`), although a try that goes on
 * after another died makes again the items of the chunk that died unrecorded.
 */
export const createTally = (recorded: RecordedChunk[], shown: { done: number; failed: number }) => {
  const failures = recorded
    .flatMap((chunk) => (chunk.failuresJson ? (JSON.parse(chunk.failuresJson) as ItemError[]) : []))
    .slice(0, LISTED_ITEM_ERRORS);
  let done = recorded.reduce((sum, chunk) => sum + chunk.done, 0);
  let failed = recorded.reduce((sum, chunk) => sum + chunk.failed, 0);
  let chunk = { done: 0, failed: 0, failures: [] as ItemError[] };
  return {
    succeed: () => {
      done += 1;
      chunk.done += 1;
    },
    fail: (failure: ItemError) => {
      done += 1;
      failed += 1;
      chunk.done += 1;
      chunk.failed += 1;
      if (failures.length < LISTED_ITEM_ERRORS) failures.push(failure);
      if (chunk.failures.length < LISTED_ITEM_ERRORS) chunk.failures.push(failure);
    },
    startChunk: () => {
      chunk = { done: 0, failed: 0, failures: [] };
    },
    /** The current chunk's own counts, as it is recorded. */
    chunk: () => ({ done: chunk.done, failed: chunk.failed, failuresJson: listed(chunk.failures) }),
    /** The job's true counts. */
    counts: () => ({ done, failed, failuresJson: listed(failures) }),
    /** The counts the job shows while it runs. */
    progress: () => ({
      done: Math.max(done, shown.done),
      failed: Math.max(failed, shown.failed),
      failuresJson: listed(failures),
    }),
  };
};
export type Tally = ReturnType<typeof createTally>;

/** The template version a job fills, or why none can be (every item then fails with it). */
export type JobTarget =
  | {
      ok: true;
      template: Awaited<ReturnType<FillDeps['documents']['findAccountTarget']>>['template'];
    }
  | { ok: false; error: unknown };

/**
 * Fills the items `from` up to `to` a few at a time (the fill workers stay busy) and hands each
 * document to the chunk's writers in the items' order. Between slices of work the event loop gets
 * a turn, so requests are served while a batch runs; every PROGRESS_EVERY_MS `keepGoing` saves
 * the progress and says whether the try still owns the job.
 */
export const fillChunk = async (
  deps: FillDeps,
  job: JobRow,
  work: {
    items: Record<string, unknown>[];
    from: number;
    to: number;
    target: JobTarget;
    nameOf: (index: number, values: Record<string, unknown>) => string;
  },
  writers: ChunkWriters,
  tally: Tally,
  keepGoing: () => Promise<boolean>,
): Promise<'done' | 'stopped'> => {
  const { items, target } = work;
  const fillOne = async (index: number): Promise<Outcome> => {
    try {
      if (!target.ok) throw target.error;
      const document = await deps.documents.fillValues(
        job.user_id,
        target.template,
        items[index] ?? {},
        { strict: job.strict === 1 },
        job.language ?? undefined,
      );
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
      await writers.add(work.nameOf(outcome.index, items[outcome.index] ?? {}), outcome.pdf);
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
  try {
    for (let index = work.from; index < work.to && isGoing; index += 1) {
      pending.push(fillOne(index));
      if (pending.length >= FILLS_IN_FLIGHT) isGoing = await take();
    }
    while (pending.length > 0 && isGoing) isGoing = await take();
  } finally {
    // The fills already started finish before their writers go away.
    await Promise.allSettled(pending);
  }
  return isGoing ? 'done' : 'stopped';
};
