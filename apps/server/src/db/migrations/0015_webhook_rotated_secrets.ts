import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';

/**
 * Every secret a rotation replaced keeps signing for its own overlap (24 hours), however many
 * rotations follow: one row per rotated-out secret instead of one "previous secret" per endpoint,
 * which a second rotation overwrote. Encrypted like the endpoint's own secret (secret-box.ts).
 * The previous secret of each endpoint moves over with its expiry.
 */
export const up = async (db: Kysely<unknown>): Promise<void> => {
  await db.schema
    .createTable('webhook_rotated_secrets')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('endpoint_id', 'varchar(36)', (c) =>
      c.notNull().references('webhook_endpoints.id').onDelete('cascade'),
    )
    .addColumn('secret_encrypted', 'text', (c) => c.notNull())
    // It signs until then, alongside the endpoint's current secret.
    .addColumn('expires_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('webhook_rotated_secrets_endpoint')
    .on('webhook_rotated_secrets')
    .columns(['endpoint_id', 'expires_at'])
    .execute();

  const { rows } = await sql<{
    id: string;
    previous_secret_encrypted: string;
    previous_secret_expires_at: string;
  }>`SELECT id, previous_secret_encrypted, previous_secret_expires_at FROM webhook_endpoints
    WHERE previous_secret_encrypted IS NOT NULL AND previous_secret_expires_at IS NOT NULL`.execute(
    db,
  );
  for (const row of rows) {
    await sql`INSERT INTO webhook_rotated_secrets (id, endpoint_id, secret_encrypted, expires_at)
      VALUES (${randomUUID()}, ${row.id}, ${row.previous_secret_encrypted},
        ${row.previous_secret_expires_at})`.execute(db);
  }
  await db.schema.alterTable('webhook_endpoints').dropColumn('previous_secret_encrypted').execute();
  await db.schema
    .alterTable('webhook_endpoints')
    .dropColumn('previous_secret_expires_at')
    .execute();
};

export const down = async (db: Kysely<unknown>): Promise<void> => {
  await db.schema
    .alterTable('webhook_endpoints')
    .addColumn('previous_secret_encrypted', 'text')
    .execute();
  await db.schema
    .alterTable('webhook_endpoints')
    .addColumn('previous_secret_expires_at', 'varchar(32)')
    .execute();
  await db.schema.dropTable('webhook_rotated_secrets').execute();
};
