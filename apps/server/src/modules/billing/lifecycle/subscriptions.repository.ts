import { randomUUID } from 'node:crypto';
import {
  SqliteAdapter,
  sql,
  type Expression,
  type ExpressionBuilder,
  type Selectable,
  type SqlBool,
  type UpdateObject,
} from 'kysely';
import type { Db, SubscriptionTable, Tables } from '../../../db/tables.ts';
import { addMonths } from './billing-cycle.ts';
import type { CountChange, Guard, SubscriptionSet, Write } from './decide.ts';
import { FREE_PLAN_ID, type SubscriptionRecord } from './subscription-record.ts';

/** Changes to a subscription row: values, or expressions on the row as it was (restartedCount). */
type SubscriptionChanges = UpdateObject<Tables, 'subscriptions'>;

/** A new account starts ACTIVE on FREE, with a monthly billing cycle from now. */
export const insertFreeSubscription = async (db: Db, userId: string, now: Date) => {
  const iso = now.toISOString();
  await db
    .insertInto('subscriptions')
    .values({
      id: randomUUID(),
      user_id: userId,
      plan_id: FREE_PLAN_ID,
      status: 'ACTIVE',
      start_time: iso,
      end_time: null,
      auto_renewal: 0,
      voucher_code: null,
      billing_cycle_start: iso,
      billing_cycle_end: addMonths(now, 1).toISOString(),
      pdfs_generated_this_month: 0,
      last_billed_date: null,
      provider_customer_id: null,
      provider_subscription_id: null,
      created_at: iso,
      updated_at: iso,
    })
    .execute();
};

const rowToSubscription = (row: Selectable<SubscriptionTable>): SubscriptionRecord => ({
  id: row.id,
  userId: row.user_id,
  planId: row.plan_id,
  status: row.status,
  startTime: row.start_time,
  endTime: row.end_time,
  autoRenewal: Boolean(row.auto_renewal),
  voucherCode: row.voucher_code,
  billingCycleStart: row.billing_cycle_start,
  billingCycleEnd: row.billing_cycle_end,
  pdfsGeneratedThisMonth: Number(row.pdfs_generated_this_month),
  lastBilledDate: row.last_billed_date,
  providerCustomerId: row.provider_customer_id,
  providerSubscriptionId: row.provider_subscription_id,
  overageReported: Number(row.overage_reported),
  overageCarried: Number(row.overage_carried),
  createdAt: row.created_at,
});

export const findSubscription = async (
  db: Db,
  userId: string,
  opts: { lock?: boolean } = {},
): Promise<SubscriptionRecord | undefined> => {
  let query = db.selectFrom('subscriptions').selectAll().where('user_id', '=', userId);
  // SQLite runs one writer at a time anyway and has no FOR UPDATE.
  if (opts.lock && !(db.getExecutor().adapter instanceof SqliteAdapter)) query = query.forUpdate();
  const row = await query.executeTakeFirst();
  return row && rowToSubscription(row);
};

export const findUserIdByCustomer = async (
  db: Db,
  customerId: string,
): Promise<string | undefined> => {
  const row = await db
    .selectFrom('subscriptions')
    .select('user_id')
    .where('provider_customer_id', '=', customerId)
    .executeTakeFirst();
  return row?.user_id;
};

const columnsOf = (set: SubscriptionSet): SubscriptionChanges => ({
  ...(set.planId !== undefined && { plan_id: set.planId }),
  ...(set.status !== undefined && { status: set.status }),
  ...(set.startTime !== undefined && { start_time: set.startTime }),
  ...(set.endTime !== undefined && { end_time: set.endTime }),
  ...(set.autoRenewal !== undefined && { auto_renewal: set.autoRenewal ? 1 : 0 }),
  ...(set.voucherCode !== undefined && { voucher_code: set.voucherCode }),
  ...(set.providerSubscriptionId !== undefined && {
    provider_subscription_id: set.providerSubscriptionId,
  }),
  ...(set.lastBilledDate !== undefined && { last_billed_date: set.lastBilledDate }),
  ...(set.billingCycleStart !== undefined && { billing_cycle_start: set.billingCycleStart }),
  ...(set.billingCycleEnd !== undefined && { billing_cycle_end: set.billingCycleEnd }),
  ...(set.providerSyncedAt !== undefined && { provider_synced_at: set.providerSyncedAt }),
});

/**
 * The count as decide.ts names it, written as expressions on the row as it is when the
 * statement runs, so no document counted since the read is lost.
 */
const countColumns = (count: CountChange, cycleStart: string | undefined): SubscriptionChanges => {
  switch (count) {
    case 'keep':
      return {};
    case 'restart':
      return restartedCount();
    case 'zero':
      return { pdfs_generated_this_month: 0, overage_reported: 0 };
    case 'resumeFree':
      // The kept cycle began at or after this one's start only if it is this one.
      return {
        pdfs_generated_this_month: sql<number>`case when free_cycle_start >= ${cycleStart ?? ''}
          then free_cycle_used else 0 end`,
        overage_reported: 0,
      };
  }
};

