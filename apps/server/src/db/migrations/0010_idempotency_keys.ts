import type { Kysely } from 'kysely';
import { binaryType } from '../dialect.ts';

/**
 * Idempotency keys: one row per (account, endpoint, key). Inserting the row is the claim, so two
 * instances cannot both start the same call; once the call succeeds the row keeps its answer
 * (status, headers, body bytes) until `expires_at`, and the sweeper deletes it after that.
 */
export const up = async (db: Kysely<unknown>): Promise<void> => {
  await db.schema
    .createTable('idempotency_keys')
    .addColumn('user_id', 'varchar(36)', (c) =>
      c.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('endpoint', 'varchar(64)', (c) => c.notNull())
    .addColumn('idempotency_key', 'varchar(255)', (c) => c.notNull())
    .addColumn('request_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('state', 'varchar(16)', (c) => c.notNull())
    .addColumn('claim_token', 'varchar(36)')
    .addColumn('lease_expires_at', 'varchar(32)')
    .addColumn('status', 'integer')
    .addColumn('headers_json', 'text')
    .addColumn('body', binaryType(db))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('expires_at', 'varchar(32)', (c) => c.notNull())
    .addPrimaryKeyConstraint('idempotency_keys_pk', ['user_id', 'endpoint', 'idempotency_key'])
    .execute();
  await db.schema
    .createIndex('idempotency_keys_expires_at')
    .on('idempotency_keys')
    .column('expires_at')
    .execute();
};

export const down = async (db: Kysely<unknown>): Promise<void> => {
  await db.schema.dropTable('idempotency_keys').execute();
};
