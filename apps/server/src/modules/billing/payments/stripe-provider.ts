import { randomUUID } from 'node:crypto';
import Stripe from 'stripe';
import { AppError } from '../../../lib/app-error.ts';
import type { ProviderSubscription } from '../lifecycle/provider-subscription.ts';
import type { PaymentProvider } from './payment-provider.ts';

export type StripeSettings = {
  secretKey: string;
  webhookSecret: string;
  /** Price id of each paid plan's subscription, by plan type: `{ PRO: 'price_…' }`. */
  prices: Record<string, string>;
  /** Optional metered price per plan type that bills overage documents. */
  overagePrices: Record<string, string>;
  /** The Billing Meter's event name that counts overage documents. */
  meterEventName: string;
  /** Tests point the SDK at a local stand-in of the Stripe API. */
  api?: { host: string; port: number; protocol: 'http' | 'https' };
};

const priceNotConfigured = (planType: string) =>
  new AppError(
    'PAYMENTS_UNAVAILABLE',
    503,
    `The ${planType} plan cannot be bought yet: its price is not configured.`,
  );

const STATUSES: readonly ProviderSubscription['status'][] = [
  'active',
  'trialing',
  'past_due',
  'unpaid',
  'canceled',
  'incomplete',
  'incomplete_expired',
  'paused',
];

/** A status this code does not know yet changes nothing (treated like `incomplete`). */
const knownStatus = (status: string): ProviderSubscription['status'] =>
  STATUSES.find((s) => s === status) ?? 'incomplete';

const toProviderSubscription = (
  sub: Stripe.Subscription,
  planOfPrice: (priceId: string) => string | undefined,
): ProviderSubscription => {
  const items = sub.items.data;
  const planItem = items.find((item) => planOfPrice(item.price.id)) ?? items[0];
  if (!planItem) throw new Error(`Stripe subscription ${sub.id} has no items`);
  // Since API 2025-03-31 the billing period lives on the items, not on the subscription.
  const periodEnd = planItem.current_period_end;
  return {
    id: sub.id,
    customerId: typeof sub.customer === 'string' ? sub.customer : sub.customer.id,
    status: knownStatus(sub.status),
    planId: planOfPrice(planItem.price.id) ?? sub.metadata.planId,
    currentPeriodStart: new Date(planItem.current_period_start * 1000),
    currentPeriodEnd: new Date(Math.min(periodEnd, sub.cancel_at ?? periodEnd) * 1000),
    // The portal may cancel with a date (`cancel_at`) instead of the period-end flag.
    cancelAtPeriodEnd: sub.cancel_at_period_end || sub.cancel_at !== null,
  };
};

/** The Stripe adapter, on the official SDK. Every write carries an idempotency key. */
export const createStripeProvider = (settings: StripeSettings): PaymentProvider => {
  const stripe = new Stripe(settings.secretKey, {
    maxNetworkRetries: 2,
    telemetry: false,
    appInfo: { name: 'Platen' },
    ...settings.api,
  });
  const planByPrice = new Map(
    Object.entries(settings.prices).map(([type, price]) => [price, type]),
  );
  const planOfPrice = (priceId: string) => planByPrice.get(priceId);
  const read = (sub: Stripe.Subscription) => toProviderSubscription(sub, planOfPrice);

  return {
    name: 'stripe',
    webhookSecret: settings.webhookSecret,
    createCustomer: async ({ userId, email }) => {
      const customer = await stripe.customers.create(
        { email, metadata: { userId } },
        { idempotencyKey: `customer-${userId}` },
      );
      return customer.id;
    },
    createCheckout: async (input) => {
      const price = settings.prices[input.planType];
      if (!price) throw priceNotConfigured(input.planType);
      const overage = settings.overagePrices[input.planType];
      const metadata = { userId: input.userId, planId: input.planId };
      const session = await stripe.checkout.sessions.create(
        {
          mode: 'subscription',
          customer: input.customerId,
          client_reference_id: input.userId,
          line_items: [{ price, quantity: 1 }, ...(overage ? [{ price: overage }] : [])],
          success_url: input.successUrl,
          cancel_url: input.cancelUrl,
          metadata,
          subscription_data: { metadata },
        },
        { idempotencyKey: `checkout-${input.userId}-${randomUUID()}` },
      );
      if (!session.url) throw new Error('Stripe returned a checkout session without a url');
      return { url: session.url };
    },
    createPortal: async ({ customerId, returnUrl }) => {
      const session = await stripe.billingPortal.sessions.create(
        { customer: customerId, return_url: returnUrl },
        { idempotencyKey: `portal-${customerId}-${randomUUID()}` },
      );
      return { url: session.url };
    },
    retrieveSubscription: async (id) => read(await stripe.subscriptions.retrieve(id)),
    cancelAtPeriodEnd: async (id) =>
      read(
        await stripe.subscriptions.update(
          id,
          { cancel_at_period_end: true },
          { idempotencyKey: `cancel-${id}-${randomUUID()}` },
        ),
      ),
    cancelNow: async (id) => {
      await stripe.subscriptions.cancel(
        id,
        { prorate: true },
        { idempotencyKey: `cancel-now-${id}` },
      );
    },
    // Stripe renews on its own servers and says so with `invoice.paid`.
    renewIfDue: async () => undefined,
    reportOverage: async ({ customerId, documents, identifier }) => {
      await stripe.billing.meterEvents.create(
        {
          event_name: settings.meterEventName,
          payload: { stripe_customer_id: customerId, value: String(documents) },
          identifier,
        },
        { idempotencyKey: `meter-${identifier}` },
      );
    },
  };
};
