import { z } from 'zod';
import type { Endpoint } from './endpoint.ts';

/** product.md#validation and product.md#errors: texts the client shows as they are. */
export const billingMessages = {
  emptyVoucher: 'Voucher code should not be empty',
  invalidVoucher: 'This voucher code is not valid, has expired or has been used up.',
  freePlanPortal: 'You cannot access the billing portal with a free plan',
  planActive: 'Cancel your subscription via billing portal to subscribe to a new plan',
  emailNotConfirmed: 'Please confirm your email address before subscribing to a paid plan.',
  customerNotFound:
    'We could not find your billing account. Subscribe to a paid plan to open the billing portal.',
  quotaReached:
    'You have used all documents of your plan this month. Upgrade your plan to generate more.',
} as const;

const mediumDay = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' });
const euros = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'EUR',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** Euros with 2 decimals, the one way the app and the local payment pages show money: `€9.99`. */
export const formatEuros = (amount: number): string => euros.format(amount);

/**
 * A paid plan cancelled at period end is paid for until then, so a voucher waits for its end
 * (a voucher and a paid plan are never held at once). The date is the period's end, in UTC.
 */
export const paidPlanEndingMessage = (endsAt: string): string =>
  `Your paid plan is cancelled and stays active until ${mediumDay.format(new Date(endsAt))}. ` +
  'You can redeem a voucher once it has ended.';

export const subscriptionStatuses = [
  'ACTIVE',
  'EXPIRED',
  'UNPAID',
  'PAST_DUE',
  'CANCELED',
] as const;
export type SubscriptionStatus = (typeof subscriptionStatuses)[number];

/** The payment providers; the one in use appears in each paid plan's `link`. */
export const paymentProviders = ['stripe', 'local'] as const;
export type PaymentProviderName = (typeof paymentProviders)[number];

/** Prices are euros as numbers (9.99); the server keeps cents. */
export const planSchema = z
  .object({
    id: z.string(),
    /** True on the caller's current plan. */
    active: z.boolean(),
    /** The checkout call for this plan (its path names the provider); empty for FREE. */
    link: z.string(),
    monthlyLimit: z.number().int(),
    overagePrice: z.number(),
    /** FREE or a paid plan's type name. */
    subscriptionType: z.string(),
    price: z.number(),
    description: z.string(),
    support: z.string(),
    popular: z.boolean(),
  })
  .meta({ id: 'Plan' });
export type Plan = z.infer<typeof planSchema>;

export const plansResponse = z.array(planSchema);
export type PlansResponse = z.infer<typeof plansResponse>;

export const subscriptionResponse = z
  .object({
    id: z.string(),
    subscriptionPlan: planSchema,
    status: z.enum(subscriptionStatuses),
    startTime: z.string(),
    /** When the plan ends (voucher, cancelled or current paid period); null for FREE. */
    endTime: z.string().nullable(),
    autoRenewal: z.boolean(),
    voucher: z.boolean(),
    voucherCode: z.string().nullable(),
    apiKey: z.string(),
    monthlyLimit: z.number().int(),
    pdfsGeneratedThisMonth: z.number().int(),
    allowOverCharge: z.boolean(),
    /** Euros: max(0, used − limit) × overagePrice. */
    overageCharges: z.number(),
    billingCycleStart: z.string(),
    billingCycleEnd: z.string(),
    lastBilledDate: z.string().nullable(),
    /** The payment provider's subscription record, when the plan is paid through one. */
    providerSubscriptionId: z.string().nullable(),
  })
  .meta({ id: 'Subscription' });
export type SubscriptionResponse = z.infer<typeof subscriptionResponse>;

/** A subscription that has ended: a voucher or cancelled plan past its end, or cancelled. */
export const endedSubscriptionSchema = z
  .object({
    id: z.string(),
    subscriptionType: z.string(),
    /** Always EXPIRED: the account went on on FREE at `endTime`. */
    status: z.enum(subscriptionStatuses),
    startTime: z.string(),
    endTime: z.string(),
    voucher: z.boolean(),
  })
  .meta({ id: 'EndedSubscription' });
export type EndedSubscription = z.infer<typeof endedSubscriptionSchema>;

export const subscriptionHistoryResponse = z.array(endedSubscriptionSchema);
export type SubscriptionHistoryResponse = z.infer<typeof subscriptionHistoryResponse>;

