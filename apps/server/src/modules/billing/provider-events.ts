import Stripe from 'stripe';
import { z } from 'zod';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../lib/app-error.ts';
import { callProvider } from './provider-calls.ts';
import { isEventApplied, recordEvent } from './provider-events.repository.ts';
import { decideFromProvider } from './provider-state.ts';
import type { PaymentProvider, ProviderSubscription } from './payments/payment-provider.ts';
import { findPlan } from './plans.repository.ts';
import { recordExpired } from './subscription-history.repository.ts';
import {
  findSubscription,
  findUserIdByCustomer,
  freePlanValues,
  updateFromProvider,
} from './subscriptions.repository.ts';

/** Stripe's own default: a signed event older than five minutes is refused as a replay. */
export const EVENT_TOLERANCE_SECONDS = 300;

const idOf = z.union([z.string(), z.object({ id: z.string() }).transform((o) => o.id)]);

// Only what points at a subscription; everything else in an event is ignored on purpose, since
// the subscription itself is read back from the provider.
const eventShape = z.object({
  id: z.string(),
  type: z.string(),
  data: z.object({
    object: z.looseObject({
      id: z.string().optional(),
      object: z.string(),
      subscription: idOf.nullish(),
      parent: z
        .looseObject({
          subscription_details: z.looseObject({ subscription: idOf.nullish() }).nullish(),
        })
        .nullish(),
    }),
  }),
});
type ProviderEvent = z.infer<typeof eventShape>;

const subscriptionIdOf = ({ data: { object } }: ProviderEvent): string | undefined => {
  if (object.object === 'subscription') return object.id;
  if (object.object === 'checkout.session') return object.subscription ?? undefined;
  if (object.object === 'invoice') {
    return object.subscription ?? object.parent?.subscription_details?.subscription ?? undefined;
  }
  return undefined;
};

const verify = (provider: PaymentProvider, rawBody: Buffer, signature: unknown, now: Date) => {
  try {
    if (typeof signature !== 'string') throw new Error('no signature');
    const event: unknown = Stripe.webhooks.constructEvent(
      rawBody,
      signature,
      provider.webhookSecret,
      EVENT_TOLERANCE_SECONDS,
      undefined,
      now.getTime(),
    );
    return eventShape.parse(event);
  } catch {
    throw new AppError(
      'WEBHOOK_SIGNATURE_INVALID',
      400,
      'The event is not signed with the webhook secret, is too old, or is not a valid event.',
    );
  }
};

/**
 * A second live paid subscription for an account that already pays for one (two checkouts
 * opened side by side, both paid): the account keeps the one it has, and the provider ends the
 * new one now, crediting its unused time. The idempotency key is the subscription's, so
 * redelivered events and instances racing end it once.
 */
const cancelDuplicate = async (
  deps: Deps,
  d: { userId: string; keptId: string; duplicateId: string },
): Promise<void> => {
  const provider = deps.payments;
  if (!provider) throw paymentsUnavailable();
  await callProvider(deps, () => provider.cancelNow(d.duplicateId));
  deps.log.warn(
    {
      event: 'billing.duplicate_subscription_cancelled',
      userId: d.userId,
      keptSubscriptionId: d.keptId,
      cancelledSubscriptionId: d.duplicateId,
    },
    'second paid subscription cancelled',
  );
};

/**
 * Writes a read of the provider's subscription, in one transaction, under the account's row
 * lock. With an event, the event is marked applied in that transaction and nothing happens if it
 * already was (a concurrent duplicate waits on the lock, then finds the event taken). A second
 * paid subscription writes nothing and is not marked applied: the provider cancels it after the
 * transaction, so a redelivery after a failed cancel tries again.
 */
export const applyProviderSubscription = async (
  deps: Deps,
  input: { sub: ProviderSubscription; readAt: Date; event?: { id: string; type: string } },
): Promise<void> => {
  const { sub, readAt, event } = input;
  const now = deps.clock.now();
  const plan = sub.planId ? await findPlan(deps.db, sub.planId) : undefined;
  const duplicate = await deps.db.transaction().execute(async (trx) => {
    const userId = await findUserIdByCustomer(trx, sub.customerId);
    const current = userId ? await findSubscription(trx, userId, { lock: true }) : undefined;
    const decision = current && decideFromProvider({ current, sub, planId: plan?.id, now });
    if (current && decision?.kind === 'duplicate') {
      return { userId: current.userId, keptId: decision.keptId };
    }
    if (event && !(await recordEvent(trx, { ...event, now: now.toISOString() }))) return;
    if (!userId || !current || !decision) {
      deps.log.warn({ event: 'billing.unknown_customer', eventId: event?.id }, 'ignored');
      return;
    }
    deps.log.info(
      { event: 'billing.provider_state', eventId: event?.id, userId, decision: decision.kind },
      'provider state applied',
    );
    if (decision.kind === 'free') {
      const changes = freePlanValues(now, current.createdAt);
      if (
        await updateFromProvider(trx, userId, { changes, restartsCycle: false, syncedAt: readAt })
      ) {
        await recordExpired(trx, current, { endedAt: now, now });
      }
    }
    if (decision.kind === 'update') {
      const { changes, restartsCycle } = decision;
      const updated = await updateFromProvider(trx, userId, {
        changes,
        restartsCycle,
        syncedAt: readAt,
      });
      // A paid plan replacing a voucher (a checkout opened before it was redeemed) ends it now.
      if (updated && current.voucherCode !== null) {
        await recordExpired(trx, current, { endedAt: now, now });
      }
    }
  });
  if (duplicate) await cancelDuplicate(deps, { ...duplicate, duplicateId: sub.id });
};

/**
 * The one code path for provider events, Stripe's webhooks and the local provider's alike:
 * verify the signature on the raw bytes, skip an event already applied, read the subscription
 * back from the provider (so events arriving out of order still end in the provider's current
 * state), then apply it exactly once.
 */
export const receiveProviderEvent = async (
  deps: Deps,
  rawBody: Buffer,
  signature: unknown,
): Promise<void> => {
  const provider = deps.payments;
  if (!provider) throw paymentsUnavailable();
  const event = verify(provider, rawBody, signature, deps.clock.now());
  const subscriptionId = subscriptionIdOf(event);
  if (!subscriptionId || (await isEventApplied(deps.db, event.id))) return;
  const readAt = deps.clock.now();
  const sub = await callProvider(deps, () => provider.retrieveSubscription(subscriptionId));
  await applyProviderSubscription(deps, { sub, readAt, event: { id: event.id, type: event.type } });
};

export const paymentsUnavailable = () =>
  new AppError('PAYMENTS_UNAVAILABLE', 503, 'Card payments are not available on this server.');
