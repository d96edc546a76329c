import type { Deps } from '../../deps.ts';
import { currentSubscription } from './subscription-state.ts';
import { FREE_PLAN_ID, moveOverageMark } from './subscriptions.repository.ts';

/**
 * Reports this cycle's new overage documents to the payment provider as metered usage. Call it
 * after a document was generated; it does nothing under the limit, on vouchers and on FREE.
 * The new documents are claimed first (compare-and-set on the reported mark), so concurrent
 * callers on any instance never report one twice; if the provider refuses, the claim is given
 * back and the next call reports them. The identifier makes a retried report count once.
 */
export const reportOverage = async (deps: Deps, userId: string): Promise<void> => {
  const provider = deps.payments;
  if (!provider) return;
  const { sub, plan } = await currentSubscription(deps, userId);
  const customerId = sub.providerCustomerId;
  const isBilled = plan.id !== FREE_PLAN_ID && plan.allowOverage && sub.voucherCode === null;
  if (!isBilled || !customerId || !sub.providerSubscriptionId) return;
  const over = Math.max(0, sub.pdfsGeneratedThisMonth - plan.monthlyLimit);
  const mark = { userId, cycleStart: sub.billingCycleStart, from: sub.overageReported, to: over };
  if (over <= sub.overageReported || !(await moveOverageMark(deps.db, mark))) return;
  try {
    await provider.reportOverage({
      customerId,
      documents: over - sub.overageReported,
      identifier: `${sub.id}-${sub.billingCycleStart}-${sub.overageReported}-${over}`,
    });
  } catch (error) {
    await moveOverageMark(deps.db, { ...mark, from: over, to: sub.overageReported });
    deps.log.error({ err: error, event: 'billing.overage_report_failed', userId }, 'not reported');
  }
};
