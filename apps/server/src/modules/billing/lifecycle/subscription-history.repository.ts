import { randomUUID } from 'node:crypto';
import type { Db } from '../../../db/tables.ts';
import type { SubscriptionRecord } from './subscription-record.ts';

/** Keeps an ended subscription as EXPIRED, ended at `endedAt`. */
export const recordExpired = async (
  db: Db,
  sub: SubscriptionRecord,
  o: { endedAt: Date; now: Date },
): Promise<void> => {
  await db
    .insertInto('subscription_history')
    .values({
      id: randomUUID(),
      user_id: sub.userId,
      plan_id: sub.planId,
      status: 'EXPIRED',
      start_time: sub.startTime,
      end_time: o.endedAt.toISOString(),
      voucher_code: sub.voucherCode,
      provider_subscription_id: sub.providerSubscriptionId,
      recorded_at: o.now.toISOString(),
    })
    .execute();
};

/** The account's ended subscriptions, the latest first: the last 50, or `all` (its export). */
export const listHistory = (db: Db, userId: string, opts: { all?: boolean } = {}) =>
  db
    .selectFrom('subscription_history')
    .innerJoin('plans', 'plans.id', 'subscription_history.plan_id')
    .select([
      'subscription_history.id',
      'plans.subscription_type as subscriptionType',
      'subscription_history.status',
      'subscription_history.start_time as startTime',
      'subscription_history.end_time as endTime',
      'subscription_history.voucher_code as voucherCode',
    ])
    .where('subscription_history.user_id', '=', userId)
    .orderBy('subscription_history.end_time', 'desc')
    .$if(!opts.all, (qb) => qb.limit(50))
    .execute();
