import type { Db } from '../../../db/tables.ts';

export const isEventApplied = async (db: Db, id: string): Promise<boolean> => {
  const row = await db
    .selectFrom('provider_events')
    .select('id')
    .where('id', '=', id)
    .executeTakeFirst();
  return row !== undefined;
};

/**
 * Records an event as applied. Runs in the transaction that applies it: a concurrent duplicate
 * waits on the key, then inserts nothing, so only one delivery has an effect.
 */
export const recordEvent = async (
  db: Db,
  e: { id: string; type: string; now: string },
): Promise<boolean> => {
  const result = await db
    .insertInto('provider_events')
    .values({ id: e.id, type: e.type, received_at: e.now })
    .onConflict((oc) => oc.column('id').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
};