export const voucherBody = z.object({
  code: z
    .string({ error: billingMessages.emptyVoucher })
    .trim()
    .min(1, { error: billingMessages.emptyVoucher })
    .max(64, { error: billingMessages.invalidVoucher }),
});
export type VoucherBody = z.infer<typeof voucherBody>;

/** product.md#the-api sends the whole subscription object; the server needs none of it and ignores it. */
export const cancelSubscriptionBody = z.looseObject({}).optional();

export const providerParams = z.object({ provider: z.enum(paymentProviders) });

export const checkoutBody = z.object({
  planId: z.string().trim().min(1).max(64),
  /** Ignored: the session's e-mail is used (product.md#the-api). */
  email: z.string().max(254).optional(),
});
export type CheckoutBody = z.infer<typeof checkoutBody>;

export const billingPortalBody = z.object({
  /** The current plan's type, as the client knows it; the server reads its own. */
  planId: z.string().max(64).optional(),
  email: z.string().max(254).optional(),
});
export type BillingPortalBody = z.infer<typeof billingPortalBody>;

export const redirectResponse = z.object({ url: z.string() }).meta({ id: 'Redirect' });
export type RedirectResponse = z.infer<typeof redirectResponse>;

export const webhookResponse = z.object({ received: z.literal(true) });

const tag = 'Billing';

export const listPlans = {
  method: 'GET',
  path: '/v1/subscription/plans',
  operationId: 'listPlans',
  summary: 'Every plan, with the caller’s plan marked active',
  tag,
  auth: 'bearer',
  response: plansResponse,
} as const satisfies Endpoint;

export const getSubscription = {
  method: 'GET',
  path: '/v1/subscription',
  operationId: 'getSubscription',
  summary: 'The caller’s subscription, usage of this billing cycle and API key',
  tag,
  auth: 'bearer',
  noStore: true,
  response: subscriptionResponse,
} as const satisfies Endpoint;

export const getSubscriptionHistory = {
  method: 'GET',
  path: '/v1/subscription/history',
  operationId: 'getSubscriptionHistory',
  summary: 'The caller’s ended subscriptions (EXPIRED), the latest first',
  tag,
  auth: 'bearer',
  response: subscriptionHistoryResponse,
} as const satisfies Endpoint;

export const redeemVoucher = {
  method: 'POST',
  path: '/v1/subscription/voucher',
  operationId: 'redeemVoucher',
  summary: 'Redeem a voucher code: its plan for its period, without payment',
  tag,
  auth: 'bearer',
  noStore: true,
  body: voucherBody,
  response: subscriptionResponse,
  errors: [403, 404, 409, 429],
} as const satisfies Endpoint;

export const cancelSubscription = {
  method: 'POST',
  path: '/v1/subscription/cancel',
  operationId: 'cancelSubscription',
  summary: 'Cancel: a voucher ends at once, a paid plan at the end of its period',
  tag,
  auth: 'bearer',
  noStore: true,
  body: cancelSubscriptionBody,
  response: subscriptionResponse,
  errors: [404, 502, 503],
} as const satisfies Endpoint;

export const createCheckoutSession = {
  method: 'POST',
  path: '/v1/session/:provider/create-checkout-session',
  operationId: 'createCheckoutSession',
  summary: 'Start the payment provider’s hosted checkout for a paid plan',
  tag,
  auth: 'bearer',
  noStore: true,
  params: providerParams,
  body: checkoutBody,
  response: redirectResponse,
  errors: [404, 409, 502, 503],
} as const satisfies Endpoint;

export const createBillingPortalSession = {
  method: 'POST',
  path: '/v1/session/:provider/billing-portal',
  operationId: 'createBillingPortalSession',
  summary: 'Open the payment provider’s billing portal (cancel, resume, card)',
  tag,
  auth: 'bearer',
  noStore: true,
  params: providerParams,
  body: billingPortalBody,
  response: redirectResponse,
  errors: [404, 502, 503],
} as const satisfies Endpoint;

export const stripeWebhook = {
  method: 'POST',
  path: '/v1/webhooks/stripe',
  operationId: 'stripeWebhook',
  summary: 'Stripe events, verified by their signature on the raw body',
  tag,
  auth: 'none',
  response: webhookResponse,
  csrf: false,
  errors: [400, 503],
} as const satisfies Endpoint;
