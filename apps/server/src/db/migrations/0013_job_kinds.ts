import { sql, type Kysely } from 'kysely';

/**
 * Jobs of more than one kind: a batch (every job so far) or an export of an account's data. Both
 * run on the same queue and runner; the batch routes see batches only. An account has at most one
 * export queued or running: a partial unique index (SQLite and PostgreSQL alike) lets two
 * requests that race insert only one.
 */
export const up = async (db: Kysely<unknown>): Promise<void> => {
  await db.schema
    .alterTable('jobs')
    .addColumn('kind', 'varchar(16)', (c) => c.notNull().defaultTo('batch'))
    .execute();
  await db.schema
    .createIndex('jobs_user_kind_status')
    .on('jobs')
    .columns(['user_id', 'kind', 'status'])
    .execute();
  await sql`CREATE UNIQUE INDEX jobs_one_unfinished_export ON jobs (user_id)
    WHERE kind = 'account_export' AND status IN ('queued', 'running')`.execute(db);
};

export const down = async (db: Kysely<unknown>): Promise<void> => {
  await db.schema.dropIndex('jobs_one_unfinished_export').execute();
  await db.schema.dropIndex('jobs_user_kind_status').execute();
  await db.schema.alterTable('jobs').dropColumn('kind').execute();
};
