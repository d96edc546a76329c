import type { Kysely } from 'kysely';

/**
 * Batches made in chunks. Each chunk's items are filled and stored as parts of the job's files
 * (a run of ZIP entries, a part of the merged PDF), and the chunk is recorded here once, with
 * what its parts need at the end (entries, offsets) and its counts. A try that starts after
 * another died goes on from the first chunk not recorded, and the job's files are put together
 * from the parts when every chunk is.
 *
 * A job also steps aside between chunks when another account's job waits for a worker: `yields`
 * counts those, so `attempt - yields` is the number of tries (an instance died or a try failed),
 * and `error_json` says why the last try failed ({ code, message, stage }).
 */
export const up = async (db: Kysely<unknown>): Promise<void> => {
  await db.schema
    .createTable('job_chunks')
    .addColumn('job_id', 'varchar(36)', (c) =>
      c.notNull().references('jobs.id').onDelete('cascade'),
    )
    .addColumn('chunk', 'integer', (c) => c.notNull())
    .addColumn('done', 'integer', (c) => c.notNull())
    .addColumn('failed', 'integer', (c) => c.notNull())
    .addColumn('failures_json', 'text')
    // Per output: the part's key in the result store and what the file's end needs of it.
    .addColumn('parts_json', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('job_chunks_pk', ['job_id', 'chunk'])
    .execute();
  await db.schema
    .alterTable('jobs')
    .addColumn('yields', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('jobs').addColumn('error_json', 'text').execute();
};

export const down = async (db: Kysely<unknown>): Promise<void> => {
  await db.schema.alterTable('jobs').dropColumn('error_json').execute();
  await db.schema.alterTable('jobs').dropColumn('yields').execute();
  await db.schema.dropTable('job_chunks').execute();
};
