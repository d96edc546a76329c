import Stripe from 'stripe';
import { z } from 'zod';
import type { Deps } from '../../../deps.ts';
import { AppError } from '../../../lib/app-error.ts';
import { paymentsUnavailable } from '../billing-errors.ts';
import { callProvider } from './provider-calls.ts';
import { isEventApplied, recordEvent } from './provider-events.repository.ts';
import { writeChange } from '../lifecycle/apply-changes.ts';
import { decide, type Change, type ProviderEventType } from '../lifecycle/decide.ts';
import type { ProviderSubscription } from '../lifecycle/provider-subscription.ts';
import type { PaymentProvider } from './payment-provider.ts';
import { findPlan } from '../lifecycle/plans.repository.ts';
import { findSubscription, findUserIdByCustomer } from '../lifecycle/subscriptions.repository.ts';

/** Stripe's own default: a signed event older than five minutes is refused as a replay. */
const EVENT_TOLERANCE_SECONDS = 300;

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
 * lock, as decide.ts says. With an event, the event is marked applied in that transaction and
 * nothing happens if it already was (a concurrent duplicate waits on the lock, then finds the
 * event taken). A second paid subscription writes nothing and is not marked applied: the
 * provider cancels it after the transaction, so a redelivery after a failed cancel tries again.
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
    const type = providerEventType(event?.type);
    const [change] = current ? decide(current, { type, sub, planId: plan?.id, readAt }, now) : [];
    if (current && change?.kind === 'cancel_duplicate')
      return { ...change, userId: current.userId };
    if (event && !(await recordEvent(trx, { ...event, now: now.toISOString() }))) return;
    if (!current || !change) {
      deps.log.warn({ event: 'billing.unknown_customer', eventId: event?.id }, 'ignored');
      return;
    }
    deps.log.info(
      {
        event: 'billing.provider_state',
        eventId: event?.id,
        userId: current.userId,
        decision: decisionName(change),
      },
      'provider state applied',
    );
    if (change.kind === 'write') await writeChange(trx, current, change, now);
  });
  if (duplicate) await cancelDuplicate(deps, duplicate);
};

/** The decision's name in the log, as operators have read it so far. */
const decisionName = (change: Change) => {
  if (change.kind !== 'write') return change.kind;
  return change.outcome === 'provider_ended' ? 'free' : 'update';
};

const PROVIDER_EVENT_TYPES: readonly ProviderEventType[] = [
  'checkout.session.completed',
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'invoice.paid',
  'invoice.payment_failed',
];

/** Every event is answered from the subscription read back; the type only names it. */
const providerEventType = (type: string | undefined): ProviderEventType =>
  PROVIDER_EVENT_TYPES.find((t) => t === type) ?? 'cancel.requested';

/**
 * Hands a paid plan past its period to its provider. Stripe renews by itself and announces it
 * with a webhook; the local provider has no servers of its own and renews when asked, and its
 * renewal is applied as its `invoice.paid` would be, once (the event id names the new period).
 * A renewal that fails now is tried again on the next read; reading goes on.
 */
export const renewAtProvider = async (deps: Deps, subscriptionId: string, now: Date) => {
  const provider = deps.payments;
  if (!provider) return;
  try {
    const renewal = await provider.renewIfDue(subscriptionId, now);
    if (!renewal) return;
    await applyProviderSubscription(deps, {
      sub: renewal.sub,
      readAt: now,
      event: { id: renewal.eventId, type: 'invoice.paid' },
    });
  } catch (error) {
    deps.log.warn({ err: error, event: 'billing.local_renewal_failed' }, 'renewal not announced');
  }
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
