import { sql, type Insertable, type Kysely, type Selectable } from 'kysely';
import { isSqlite } from '../../db/dialect.ts';
import type { Db, JobKind, JobTable } from '../../db/tables.ts';

export type JobRow = Selectable<JobTable>;

/** Every column but the items, which only the worker reads. */
const VIEW_COLUMNS = [
  'id',
  'user_id',
  'kind',
  'template_id',
  'template_name',
  'version',
  'draft_revision',
  'status',
  'output',
  'file_name',
  'strict',
  'metadata_json',
  'language',
  'total',
  'done',
  'failed',
  'failures_json',
  'attempt',
  'yields',
  'error_json',
  'results_json',
  'reserved_at',
  'created_at',
  'started_at',
  'finished_at',
  'expires_at',
] as const;

export type JobRowWithoutItems = Omit<JobRow, 'items_json'>;

export const insertJob = async (db: Db, job: Insertable<JobTable>): Promise<void> => {
  await db.insertInto('jobs').values(job).execute();
};

/** The account's job of the kind; another account's, or another kind, is not found. */
export const findJob = (
  db: Db,
  userId: string,
  id: string,
  kind: JobKind = 'batch',
): Promise<JobRowWithoutItems | undefined> =>
  db
    .selectFrom('jobs')
    .select(VIEW_COLUMNS)
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .where('kind', '=', kind)
    .executeTakeFirst();

/** The account's newest queued or running job of the kind. */
export const findUnfinishedJob = (
  db: Db,
  userId: string,
  kind: JobKind,
): Promise<JobRowWithoutItems | undefined> =>
  db
    .selectFrom('jobs')
    .select(VIEW_COLUMNS)
    .where('user_id', '=', userId)
    .where('kind', '=', kind)
    .where('status', 'in', ['queued', 'running'])
    .orderBy('created_at', 'desc')
    .executeTakeFirst();

/** Every job of the account, of any kind: what deleting the account removes the files of. */
export const listJobIdsOf = async (db: Db, userId: string): Promise<string[]> =>
  (await db.selectFrom('jobs').select('id').where('user_id', '=', userId).execute()).map(
    (row) => row.id,
  );

/** The job with its items (a try reads them; an export download, its results). */
export const findJobWithItems = (db: Db, id: string): Promise<JobRow | undefined> =>
  db.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirst();

