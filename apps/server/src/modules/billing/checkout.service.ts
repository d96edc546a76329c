import type { PaymentProviderName, RedirectResponse } from '@platen/contract';
import type { Deps } from '../../deps.ts';
import { AppError, unauthorized } from '../../lib/app-error.ts';
import { findUserById } from '../users/index.ts';
import {
  customerNotFound,
  emailNotConfirmed,
  freePlanPortal,
  planActive,
} from './billing-errors.ts';
import type { PaymentProvider } from './payments/payment-provider.ts';
import { findPlan, type PlanRecord } from './lifecycle/plans.repository.ts';
import { callProvider, requireProvider } from './payments/provider-calls.ts';
import { currentSubscription, type CurrentSubscription } from './lifecycle/subscription-state.ts';
import { findSubscription, setProviderCustomer } from './lifecycle/subscriptions.repository.ts';
import { FREE_PLAN_ID } from './lifecycle/subscription-record.ts';

type Caller = { userId: string; email: string };

/** product.md#validation: one paid plan at a time; changing plans goes through the billing portal. */
const checkCanSubscribe = ({ sub, plan: currentPlan }: CurrentSubscription, plan: PlanRecord) => {
  if (sub.planId === FREE_PLAN_ID) return;
  if (sub.planId === plan.id && sub.voucherCode === null) {
    throw new AppError(
      'ALREADY_SUBSCRIBED',
      409,
      `You are already subscribed to the ${currentPlan.subscriptionType} plan.`,
    );
  }
  throw planActive();
};

export const createCheckoutService = (deps: Deps) => {
  const { db, config } = deps;

  const paidPlan = async (planId: string) => {
    const plan = await findPlan(db, planId);
    if (!plan) throw new AppError('PLAN_NOT_FOUND', 404, 'There is no such plan.');
    if (plan.id === FREE_PLAN_ID) {
      throw new AppError('FREE_PLAN', 400, 'The free plan needs no checkout.');
    }
    return plan;
  };

  /**
   * The account's provider customer, made on first need. Two racing calls may both create one;
   * only the first is linked (compare-and-set), and both go on with that one.
   */
  const customerOf = async (
    provider: PaymentProvider,
    caller: Caller,
    current: CurrentSubscription,
  ) => {
    if (current.sub.providerCustomerId) return current.sub.providerCustomerId;
    const created = await callProvider(deps, () => provider.createCustomer(caller));
    await setProviderCustomer(db, caller.userId, created);
    const linked = (await findSubscription(db, caller.userId))?.providerCustomerId;
    if (!linked) throw unauthorized();
    return linked;
  };

  const startCheckout = async (
    caller: Caller,
    providerName: PaymentProviderName,
    planId: string,
  ): Promise<RedirectResponse> => {
    const provider = requireProvider(deps, providerName);
    const user = await findUserById(db, caller.userId);
    if (!user) throw unauthorized();
    if (!user.emailConfirmed) throw emailNotConfirmed();
    const plan = await paidPlan(planId);
    const current = await currentSubscription(deps, caller.userId);
    checkCanSubscribe(current, plan);
    const customerId = await customerOf(provider, { userId: user.id, email: user.email }, current);
    return callProvider(deps, () =>
      provider.createCheckout({
        userId: user.id,
        customerId,
        planId: plan.id,
        planType: plan.subscriptionType,
        // Returning here proves nothing: only the provider's signed event changes the plan.
        successUrl: `${config.appUrl}/admin/subscription`,
        cancelUrl: `${config.appUrl}/admin/pricing`,
      }),
    );
  };

  const openPortal = async (
    caller: Caller,
    providerName: PaymentProviderName,
  ): Promise<RedirectResponse> => {
    const provider = requireProvider(deps, providerName);
    const { sub } = await currentSubscription(deps, caller.userId);
    if (sub.planId === FREE_PLAN_ID) throw freePlanPortal();
    const customerId = sub.providerCustomerId;
    if (!customerId) throw customerNotFound();
    return callProvider(deps, () =>
      provider.createPortal({
        userId: caller.userId,
        customerId,
        returnUrl: `${config.appUrl}/admin/subscription`,
      }),
    );
  };

  return { startCheckout, openPortal };
};
