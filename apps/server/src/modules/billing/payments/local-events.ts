import type { Deps } from '../../../deps.ts';
import { receiveProviderEvent } from '../provider-events.ts';
import type { SubscriptionRecord } from '../subscriptions.repository.ts';
import { isLocalProvider, type LocalPaymentProvider } from './local-provider.ts';
import type { ProviderSubscription } from './payment-provider.ts';
import { eventPayload, signatureHeader } from './signed-events.ts';

/** A signed Stripe-shaped event from the local provider, into the handler Stripe's go through. */
export const emitLocalEvent = async (
  deps: Deps,
  provider: LocalPaymentProvider,
  e: { type: string; object: Record<string, unknown>; id?: string },
): Promise<void> => {
  const now = deps.clock.now();
  const payload = eventPayload(e.type, e.object, now, e.id);
  await receiveProviderEvent(
    deps,
    Buffer.from(payload),
    signatureHeader(provider.webhookSecret, payload, now),
  );
};

export const subscriptionObject = (sub: ProviderSubscription) => ({
  id: sub.id,
  object: 'subscription',
  customer: sub.customerId,
});

const compact = (date: Date) => date.toISOString().replace(/[^0-9]/g, '');

/**
 * Stripe announces each renewed period with `invoice.paid`; the local provider has no servers of
 * its own, so whoever reads an auto-renewing subscription past its period end announces it. The
 * event id is derived from the subscription and the new period, so any number of instances
 * noticing at once make one event, applied once (provider_events' key). A subscription cancelled
 * at period end is left to the clock, which expires it (subscriptions.repository.ts).
 */
export const announceLocalRenewal = async (
  deps: Deps,
  sub: SubscriptionRecord,
  now: Date,
): Promise<boolean> => {
  const provider = deps.payments;
  const id = sub.providerSubscriptionId;
  const isDue = sub.autoRenewal && sub.endTime !== null && Date.parse(sub.endTime) <= now.getTime();
  if (!isLocalProvider(provider) || !id || !isDue) return false;
  const renewed = await provider.retrieveSubscription(id);
  if (renewed.status !== 'active' || renewed.currentPeriodEnd.getTime() <= now.getTime())
    return false;
  const period = compact(renewed.currentPeriodStart);
  await emitLocalEvent(deps, provider, {
    type: 'invoice.paid',
    id: `evt_local_renewal_${id}_${period}`,
    object: {
      id: `in_local_${id}_${period}`,
      object: 'invoice',
      customer: renewed.customerId,
      subscription: id,
      billing_reason: 'subscription_cycle',
    },
  });
  return true;
};
