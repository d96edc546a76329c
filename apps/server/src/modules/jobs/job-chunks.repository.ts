import type { Db } from '../../db/tables.ts';
import type { ChunkParts } from './chunk-writers.ts';
import { saveProgress, type Progress } from './jobs.repository.ts';

export type RecordedChunk = {
  chunk: number;
  done: number;
  failed: number;
  failuresJson: string | null;
  parts: ChunkParts;
};

/** The job's recorded chunks, in order: where a new try goes on from. */
export const listChunks = async (db: Db, jobId: string): Promise<RecordedChunk[]> =>
  (
    await db
      .selectFrom('job_chunks')
      .selectAll()
      .where('job_id', '=', jobId)
      .orderBy('chunk')
      .execute()
  ).map((row) => ({
    chunk: Number(row.chunk),
    done: Number(row.done),
    failed: Number(row.failed),
    failuresJson: row.failures_json,
    parts: JSON.parse(row.parts_json) as ChunkParts,
  }));

/**
 * Records a finished chunk with the job's progress, in one change and only while the try is the
 * job's (not cancelled, not taken over): false when it is not, and nothing is recorded.
 */
export const recordChunk = (
  db: Db,
  jobId: string,
  attempt: number,
  chunk: RecordedChunk,
  progress: Progress,
): Promise<boolean> =>
  db.transaction().execute(async (trx) => {
    if (!(await saveProgress(trx, jobId, attempt, progress))) return false;
    await trx
      .insertInto('job_chunks')
      .values({
        job_id: jobId,
        chunk: chunk.chunk,
        done: chunk.done,
        failed: chunk.failed,
        failures_json: chunk.failuresJson,
        parts_json: JSON.stringify(chunk.parts),
      })
      .execute();
    return true;
  });

/** The chunks are no longer needed: the job's files are made, or the job ended without them. */
export const deleteChunks = async (db: Db, jobId: string): Promise<void> => {
  await db.deleteFrom('job_chunks').where('job_id', '=', jobId).execute();
};

/**
 * True when a job of another account waits for a worker and that account has none running: the
 * job asking should step aside after its chunk, so one account's long batch delays the others by
 * one chunk at most.
 */
export const isAnotherAccountWaiting = async (db: Db, userId: string): Promise<boolean> => {
  const waiting = await db
    .selectFrom('jobs as waiting')
    .select('waiting.id')
    .where('waiting.status', '=', 'queued')
    .where('waiting.user_id', '<>', userId)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('jobs as running')
            .select('running.id')
            .whereRef('running.user_id', '=', 'waiting.user_id')
            .where('running.status', '=', 'running'),
        ),
      ),
    )
    .limit(1)
    .executeTakeFirst();
  return waiting !== undefined;
};

/**
 * The try steps aside: the job waits in the queue again, its recorded chunks kept, and the next
 * try does not count as one (`yields`). False when the try is no longer the job's.
 */
export const stepAside = async (db: Db, jobId: string, attempt: number): Promise<boolean> => {
  const result = await db
    .updateTable('jobs')
    .set((eb) => ({ status: 'queued', yields: eb('yields', '+', 1) }))
    .where('id', '=', jobId)
    .where('attempt', '=', attempt)
    .where('status', '=', 'running')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
};

/** True when the job waits after stepping aside: its next try goes on, it does not start over. */
export const hasSteppedAside = async (db: Db, jobId: string): Promise<boolean> => {
  const row = await db
    .selectFrom('jobs')
    .select(['status', 'yields'])
    .where('id', '=', jobId)
    .executeTakeFirst();
  return row?.status === 'queued' && Number(row.yields) > 0;
};

/**
 * The job's account when an older batch of that account waits after stepping aside: this one lets
 * it go first, so an account's batches end in the order they were sent.
 */
export const accountWaitingBefore = async (
  db: Db,
  jobId: string,
): Promise<{ userId: string } | undefined> =>
  db
    .selectFrom('jobs as job')
    .innerJoin('jobs as older', 'older.user_id', 'job.user_id')
    .select('job.user_id as userId')
    .where('job.id', '=', jobId)
    .where('job.kind', '=', 'batch')
    .where('older.kind', '=', 'batch')
    .where('older.status', '=', 'queued')
    .where('older.yields', '>', 0)
    .whereRef('older.created_at', '<', 'job.created_at')
    .limit(1)
    .executeTakeFirst();
