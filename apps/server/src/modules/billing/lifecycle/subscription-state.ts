import type { Deps } from '../../../deps.ts';
import { unauthorized } from '../../../lib/app-error.ts';
import { renewAtProvider } from '../payments/provider-events.ts';
import { catchUpWithClock } from './apply-changes.ts';
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
 * The subscription as of now: the clock's changes applied (decide.ts), and a paid plan past its
 * period handed to its provider to renew (payment-provider.ts `renewIfDue`). Each change is
 * conditional (a compare-and-set, or an event id applied once), so any number of instances may
 * run this at once.
 */
export const currentSubscription = async (
  deps: Deps,
  userId: string,
): Promise<CurrentSubscription> => {
  const now = deps.clock.now();
  const { expired, renewalDue } = await catchUpWithClock(deps.db, userId, now);
  if (expired) logPlanExpired(deps, expired);
  if (renewalDue) await renewAtProvider(deps, renewalDue, now);
  const sub = await findSubscription(deps.db, userId);
  const plan = sub && (await findPlan(deps.db, sub.planId));
  if (!sub || !plan) throw unauthorized();
  return { sub, plan };
};
