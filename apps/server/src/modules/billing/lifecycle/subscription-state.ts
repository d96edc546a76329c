import type { Db } from '../../../db/tables.ts';
import type { Deps } from '../../../deps.ts';
import { unauthorized } from '../../../lib/app-error.ts';
import { findPlan, type PlanRecord } from './plans.repository.ts';
import type { SubscriptionRecord } from './subscription-record.ts';
import { findSubscription } from './subscriptions.repository.ts';

export type CurrentSubscription = { sub: SubscriptionRecord; plan: PlanRecord };

/**
 * A plan the clock ended (a voucher, or a paid plan cancelled at period end), logged as an event
 * by the one caller that ended it. No voucher code: it is a secret until used up.
 */
export const logPlanExpired = (deps: Pick<Deps, 'log'>, sub: SubscriptionRecord): void => {
  deps.log.info(
    {
      event: 'billing.plan_expired',
      userId: sub.userId,
      planId: sub.planId,
      voucher: sub.voucherCode !== null,
      endedAt: sub.endTime,
    },
    'plan expired',
  );
};

/**
 * The subscription and its plan as stored: a read, which changes nothing. A caller that must see
 * the clock's changes and a due renewal runs catchUpSubscription (subscription-catch-up.ts).
 */
export const readSubscription = async (db: Db, userId: string): Promise<CurrentSubscription> => {
  const sub = await findSubscription(db, userId);
  const plan = sub && (await findPlan(db, sub.planId));
  if (!sub || !plan) throw unauthorized();
  return { sub, plan };
};
