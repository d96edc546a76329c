import { randomUUID } from 'node:crypto';
import { SqliteAdapter, type Selectable, type Updateable } from 'kysely';
import type { SubscriptionStatus } from '@platen/contract';
import type { Db, SubscriptionTable } from '../../db/tables.ts';
import { recordExpired } from './subscription-history.repository.ts';
import { addMonths } from './usage.repository.ts';

export const FREE_PLAN_ID = 'free';

/** A new account starts ACTIVE on FREE, with a monthly billing cycle from now. */
export const insertFreeSubscription = async (db: Db, userId: string, now: Date) => {
  const cycleEnd = new Date(now);
  cycleEnd.setUTCMonth(cycleEnd.getUTCMonth() + 1);
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
      billing_cycle_end: cycleEnd.toISOString(),
      pdfs_generated_this_month: 0,
      last_billed_date: null,
      provider_customer_id: null,
      provider_subscription_id: null,
      created_at: iso,
      updated_at: iso,
    })
    .execute();
};

export type SubscriptionRecord = {
  id: string;
  userId: string;
  planId: string;
  status: SubscriptionStatus;
  startTime: string;
  endTime: string | null;
  autoRenewal: boolean;
  voucherCode: string | null;
  billingCycleStart: string;
  billingCycleEnd: string;
  pdfsGeneratedThisMonth: number;
  lastBilledDate: string | null;
  providerCustomerId: string | null;
  providerSubscriptionId: string | null;
  /** Overage documents of this cycle already reported to the provider. */
  overageReported: number;
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

/** FREE from `now`: a fresh cycle, no end, nothing from the previous plan but the customer. */
export const freePlanValues = (now: Date): Updateable<SubscriptionTable> => ({
  plan_id: FREE_PLAN_ID,
  status: 'ACTIVE',
  start_time: now.toISOString(),
  end_time: null,
  auto_renewal: 0,
  voucher_code: null,
  billing_cycle_start: now.toISOString(),
  billing_cycle_end: addMonths(now, 1).toISOString(),
  pdfs_generated_this_month: 0,
  overage_reported: 0,
  provider_subscription_id: null,
  updated_at: now.toISOString(),
});

/** Whether a subscription, as read now, is a voucher or cancelled plan past its end. */
export const hasExpired = (sub: SubscriptionRecord, now: Date): boolean =>
  sub.planId !== FREE_PLAN_ID &&
  sub.endTime !== null &&
  Date.parse(sub.endTime) <= now.getTime() &&
  (sub.voucherCode !== null || !sub.autoRenewal);

/**
 * Ends the subscription `isDue` picks: it is kept in the history as EXPIRED, ended at `endedAt`,
 * and the account goes on on FREE from then. Decided under the row's lock (SQLite runs one writer
 * at a time), so when several instances race, one ends it and the others find FREE.
 */
export const endSubscription = async (
  db: Db,
  userId: string,
  o: {
    now: Date;
    isDue: (sub: SubscriptionRecord) => boolean;
    endedAt: (sub: SubscriptionRecord) => Date;
  },
): Promise<boolean> =>
  db.transaction().execute(async (trx) => {
    const sub = await findSubscription(trx, userId, { lock: true });
    if (!sub || !o.isDue(sub)) return false;
    const endedAt = o.endedAt(sub);
    await recordExpired(trx, sub, { endedAt, now: o.now });
    await trx
      .updateTable('subscriptions')
      .set({ ...freePlanValues(endedAt), updated_at: o.now.toISOString() })
      .where('user_id', '=', userId)
      .execute();
    return true;
  });

/**
 * The clock's part of the state machine: a voucher, or a paid plan cancelled at period end,
 * expires at its end and the account falls back to FREE from that moment.
 */
export const expireEndedPlan = (db: Db, userId: string, now: Date): Promise<boolean> =>
  endSubscription(db, userId, {
    now,
    isDue: (sub) => hasExpired(sub, now),
    endedAt: (sub) => new Date(sub.endTime ?? now),
  });

export const switchToVoucherPlan = async (
  db: Db,
  v: { userId: string; planId: string; code: string; now: Date; endTime: Date },
): Promise<void> => {
  const now = v.now.toISOString();
  await db
    .updateTable('subscriptions')
    .set({
      plan_id: v.planId,
      status: 'ACTIVE',
      start_time: now,
      end_time: v.endTime.toISOString(),
      auto_renewal: 0,
      voucher_code: v.code,
      billing_cycle_start: now,
      billing_cycle_end: addMonths(v.now, 1).toISOString(),
      pdfs_generated_this_month: 0,
      overage_reported: 0,
      updated_at: now,
    })
    .where('user_id', '=', v.userId)
    .execute();
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
 * Writes what the provider says, unless a newer read of the provider has been written already
 * (two events processed at once must not let the older read win).
 */
export const updateFromProvider = async (
  db: Db,
  userId: string,
  changes: Updateable<SubscriptionTable>,
  syncedAt: Date,
): Promise<boolean> => {
  const result = await db
    .updateTable('subscriptions')
    .set({ ...changes, provider_synced_at: syncedAt.toISOString() })
    .where('user_id', '=', userId)
    .where((eb) =>
      eb.or([
        eb('provider_synced_at', 'is', null),
        eb('provider_synced_at', '<=', syncedAt.toISOString()),
      ]),
    )
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
};

/**
 * Moves the reported-overage mark from `from` to `to` in this cycle, if nobody moved it first:
 * each overage document is claimed for reporting by exactly one caller on any instance.
 */
export const moveOverageMark = async (
  db: Db,
  m: { userId: string; cycleStart: string; from: number; to: number },
): Promise<boolean> => {
  const result = await db
    .updateTable('subscriptions')
    .set({ overage_reported: m.to })
    .where('user_id', '=', m.userId)
    .where('billing_cycle_start', '=', m.cycleStart)
    .where('overage_reported', '=', m.from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
};
