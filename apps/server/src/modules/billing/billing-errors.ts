import { billingMessages, paidPlanEndingMessage } from '@platen/contract';
import type { Refusal } from './lifecycle/decide.ts';
import { AppError } from '../../lib/app-error.ts';

export const planActive = () => new AppError('PLAN_ACTIVE', 409, billingMessages.planActive);
export const invalidVoucher = () =>
  new AppError('VOUCHER_INVALID', 400, billingMessages.invalidVoucher);
export const freePlanPortal = () => new AppError('FREE_PLAN', 400, billingMessages.freePlanPortal);
export const customerNotFound = () => new AppError('40010', 404, billingMessages.customerNotFound);
export const emailNotConfirmed = () =>
  new AppError('40012', 403, billingMessages.emailNotConfirmed);
export const providerFailed = () =>
  new AppError(
    'PAYMENT_PROVIDER_ERROR',
    502,
    'The payment provider did not answer as expected. Please try again in a moment.',
  );
export const paymentsUnavailable = () =>
  new AppError('PAYMENTS_UNAVAILABLE', 503, 'Card payments are not available on this server.');

/** decide.ts's refusals, as the client reads them. */
export const refusalError = (refusal: Refusal) =>
  refusal.reason === 'paid_plan_ending'
    ? new AppError('PLAN_ENDING', 409, paidPlanEndingMessage(refusal.endsAt.toISOString()))
    : planActive();