/**
 * Keeps FREE's cycle and count when the row leaves FREE for another plan (resumeFree reads them
 * on the way back); other changes of plan leave them as they are.
 */
const freeSetAside = () =>
  ({
    free_cycle_start: sql<string | null>`case when plan_id = ${FREE_PLAN_ID}
      then billing_cycle_start else free_cycle_start end`,
    free_cycle_used: sql<number>`case when plan_id = ${FREE_PLAN_ID}
      then pdfs_generated_this_month else free_cycle_used end`,
  }) as const;

/**
 * Writes one change decided by decide.ts, if the row is still as the guard says (compare-and-set:
 * of several instances racing, one writes and the others find the guard broken). SET
 * expressions read the row as it was before the statement, on SQLite and PostgreSQL alike.
 * Returns whether it wrote.
 */
export const writeSubscription = async (
  db: Db,
  userId: string,
  write: Pick<Write, 'set' | 'count' | 'putsFreeAside' | 'guard'>,
  now: Date,
): Promise<boolean> => {
  const result = await db
    .updateTable('subscriptions')
    .set({
      ...columnsOf(write.set),
      ...countColumns(write.count, write.set.billingCycleStart),
      ...(write.putsFreeAside && freeSetAside()),
      updated_at: now.toISOString(),
    })
    .where('user_id', '=', userId)
    .where(asRead(write.guard))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
};

/** The guard of decide.ts as conditions on the row. */
const asRead = (g: Guard) => (eb: ExpressionBuilder<Tables, 'subscriptions'>) => {
  const conditions: Expression<SqlBool>[] = [];
  if (g.planId !== undefined) conditions.push(eb('plan_id', '=', g.planId));
  if (g.endTime !== undefined) {
    conditions.push(
      g.endTime === null ? eb('end_time', 'is', null) : eb('end_time', '=', g.endTime),
    );
  }
  if (g.autoRenewal !== undefined) conditions.push(eb('auto_renewal', '=', g.autoRenewal ? 1 : 0));
  if (g.voucherCode !== undefined) {
    conditions.push(
      g.voucherCode === null
        ? eb('voucher_code', 'is', null)
        : eb('voucher_code', '=', g.voucherCode),
    );
  }
  if (g.billingCycleEnd !== undefined) {
    conditions.push(eb('billing_cycle_end', '=', g.billingCycleEnd));
  }
  if (g.syncedBefore !== undefined) {
    const at = g.syncedBefore.toISOString();
    conditions.push(
      eb.or([eb('provider_synced_at', 'is', null), eb('provider_synced_at', '<=', at)]),
    );
  }
  return eb.and(conditions);
};

/** Links the account to its provider customer once; a second writer keeps the first customer. */
export const setProviderCustomer = async (
  db: Db,
  userId: string,
  customerId: string,
): Promise<void> => {
  await db
    .updateTable('subscriptions')
    .set({ provider_customer_id: customerId })
    .where('user_id', '=', userId)
    .where('provider_customer_id', 'is', null)
    .execute();
};

/**
 * The columns that start a new usage count. The ended cycle's overage documents that were not
 * reported yet (billed plans only: no voucher, a provider subscription) are carried, so the next
 * report sends them instead of the new count hiding them. SET expressions read the row as it was
 * before the statement (SQLite and PostgreSQL alike), so this is exact under any concurrency.
 */
const restartedCount = () =>
  ({
    pdfs_generated_this_month: 0,
    overage_reported: 0,
    overage_carried: sql<number>`overage_carried + case
      when voucher_code is null and provider_subscription_id is not null
        and pdfs_generated_this_month
          - (select plans.monthly_limit from plans where plans.id = subscriptions.plan_id)
          > overage_reported
      then pdfs_generated_this_month
        - (select plans.monthly_limit from plans where plans.id = subscriptions.plan_id)
        - overage_reported
      else 0 end`,
  }) as const;

/**
 * Claims overage documents for one report: the mark moves from `from` to `to` in this cycle and
 * the carried documents (`carried`, as read) are taken, if nobody moved either first. So each
 * overage document is claimed by exactly one caller on any instance.
 */
export const claimOverage = async (
  db: Db,
  m: { userId: string; cycleStart: string; from: number; to: number; carried: number },
): Promise<boolean> => {
  const result = await db
    .updateTable('subscriptions')
    .set({ overage_reported: m.to, overage_carried: 0 })
    .where('user_id', '=', m.userId)
    .where('billing_cycle_start', '=', m.cycleStart)
    .where('overage_reported', '=', m.from)
    .where('overage_carried', '=', m.carried)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
};

/**
 * Gives back claimed documents the provider did not take, as carried ones: right whether or not
 * the cycle has rolled over since the claim, and the next report sends them.
 */
export const giveBackOverage = async (db: Db, userId: string, documents: number): Promise<void> => {
  await db
    .updateTable('subscriptions')
    .set((eb) => ({ overage_carried: eb('overage_carried', '+', documents) }))
    .where('user_id', '=', userId)
    .execute();
};
