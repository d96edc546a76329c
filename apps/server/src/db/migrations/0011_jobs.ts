import type { Kysely } from 'kysely';

/**
 * Batch jobs. The row is the job's whole truth on both databases: what to fill (the items as
 * JSON), where it stands (status, progress, failures) and where its results are. A queue only
 * says which instance works on it; each try is an `attempt`, and only the current attempt may
 * write progress or finish the job, so a try that an instance lost (it died, another took over)
 * can never count twice.
 */
export const up = async (db: Kysely<unknown>): Promise<void> => {
  await db.schema
    .createTable('jobs')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(36)', (c) =>
      c.notNull().references('users.id').onDelete('cascade'),
    )
    // A job outlives its template (its results stay downloadable until they expire).
    .addColumn('template_id', 'varchar(36)', (c) =>
      c.references('templates.id').onDelete('set null'),
    )
    .addColumn('template_name', 'varchar(255)', (c) => c.notNull())
    // A published version's number, or null for the draft at `draft_revision`.
    .addColumn('version', 'integer')
    .addColumn('draft_revision', 'integer')
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('output', 'varchar(16)', (c) => c.notNull())
    .addColumn('file_name', 'varchar(255)')
    .addColumn('strict', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('metadata_json', 'text')
    .addColumn('items_json', 'text', (c) => c.notNull())
    .addColumn('total', 'integer', (c) => c.notNull())
    .addColumn('done', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('failed', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('failures_json', 'text')
    .addColumn('attempt', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('results_json', 'text')
    // The month the documents were counted in, to give back what was not produced.
    .addColumn('reserved_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('started_at', 'varchar(32)')
    .addColumn('finished_at', 'varchar(32)')
    .addColumn('expires_at', 'varchar(32)')
    .execute();
  await db.schema
    .createIndex('jobs_user_created')
    .on('jobs')
    .columns(['user_id', 'created_at'])
    .execute();
  await db.schema.createIndex('jobs_status').on('jobs').column('status').execute();
  await db.schema.createIndex('jobs_expires_at').on('jobs').column('expires_at').execute();
};

export const down = async (db: Kysely<unknown>): Promise<void> => {
  await db.schema.dropTable('jobs').execute();
};
