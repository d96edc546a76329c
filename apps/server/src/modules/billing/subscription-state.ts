import type { Deps } from '../../deps.ts';
import { unauthorized } from '../../lib/app-error.ts';
import { findPlan, type PlanRecord } from './plans.repository.ts';
import { findSubscription, type SubscriptionRecord } from './subscriptions.repository.ts';
import { catchUpWithClock } from './usage.repository.ts';

export type CurrentSubscription = { sub: SubscriptionRecord; plan: PlanRecord };

/**
 * The subscription as of now: an ended voucher or cancelled plan has fallen back to FREE and an
 * ended cycle has rolled over. Both are conditional single statements, so any number of
 * instances may run them at once; no scheduler is needed.
 */
export const currentSubscription = async (
  deps: Pick<Deps, 'db' | 'clock'>,
  userId: string,
): Promise<CurrentSubscription> => {
  const now = deps.clock.now();
  await catchUpWithClock(deps.db, userId, now);
  const sub = await findSubscription(deps.db, userId);
  const plan = sub && (await findPlan(deps.db, sub.planId));
  if (!sub || !plan) throw unauthorized();
  return { sub, plan };
};
