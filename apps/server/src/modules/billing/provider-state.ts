import type { SubscriptionStatus } from '@platen/contract';
import type { Updateable } from 'kysely';
import type { SubscriptionTable } from '../../db/tables.ts';
import type { ProviderSubscription } from './payments/payment-provider.ts';
import { FREE_PLAN_ID, type SubscriptionRecord } from './subscriptions.repository.ts';

/**
 * What a read of the provider's subscription means for ours:
 * - `free`: the provider ended the subscription we hold, so the account falls back to FREE;
 * - `update`: the plan, status, period and renewal as the provider has them; `restartsCycle`
 *   when the read starts a new usage count (a new subscription, or a cycle our clock has not
 *   rolled over to yet);
 * - `duplicate`: a second live subscription while the account pays for `keptId`; the account
 *   keeps that one and the new one is to be cancelled at the provider;
 * - `ignore`: nothing to do (not paid yet, or about a subscription we no longer hold).
 */
export type ProviderDecision =
  | { kind: 'ignore'; reason: string }
  | { kind: 'duplicate'; keptId: string }
  | { kind: 'free' }
  | { kind: 'update'; changes: Updateable<SubscriptionTable>; restartsCycle: boolean };

/** Stripe's statuses in our words; a subscription cancelled at period end is CANCELED until then. */
export const statusFromProvider = (sub: ProviderSubscription): SubscriptionStatus | undefined => {
  switch (sub.status) {
    case 'active':
    case 'trialing':
      return sub.cancelAtPeriodEnd ? 'CANCELED' : 'ACTIVE';
    case 'past_due':
      return 'PAST_DUE';
    case 'unpaid':
    case 'paused':
      return 'UNPAID';
    default:
      return undefined;
  }
};

const hasEnded = (sub: ProviderSubscription, now: Date) =>
  sub.status === 'canceled' ||
  sub.status === 'incomplete_expired' ||
  (sub.cancelAtPeriodEnd && sub.currentPeriodEnd.getTime() <= now.getTime());

/** A paid period that starts a new cycle restarts the usage count; a repeated read does not. */
const cycleChanges = (
  current: SubscriptionRecord,
  sub: ProviderSubscription,
  isNew: boolean,
): { changes: Updateable<SubscriptionTable>; restartsCycle: boolean } => {
  const start = sub.currentPeriodStart.toISOString();
  const end = sub.currentPeriodEnd.toISOString();
  if (isNew) {
    return {
      changes: { start_time: start, billing_cycle_start: start, billing_cycle_end: end },
      restartsCycle: true,
    };
  }
  // The same cycle as ours (our roll-over got there first): its end is the provider's to say,
  // else our next roll-over could come before the provider's renewal.
  if (start === current.billingCycleStart) {
    return { changes: { billing_cycle_end: end }, restartsCycle: false };
  }
  if (start < current.billingCycleStart) return { changes: {}, restartsCycle: false };
  return {
    changes: { billing_cycle_start: start, billing_cycle_end: end },
    // Our own roll-over may already have started this cycle (same boundaries, usage kept).
    restartsCycle: start >= current.billingCycleEnd,
  };
};

/** A plan the account pays for through the provider (not FREE, not a voucher). */
const isPaidPlan = (current: SubscriptionRecord) =>
  current.planId !== FREE_PLAN_ID && current.voucherCode === null;

export const decideFromProvider = (opts: {
  current: SubscriptionRecord;
  sub: ProviderSubscription;
  planId: string | undefined;
  now: Date;
}): ProviderDecision => {
  const { current, sub, planId, now } = opts;
  const isOurs = current.providerSubscriptionId === sub.id;
  if (hasEnded(sub, now)) {
    return isOurs ? { kind: 'free' } : { kind: 'ignore', reason: 'ended, not the current one' };
  }
  const status = statusFromProvider(sub);
  if (!status) return { kind: 'ignore', reason: `status ${sub.status}` };
  if (!planId) return { kind: 'ignore', reason: 'price of no known plan' };
  const keptId = current.providerSubscriptionId;
  if (!isOurs && keptId !== null && isPaidPlan(current)) return { kind: 'duplicate', keptId };
  const cycle = cycleChanges(current, sub, !isOurs);
  return {
    kind: 'update',
    restartsCycle: cycle.restartsCycle,
    changes: {
      plan_id: planId,
      status,
      auto_renewal: sub.cancelAtPeriodEnd ? 0 : 1,
      end_time: sub.currentPeriodEnd.toISOString(),
      voucher_code: null,
      provider_subscription_id: sub.id,
      last_billed_date: sub.currentPeriodStart.toISOString(),
      updated_at: now.toISOString(),
      ...cycle.changes,
    },
  };
};
