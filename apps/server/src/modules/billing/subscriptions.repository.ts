import { randomUUID } from 'node:crypto';
import { SqliteAdapter, sql, type Selectable, type UpdateObject } from 'kysely';
import type { SubscriptionStatus } from '@platen/contract';
import type { Db, SubscriptionTable, Tables } from '../../db/tables.ts';
import { recordExpired } from './subscription-history.repository.ts';
import { addMonths, cycleAt } from './billing-cycle.ts';

export const FREE_PLAN_ID = 'free';

/** Changes to a subscription row: values, or expressions on the row as it was (restartedCount). */
export type SubscriptionChanges = UpdateObject<Tables, 'subscriptions'>;

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
  /** Overage documents of ended cycles not yet reported to the provider. */
  overageCarried: number;
  /** When the account signed up (its row was made then): FREE's cycles are anchored on it. */
  createdAt: string;
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

/**
 * FREE from `now`, with nothing from the previous plan but the customer. FREE's allowance belongs
 * to the account's cycle, anchored on its sign-up: back inside the cycle FREE was left in, the
 * count goes on from what FREE had used then (kept by leftFree), so taking a plan and dropping
 * it does not give FREE's documents again; in a later cycle it starts at zero. The count is read
 * from the row in the same statement, so no document counted meanwhile is lost.
 */
export const freePlanValues = (now: Date, signedUpAt: string): SubscriptionChanges => {
  const cycle = cycleAt(new Date(signedUpAt), now);
  const cycleStart = cycle.start.toISOString();
  return {
    plan_id: FREE_PLAN_ID,
    status: 'ACTIVE',
    start_time: now.toISOString(),
    end_time: null,
    auto_renewal: 0,
    voucher_code: null,
    billing_cycle_start: cycleStart,
    billing_cycle_end: cycle.end.toISOString(),
    // The kept cycle began at or after this one's start only if it is this one (it was left
    // before `now`); a cycle left before a roll-over had caught up with the clock starts earlier.
    pdfs_generated_this_month: sql<number>`case when free_cycle_start >= ${cycleStart}
      then free_cycle_used else 0 end`,
    overage_reported: 0,
    provider_subscription_id: null,
    updated_at: now.toISOString(),
  };
};

/**
 * Keeps FREE's cycle and count when the row leaves FREE for another plan (freePlanValues reads
 * them on the way back); other changes of plan leave them as they are. SET expressions read the
 * row as it was before the statement, so documents counted up to the change are all kept.
 */
export const leftFree = () =>
  ({
    free_cycle_start: sql<string | null>`case when plan_id = ${FREE_PLAN_ID}
      then billing_cycle_start else free_cycle_start end`,
    free_cycle_used: sql<number>`case when plan_id = ${FREE_PLAN_ID}
      then pdfs_generated_this_month else free_cycle_used end`,
  }) as const;

/** Whether a subscription, as read now, is a voucher or cancelled plan past its end. */
export const hasExpired = (sub: SubscriptionRecord, now: Date): boolean =>
  sub.planId !== FREE_PLAN_ID &&
  sub.endTime !== null &&
  Date.parse(sub.endTime) <= now.getTime() &&
  (sub.voucherCode !== null || !sub.autoRenewal);

/**
 * Ends the subscription `isDue` picks: it is kept in the history as EXPIRED, ended at `endedAt`,
 * and the account goes on on FREE from then. Decided under the row's lock (SQLite runs one writer
 * at a time), so when several instances race, one ends it and the others find FREE. Returns the
 * subscription it ended (to the one caller that ended it), else undefined.
 */
export const endSubscription = async (
  db: Db,
  userId: string,
  o: {
    now: Date;
    isDue: (sub: SubscriptionRecord) => boolean;
    endedAt: (sub: SubscriptionRecord) => Date;
  },
): Promise<SubscriptionRecord | undefined> =>
  db.transaction().execute(async (trx) => {
    const sub = await findSubscription(trx, userId, { lock: true });
    if (!sub || !o.isDue(sub)) return undefined;
    const endedAt = o.endedAt(sub);
    await recordExpired(trx, sub, { endedAt, now: o.now });
    await trx
      .updateTable('subscriptions')
      .set({ ...freePlanValues(endedAt, sub.createdAt), updated_at: o.now.toISOString() })
      .where('user_id', '=', userId)
      .execute();
    return sub;
  });

/**
 * The clock's part of the state machine: a voucher, or a paid plan cancelled at period end,
 * expires at its end and the account falls back to FREE from that moment.
 */
export const expireEndedPlan = (
  db: Db,
  userId: string,
  now: Date,
): Promise<SubscriptionRecord | undefined> =>
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
      ...leftFree(),
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
 * The columns that start a new usage count. The ended cycle's overage documents that were not
 * reported yet (billed plans only: no voucher, a provider subscription) are carried, so the next
 * report sends them instead of the new count hiding them. SET expressions read the row as it was
 * before the statement (SQLite and PostgreSQL alike), so this is exact under any concurrency.
 */
export const restartedCount = () =>
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
 * Writes what the provider says, unless a newer read of the provider has been written already
 * (two events processed at once must not let the older read win). `restartsCycle`: the read
 * starts a new usage count (see restartedCount).
 */
export const updateFromProvider = async (
  db: Db,
  userId: string,
  write: { changes: SubscriptionChanges; restartsCycle: boolean; syncedAt: Date },
): Promise<boolean> => {
  const syncedAt = write.syncedAt.toISOString();
  const result = await db
    .updateTable('subscriptions')
    .set({
      ...write.changes,
      ...(write.restartsCycle && restartedCount()),
      ...leftFree(),
      provider_synced_at: syncedAt,
    })
    .where('user_id', '=', userId)
    .where((eb) =>
      eb.or([eb('provider_synced_at', 'is', null), eb('provider_synced_at', '<=', syncedAt)]),
    )
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
};

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
