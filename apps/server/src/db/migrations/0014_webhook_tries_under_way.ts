import type { Kysely } from 'kysely';

/**
 * Deliveries run per endpoint, a few at a time: before claiming more of an endpoint's deliveries
 * the worker counts its tries under way (its live leases). The index keeps that count to those
 * rows instead of the endpoint's whole log (modules/webhooks/README.md).
 */
export const up = async (db: Kysely<unknown>): Promise<void> => {
  await db.schema
    .createIndex('webhook_deliveries_leased')
    .on('webhook_deliveries')
    .columns(['endpoint_id', 'lease_expires_at'])
    .execute();
};

export const down = async (db: Kysely<unknown>): Promise<void> => {
  await db.schema.dropIndex('webhook_deliveries_leased').execute();
};
