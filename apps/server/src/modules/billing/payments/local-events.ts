import type { Deps } from '../../../deps.ts';
import { receiveProviderEvent } from './provider-events.ts';
import type { LocalPaymentProvider } from './local-provider.ts';
import type { ProviderSubscription } from '../lifecycle/provider-subscription.ts';
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