export const listJobsOf = async (
  db: Db,
  userId: string,
  q: { templateName?: string; limit: number; offset: number },
): Promise<{ jobs: JobRowWithoutItems[]; total: number }> => {
  const scoped = db
    .selectFrom('jobs')
    .where('user_id', '=', userId)
    .where('kind', '=', 'batch')
    .$if(q.templateName !== undefined, (qb) => qb.where('template_name', '=', q.templateName!));
  const [jobs, count] = await Promise.all([
    scoped
      .select(VIEW_COLUMNS)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(q.limit)
      .offset(q.offset)
      .execute(),
    scoped.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { jobs, total: Number(count.total) };
};

/**
 * Starts a new try of a queued or running job (a running one was left by an instance that died
 * or was stopped, a queued one may have stepped aside): the try's number is returned, and its
 * progress goes on from the job's. Nothing when the job has ended meanwhile (cancelled, or
 * finished by another try).
 */
export const startAttempt = async (
  db: Db,
  id: string,
  now: string,
): Promise<number | undefined> => {
  const row = await db
    .updateTable('jobs')
    .set((eb) => ({
      status: 'running',
      attempt: eb('attempt', '+', 1),
      started_at: eb.fn.coalesce('started_at', eb.val(now)),
    }))
    .where('id', '=', id)
    .where('status', 'in', ['queued', 'running'])
    .returning('attempt')
    .executeTakeFirst();
  return row && Number(row.attempt);
};

/** The first key of the account locks that start tries (pg_advisory_xact_lock's two-key form). */
const ACCOUNT_TRY_LOCK = 0x6a6f6273;

/**
 * Starts a try as startAttempt does, but only while no other job of the account is under way:
 * the account (to queue the job again under) when one is. Under way is running, or waiting
 * after stepping aside, when it started before this one (a job not started yet waits for every
 * one that has): an account's batches then run one after the other, each from its start to its
 * end, wherever their tries run. The check and the start are one change under a lock on the
 * account, so two instances starting two of its jobs at the same moment cannot both pass:
 * pg-boss' group limit alone lets them, as each instance's fetch sees the other's job not yet
 * active. SQLite has one writer, which serializes the change without a lock.
 */
export const startAttemptAlone = (
  db: Db,
  id: string,
  now: string,
): Promise<number | { busyAccount: string } | undefined> =>
  db.transaction().execute(async (trx) => {
    // Read before the lock: `started_at` can only be stale by being empty, which makes the try
    // wait for every started job of the account, never pass one.
    const job = await trx
      .selectFrom('jobs')
      .select(['user_id', 'started_at'])
      .where('id', '=', id)
      .executeTakeFirst();
    if (!job) return undefined;
    if (!isSqlite(trx as unknown as Kysely<unknown>)) {
      await sql`select pg_advisory_xact_lock(${ACCOUNT_TRY_LOCK}, hashtext(${job.user_id}))`.execute(
        trx,
      );
    }
    const underWay = await trx
      .selectFrom('jobs')
      .select('id')
      .where('user_id', '=', job.user_id)
      .where('id', '<>', id)
      .where((eb) =>
        eb.or([
          eb('status', '=', 'running'),
          eb.and([
            eb('status', '=', 'queued'),
            eb('yields', '>', 0),
            ...(job.started_at === null ? [] : [eb('started_at', '<', job.started_at)]),
          ]),
        ]),
      )
      .executeTakeFirst();
    return underWay ? { busyAccount: job.user_id } : startAttempt(trx, id, now);
  });

/** Why the try failed, shown on the job while it is tried again: only the try's own. */
export const recordTryError = async (
  db: Db,
  id: string,
  attempt: number,
  errorJson: string,
): Promise<void> => {
  await db
    .updateTable('jobs')
    .set({ error_json: errorJson })
    .where('id', '=', id)
    .where('attempt', '=', attempt)
    .execute();
};

export type Progress = {
  done: number;
  failed: number;
  failuresJson: string | null;
  /** Set by jobs that learn their size only once running (an export counts its files). */
  total?: number;
};

/** Writes the try's progress; false when the try is no longer the job's (cancelled, taken over). */
export const saveProgress = async (
  db: Db,
  id: string,
  attempt: number,
  progress: Progress,
): Promise<boolean> => {
  const result = await db
    .updateTable('jobs')
    .set({
      done: progress.done,
      failed: progress.failed,
      failures_json: progress.failuresJson,
      ...(progress.total !== undefined && { total: progress.total }),
    })
    .where('id', '=', id)
    .where('attempt', '=', attempt)
    .where('status', '=', 'running')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
};

/** Ends the try's job as succeeded or failed; false when the try is no longer the job's. */
export const finishAttempt = async (
  db: Db,
  id: string,
  attempt: number,
  end: Progress & {
    status: 'succeeded' | 'failed';
    resultsJson: string | null;
    /** Why the job failed as a whole; null when it did not (failed items say so themselves). */
    errorJson?: string | null;
    finishedAt: string;
    expiresAt: string;
  },
): Promise<boolean> => {
  const result = await db
    .updateTable('jobs')
    .set({
      status: end.status,
      done: end.done,
      failed: end.failed,
      failures_json: end.failuresJson,
      results_json: end.resultsJson,
      error_json: end.errorJson ?? null,
      finished_at: end.finishedAt,
      expires_at: end.expiresAt,
      // The items are not needed any more: a finished job keeps only what it reports.
      items_json: '[]',
    })
    .where('id', '=', id)
    .where('attempt', '=', attempt)
    .where('status', '=', 'running')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
};

/**
 * Cancels a queued or running job; answers the job as it was just before, or nothing when it had
 * already ended (or is another account's).
 */
export const cancelQueuedOrRunning = async (
  db: Db,
  userId: string,
  id: string,
  q: { finishedAt: string; expiresAt: string },
): Promise<JobRowWithoutItems | undefined> => {
  const before = await findJob(db, userId, id);
  if (!before || (before.status !== 'queued' && before.status !== 'running')) return undefined;
  const result = await db
    .updateTable('jobs')
    .set({
      status: 'canceled',
      finished_at: q.finishedAt,
      expires_at: q.expiresAt,
      items_json: '[]',
    })
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .where('status', '=', before.status)
    .where('attempt', '=', before.attempt)
    .executeTakeFirst();
  // Another change came first (the job finished, or a new try started): read it again.
  if (Number(result.numUpdatedRows) !== 1) return cancelQueuedOrRunning(db, userId, id, q);
  return before;
};

/** Jobs of every account in the given states, newest first, as an operator lists them. */
export const listJobsForOperator = async (
  db: Db,
  q: { statuses: JobTable['status'][]; limit: number },
) =>
  (
    await db
      .selectFrom('jobs')
      .innerJoin('users', 'users.id', 'jobs.user_id')
      .select([
        'jobs.id',
        'users.email',
        'jobs.kind',
        'jobs.template_name as templateName',
        'jobs.status',
        'jobs.total',
        'jobs.done',
        'jobs.failed',
        'jobs.attempt',
        'jobs.yields',
        'jobs.error_json',
        'jobs.created_at as createdAt',
        'jobs.finished_at as finishedAt',
      ])
      .where('jobs.status', 'in', q.statuses)
      .orderBy('jobs.created_at', 'desc')
      .limit(q.limit)
      .execute()
  ).map(({ attempt, yields, error_json, total, done, failed, ...job }) => ({
    ...job,
    progress: { done: Number(done), total: Number(total), failed: Number(failed) },
    tries: Number(attempt) - Number(yields),
    error: error_json ? (JSON.parse(error_json) as unknown) : null,
  }));

/** Ids of jobs waiting or left running, oldest first: what a single-process queue resumes. */
export const listUnfinishedJobs = (db: Db) =>
  db
    .selectFrom('jobs')
    .select(['id', 'user_id as userId', 'status'])
    .where('status', 'in', ['queued', 'running'])
    .orderBy('created_at')
    .execute();

/** Jobs whose results have expired, to delete with their files. */
export const listExpiredJobs = (db: Db, now: string, limit: number) =>
  db
    .selectFrom('jobs')
    .select(['id', 'results_json as resultsJson'])
    .where('expires_at', '<=', now)
    .limit(limit)
    .execute();

export const deleteJob = async (db: Db, id: string): Promise<void> => {
  await db.deleteFrom('jobs').where('id', '=', id).execute();
};
