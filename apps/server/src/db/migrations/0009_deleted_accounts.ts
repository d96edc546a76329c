import type { Kysely } from 'kysely';

/**
 * What stays of a deleted account: its id and when it was deleted, nothing that names a person.
 * Everything else of the account goes with its `users` row (every table refers to it with
 * ON DELETE CASCADE).
 */
export const up = async (db: Kysely<unknown>): Promise<void> => {
  await db.schema
    .createTable('deleted_accounts')
    .addColumn('user_id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('deleted_at', 'varchar(32)', (c) => c.notNull())
    .execute();
};

export const down = async (db: Kysely<unknown>): Promise<void> => {
  await db.schema.dropTable('deleted_accounts').execute();
};
