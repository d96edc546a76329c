import type { Selectable } from 'kysely';
import type {
  Db,
  LocalPaymentSessionTable,
  LocalPaymentSubscriptionTable,
} from '../../../db/tables.ts';

export type LocalSession = Selectable<LocalPaymentSessionTable>;
export type LocalSubscriptionRow = Selectable<LocalPaymentSubscriptionTable>;

export const insertLocalSession = async (db: Db, session: LocalSession): Promise<void> => {
  await db.insertInto('local_payment_sessions').values(session).execute();
};

export const findLocalSession = async (
  db: Db,
  q: { tokenHash: string; kind: LocalSession['kind']; now: string },
): Promise<LocalSession | undefined> =>
  db
    .selectFrom('local_payment_sessions')
    .selectAll()
    .where('token_hash', '=', q.tokenHash)
    .where('kind', '=', q.kind)
    .where('expires_at', '>', q.now)
    .where('used_at', 'is', null)
    .executeTakeFirst();

/** Uses a session up in one statement: a double-clicked Pay gives one subscription. */
export const useLocalSession = async (
  db: Db,
  q: { tokenHash: string; kind: LocalSession['kind']; now: string },
): Promise<LocalSession | undefined> =>
  db
    .updateTable('local_payment_sessions')
    .set({ used_at: q.now })
    .where('token_hash', '=', q.tokenHash)
    .where('kind', '=', q.kind)
    .where('expires_at', '>', q.now)
    .where('used_at', 'is', null)
    .returningAll()
    .executeTakeFirst();

export const insertLocalSubscription = async (db: Db, row: LocalSubscriptionRow) => {
  await db.insertInto('local_payment_subscriptions').values(row).execute();
};

export const findLocalSubscription = (db: Db, id: string) =>
  db.selectFrom('local_payment_subscriptions').selectAll().where('id', '=', id).executeTakeFirst();

/** The customer's live subscription, the one its billing portal manages. */
export const findLiveLocalSubscription = (db: Db, customerId: string) =>
  db
    .selectFrom('local_payment_subscriptions')
    .selectAll()
    .where('customer_id', '=', customerId)
    .where('status', '=', 'active')
    .orderBy('created_at', 'desc')
    .executeTakeFirst();

export const updateLocalSubscription = async (
  db: Db,
  id: string,
  changes: Partial<Omit<LocalSubscriptionRow, 'id'>>,
  only: { periodEnd?: string } = {},
) => {
  let query = db.updateTable('local_payment_subscriptions').set(changes).where('id', '=', id);
  if (only.periodEnd) query = query.where('current_period_end', '=', only.periodEnd);
  await query.execute();
};
