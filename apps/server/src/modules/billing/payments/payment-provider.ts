import type { PaymentProviderName } from '@platen/contract';
import type { ProviderSubscription } from '../lifecycle/provider-subscription.ts';

type CheckoutInput = {
  userId: string;
  customerId: string;
  planId: string;
  planType: string;
  successUrl: string;
  cancelUrl: string;
};

/**
 * What billing needs from a card payment provider. Stripe implements it with the official SDK;
 * the `local` provider implements it with its own tables and hosted pages, for offline use.
 * Both deliver state changes as Stripe-shaped events signed with `webhookSecret`, which one
 * handler verifies and applies (provider-events.ts).
 */
export type PaymentProvider = {
  name: PaymentProviderName;
  webhookSecret: string;
  /** A new customer for the account; the idempotency key makes a retried call return the same one. */
  createCustomer: (input: { userId: string; email: string }) => Promise<string>;
  createCheckout: (input: CheckoutInput) => Promise<{ url: string }>;
  createPortal: (input: { userId: string; customerId: string; returnUrl: string }) => Promise<{
    url: string;
  }>;
  retrieveSubscription: (id: string) => Promise<ProviderSubscription>;
  cancelAtPeriodEnd: (id: string) => Promise<ProviderSubscription>;
  /**
   * Ends a subscription now, crediting its unused time (a second one bought by mistake). Keyed
   * by the subscription, so a repeated call ends it once.
   */
  cancelNow: (id: string) => Promise<void>;
  /**
   * Asked when our clock finds a paid plan past its period: the provider's renewed subscription
   * and the id of the event that announces the renewal, or undefined when the provider
   * announces renewals itself (Stripe's `invoice.paid` webhook) or has not renewed it.
   */
  renewIfDue: (
    id: string,
    now: Date,
  ) => Promise<{ sub: ProviderSubscription; eventId: string } | undefined>;
  /** Adds metered overage; `identifier` makes a repeated report count once. */
  reportOverage: (input: {
    customerId: string;
    documents: number;
    identifier: string;
  }) => Promise<void>;
};
