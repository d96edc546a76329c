import type { Deps } from '../../deps.ts';
import { unauthorized } from '../../lib/app-error.ts';
import { announceLocalRenewal } from './payments/local-events.ts';
import { findPlan, type PlanRecord } from './plans.repository.ts';
import { findSubscription, type SubscriptionRecord } from './subscriptions.repository.ts';
import { catchUpWithClock } from './usage.repository.ts';

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

/** A renewal that cannot be announced now is tried again on the next read; reading goes on. */
const renewLocally = async (deps: Deps, sub: SubscriptionRecord, now: Date) => {
  try {
    return await announceLocalRenewal(deps, sub, now);
  } catch (error) {
    deps.log.warn({ err: error, event: 'billing.local_renewal_failed' }, 'renewal not announced');
    return false;
  }
};

/**
 * The subscription as of now: an ended voucher or cancelled plan has expired to FREE, an ended
 * cycle has rolled over, and a local-provider plan past its period has been renewed the way
 * Stripe's would. Each change is conditional (a compare-and-set, a row lock or an event id
 * applied once), so any number of instances may run this at once; no scheduler is needed.
 */
export const currentSubscription = async (
  deps: Deps,
  userId: string,
): Promise<CurrentSubscription> => {
  const now = deps.clock.now();
  const { expired } = await catchUpWithClock(deps.db, userId, now);
  if (expired) logPlanExpired(deps, expired);
  let sub = await findSubscription(deps.db, userId);
  if (sub && (await renewLocally(deps, sub, now))) sub = await findSubscription(deps.db, userId);
  const plan = sub && (await findPlan(deps.db, sub.planId));
  if (!sub || !plan) throw unauthorized();
  return { sub, plan };
};
