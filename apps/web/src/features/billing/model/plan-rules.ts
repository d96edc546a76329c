import {
  billingMessages,
  paymentProviders,
  type PaymentProviderName,
  type SubscriptionResponse,
} from '@platen/contract';
import { isApiError } from '../../../lib/api-error.ts';

const FREE_PLAN_TYPE = 'FREE';

/** product.md#states-and-transitions: a user is on a paid plan when the plan's type is not FREE. */
export const isPaidPlan = (planType: string | undefined): boolean =>
  Boolean(planType) && planType !== FREE_PLAN_TYPE;

/** What the UI shows instead of making a call that the rules forbid. */
export type Refusal = { title: string; message: string };

/**
 * product.md#validation: subscribing is blocked while another paid plan is the current one; plans change
 * through the billing portal. The server refuses the same.
 */
export const subscribeRefusal = (o: {
  currentPlanType: string | undefined;
  chosenPlanType: string;
}): Refusal | undefined =>
  isPaidPlan(o.currentPlanType) && o.currentPlanType !== o.chosenPlanType
    ? { title: `${o.currentPlanType} plan`, message: billingMessages.planActive }
    : undefined;

/** product.md#validation: the billing portal is refused on the FREE plan. */
export const portalRefusal = (currentPlanType: string | undefined): Refusal | undefined =>
  isPaidPlan(currentPlanType)
    ? undefined
    : { title: 'Free plan', message: billingMessages.freePlanPortal };

export const UNKNOWN_PAYMENT_ERROR = 'An unknown error occurred';

const messageOf = (error: unknown) =>
  isApiError(error) && error.message ? error.message : UNKNOWN_PAYMENT_ERROR;

/** product.md#errors checkout failure: 40012 is the unconfirmed e-mail, anything else is generic. */
export const checkoutFailure = (error: unknown): Refusal => ({
  title:
    isApiError(error) && error.code === '40012' ? 'Email not confirmed' : 'Something went wrong',
  message: messageOf(error),
});

/** product.md#errors billing portal failure: 40010 means the account has no provider customer. */
export const portalFailure = (error: unknown): Refusal => ({
  title:
    isApiError(error) && error.code === '40010' ? 'Customer ID not found' : 'Something went wrong',
  message: messageOf(error),
});

/**
 * The payment provider named by a plan's `link` (`/v1/session/{provider}/create-checkout-session`);
 * undefined when the server has no provider configured (the link is empty).
 */
export const providerOfLink = (link: string): PaymentProviderName | undefined => {
  const segment = /^\/v1\/session\/([^/]+)\//.exec(link)?.[1];
  return paymentProviders.find((name) => name === segment);
};

/**
 * When a paid plan cancelled at period end stops (CANCELED until then): the pricing page badges
 * it as ending, not active. Undefined for a plan that renews, a voucher and FREE.
 */
export const paidPlanEndsAt = (
  s: Pick<SubscriptionResponse, 'status' | 'voucher' | 'endTime'>,
): string | undefined =>
  s.status === 'CANCELED' && !s.voucher && s.endTime ? s.endTime : undefined;
