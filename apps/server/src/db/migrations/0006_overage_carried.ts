import type { Kysely } from 'kysely';

/**
 * Overage documents of ended cycles not yet reported to the payment provider: a cycle that ends
 * (by our clock or the provider's renewal) before its last overage documents were reported hands
 * them on here instead of dropping them, and the next report sends them.
 */
export const up = async (db: Kysely<unknown>): Promise<void> => {
  await db.schema
    .alterTable('subscriptions')
    .addColumn('overage_carried', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
};

export const down = async (db: Kysely<unknown>): Promise<void> => {
  await db.schema.alterTable('subscriptions').dropColumn('overage_carried').execute();
};
