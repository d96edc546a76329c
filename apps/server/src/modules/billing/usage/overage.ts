import type { Deps } from '../../../deps.ts';
import { claimOverage, giveBackOverage } from '../lifecycle/subscriptions.repository.ts';
import { FREE_PLAN_ID } from '../lifecycle/subscription-record.ts';
import { catchUpSubscription } from '../subscription-catch-up.ts';

/**
 * Reports new overage documents to the payment provider as metered usage: this cycle's past the
 * reported mark, plus those an ended cycle carried over (its roll-over, by our clock or the
 * provider's renewal, came before their report; see restartedCount). Carried documents are
 * metered now, so Stripe bills them on the invoice after the period they belong to (a meter
 * event dated in a period whose invoice is finalised would not be billed at all).
 * Call it after a document was generated; it does nothing under the limit, on vouchers and on
 * FREE. The documents are claimed first (compare-and-set), so concurrent callers on any instance
 * never report one twice; if the provider refuses, they are given back as carried and the next
 * call reports them. The identifier makes a retried report count once.
 */
export const reportOverage = async (deps: Deps, userId: string): Promise<void> => {
  const provider = deps.payments;
  if (!provider) return;
  const { sub, plan } = await catchUpSubscription(deps, userId);
  const customerId = sub.providerCustomerId;
  const isBilled = plan.id !== FREE_PLAN_ID && plan.allowOverage && sub.voucherCode === null;
  if (!isBilled || !customerId || !sub.providerSubscriptionId) return;
  const over = Math.max(0, sub.pdfsGeneratedThisMonth - plan.monthlyLimit);
  const from = sub.overageReported;
  const to = Math.max(from, over);
  const carried = sub.overageCarried;
  const documents = to - from + carried;
  const claim = { userId, cycleStart: sub.billingCycleStart, from, to, carried };
  if (documents === 0 || !(await claimOverage(deps.db, claim))) return;
  try {
    await provider.reportOverage({
      customerId,
      documents,
      identifier: `${sub.id}-${sub.billingCycleStart}-${from}-${to}-${carried}`,
    });
  } catch (error) {
    await giveBackOverage(deps.db, userId, documents);
    deps.log.error({ err: error, event: 'billing.overage_report_failed', userId }, 'not reported');
  }
};
