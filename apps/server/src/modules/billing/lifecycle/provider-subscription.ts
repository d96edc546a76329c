/*
 * What the lifecycle decides on from a payment provider (decide.ts): the payments adapters read
 * their provider's subscription into this shape, so lifecycle never imports payments.
 */

/** A subscription as the provider keeps it, read back from the provider (never from an event). */
export type ProviderSubscription = {
  id: string;
  customerId: string;
  /** Stripe's statuses; the local provider uses `active` and `canceled`. */
  status:
    | 'active'
    | 'trialing'
    | 'past_due'
    | 'unpaid'
    | 'canceled'
    | 'incomplete'
    | 'incomplete_expired'
    | 'paused';
  /** Our plan id, from the subscription's price (or its metadata); undefined if unknown. */
  planId: string | undefined;
  currentPeriodStart: Date;
  currentPeriodEnd: Date;
  cancelAtPeriodEnd: boolean;
};
