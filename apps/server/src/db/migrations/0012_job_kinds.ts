import type { Kysely } from 'kysely';

/**
 * Jobs of more than one kind: a batch (every job so far) or an export of an account's data. Both
 * run on the same queue and runner; the batch routes see batches only.
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
};

export const down = async (db: Kysely<unknown>): Promise<void> => {
  await db.schema.dropIndex('jobs_user_kind_status').execute();
  await db.schema.alterTable('jobs').dropColumn('kind').execute();
};
