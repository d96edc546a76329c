import type { Kysely } from 'kysely';

/**
 * What FREE had used in its cycle when the account left it for a voucher or a paid plan, and
 * which cycle that was (its start): going back to FREE inside that cycle continues from this
 * count rather than from zero. One column each: SQLite adds one column per statement.
 */
export const up = async (db: Kysely<unknown>): Promise<void> => {
  await db.schema
    .alterTable('subscriptions')
    .addColumn('free_cycle_start', 'varchar(30)')
    .execute();
  await db.schema
    .alterTable('subscriptions')
    .addColumn('free_cycle_used', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
};

export const down = async (db: Kysely<unknown>): Promise<void> => {
  await db.schema.alterTable('subscriptions').dropColumn('free_cycle_used').execute();
  await db.schema.alterTable('subscriptions').dropColumn('free_cycle_start').execute();
};
