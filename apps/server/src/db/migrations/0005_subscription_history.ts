import type { Kysely } from 'kysely';

/**
 * Ended subscriptions (a voucher or cancelled plan past its end, a voucher cancelled, a plan the
 * provider ended): kept as EXPIRED while the account's one live subscription goes on on FREE.
 */
export const up = async (db: Kysely<unknown>): Promise<void> => {
  await db.schema
    .createTable('subscription_history')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(36)', (c) =>
      c.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('plan_id', 'varchar(36)', (c) => c.notNull().references('plans.id'))
    .addColumn('status', 'varchar(20)', (c) => c.notNull())
    .addColumn('start_time', 'varchar(30)', (c) => c.notNull())
    .addColumn('end_time', 'varchar(30)', (c) => c.notNull())
    .addColumn('voucher_code', 'varchar(64)')
    .addColumn('provider_subscription_id', 'varchar(255)')
    .addColumn('recorded_at', 'varchar(30)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('subscription_history_user')
    .on('subscription_history')
    .columns(['user_id', 'end_time'])
    .execute();
};

export const down = async (db: Kysely<unknown>): Promise<void> => {
  await db.schema.dropTable('subscription_history').execute();
};
