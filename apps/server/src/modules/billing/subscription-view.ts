import type { PaymentProviderName, Plan, SubscriptionResponse } from '@platen/contract';
import { centsToEuros, overageCents } from './usage/money.ts';
import type { PlanRecord } from './lifecycle/plans.repository.ts';
import type { CurrentSubscription } from './lifecycle/subscription-state.ts';
import { FREE_PLAN_ID } from './lifecycle/subscription-record.ts';

export const toPlanResponse = (
  plan: PlanRecord,
  o: { activePlanId: string; provider: PaymentProviderName | undefined },
): Plan => ({
  id: plan.id,
  active: plan.id === o.activePlanId,
  link:
    plan.id === FREE_PLAN_ID || !o.provider
      ? ''
      : `/v1/session/${o.provider}/create-checkout-session`,
  monthlyLimit: plan.monthlyLimit,
  overagePrice: centsToEuros(plan.overagePriceCents),
  subscriptionType: plan.subscriptionType,
  price: centsToEuros(plan.priceCents),
  description: plan.description,
  support: plan.support,
  popular: plan.popular,
});

export const toSubscriptionResponse = (
  { sub, plan }: CurrentSubscription,
  o: { apiKey: string; provider: PaymentProviderName | undefined },
): SubscriptionResponse => ({
  id: sub.id,
  subscriptionPlan: toPlanResponse(plan, { activePlanId: sub.planId, provider: o.provider }),
  status: sub.status,
  startTime: sub.startTime,
  endTime: sub.endTime,
  autoRenewal: sub.autoRenewal,
  voucher: sub.voucherCode !== null,
  voucherCode: sub.voucherCode,
  apiKey: o.apiKey,
  monthlyLimit: plan.monthlyLimit,
  pdfsGeneratedThisMonth: sub.pdfsGeneratedThisMonth,
  allowOverCharge: plan.allowOverage,
  overageCharges: centsToEuros(
    overageCents({
      used: sub.pdfsGeneratedThisMonth,
      monthlyLimit: plan.monthlyLimit,
      overagePriceCents: plan.overagePriceCents,
    }),
  ),
  billingCycleStart: sub.billingCycleStart,
  billingCycleEnd: sub.billingCycleEnd,
  lastBilledDate: sub.lastBilledDate,
  providerSubscriptionId: sub.providerSubscriptionId,
});
