import type { Kysely } from 'kysely';
import { isSqlite } from '../dialect.ts';

// Migrations see the schema as it was when they were written, never the current `Tables`.
export const up = async (db: Kysely<unknown>): Promise<void> => {
  await db.schema
    .createTable('users')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('email', 'varchar(254)', (c) => c.notNull().unique())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('first_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('last_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('title', 'varchar(100)', (c) => c.notNull().defaultTo(''))
    .addColumn('profile_pic', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('email_confirmed', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(30)', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('sessions')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(36)', (c) =>
      c.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('revoked_at', 'varchar(30)')
    .execute();
  await db.schema.createIndex('sessions_user_id').on('sessions').column('user_id').execute();

  await db.schema
    .createTable('refresh_tokens')
    .addColumn('token_hash', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('session_id', 'varchar(36)', (c) =>
      c.notNull().references('sessions.id').onDelete('cascade'),
    )
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('expires_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('used_at', 'varchar(30)')
    .execute();
  await db.schema
    .createIndex('refresh_tokens_session_id')
    .on('refresh_tokens')
    .column('session_id')
    .execute();

  await db.schema
    .createTable('email_codes')
    .addColumn('code_hash', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(36)', (c) =>
      c.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('purpose', 'varchar(30)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('expires_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('used_at', 'varchar(30)')
    .addColumn('failed_attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createIndex('email_codes_user_purpose')
    .on('email_codes')
    .columns(['user_id', 'purpose'])
    .execute();

  await db.schema
    .createTable('api_keys')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(36)', (c) =>
      c.notNull().unique().references('users.id').onDelete('cascade'),
    )
    .addColumn('key_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('key_encrypted', 'text', (c) => c.notNull())
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('plans')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('subscription_type', 'varchar(30)', (c) => c.notNull().unique())
    .addColumn('price_cents', 'integer', (c) => c.notNull())
    .addColumn('monthly_limit', 'integer', (c) => c.notNull())
    .addColumn('overage_price_cents', 'integer', (c) => c.notNull())
    .addColumn('allow_overage', 'integer', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('support', 'varchar(100)', (c) => c.notNull())
    .addColumn('popular', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('sort_order', 'integer', (c) => c.notNull())
    .execute();

  await db
    .insertInto('plans' as never)
    .values({
      id: 'free',
      subscription_type: 'FREE',
      price_cents: 0,
      monthly_limit: 100,
      overage_price_cents: 5,
      allow_overage: 0,
      description: 'Everything you need to try Platen and run small workloads.',
      support: 'Video tutorials',
      popular: 0,
      sort_order: 0,
    })
    .execute();

  await db.schema
    .createTable('subscriptions')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(36)', (c) =>
      c.notNull().unique().references('users.id').onDelete('cascade'),
    )
    .addColumn('plan_id', 'varchar(36)', (c) => c.notNull().references('plans.id'))
    .addColumn('status', 'varchar(20)', (c) => c.notNull())
    .addColumn('start_time', 'varchar(30)', (c) => c.notNull())
    .addColumn('end_time', 'varchar(30)')
    .addColumn('auto_renewal', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('voucher_code', 'varchar(64)')
    .addColumn('billing_cycle_start', 'varchar(30)', (c) => c.notNull())
    .addColumn('billing_cycle_end', 'varchar(30)', (c) => c.notNull())
    .addColumn('pdfs_generated_this_month', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_billed_date', 'varchar(30)')
    .addColumn('provider_customer_id', 'varchar(255)')
    .addColumn('provider_subscription_id', 'varchar(255)')
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(30)', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('rate_limits')
    .addColumn('key', 'varchar(300)', (c) => c.primaryKey())
    .addColumn('window_start', 'varchar(30)', (c) => c.notNull())
    .addColumn('hits', 'integer', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('mail_outbox')
    // A sequence, not a UUID: the mailbox lists mail in the order it was sent.
    .addColumn('id', isSqlite(db) ? 'integer' : 'serial', (c) =>
      isSqlite(db) ? c.primaryKey().autoIncrement() : c.primaryKey(),
    )
    .addColumn('recipient', 'varchar(254)', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('text_body', 'text', (c) => c.notNull())
    .addColumn('html_body', 'text', (c) => c.notNull())
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .execute();
};

export const down = async (db: Kysely<unknown>): Promise<void> => {
  for (const table of [
    'mail_outbox',
    'rate_limits',
    'subscriptions',
    'plans',
    'api_keys',
    'email_codes',
    'refresh_tokens',
    'sessions',
    'users',
  ]) {
    await db.schema.dropTable(table).execute();
  }
};
