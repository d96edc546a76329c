import type { Plan } from '@platen/contract';
import { useState } from 'react';
import { findSessionUser } from '../../../lib/session.ts';
import { useStartCheckout } from '../api/start-checkout.ts';
import {
  checkoutFailure,
  providerOfLink,
  subscribeRefusal,
  UNKNOWN_PAYMENT_ERROR,
} from '../model/plan-rules.ts';
import { rememberCheckout } from '../model/pending-checkout.ts';
import { goToProvider, showRefusal } from './go-to-provider.ts';

/**
 * Subscribe button of a plan card: the product.md#validation rule first, then the provider's hosted checkout.
 * `pendingPlanId` stays set until the browser has left, so no button can be pressed twice.
 */
export const useSubscribe = (currentPlanType: string | undefined) => {
  const checkout = useStartCheckout();
  const [pendingPlanId, setPendingPlanId] = useState<string>();

  const subscribe = async (plan: Plan) => {
    const refusal = subscribeRefusal({ currentPlanType, chosenPlanType: plan.subscriptionType });
    if (refusal) return showRefusal(refusal);
    const provider = providerOfLink(plan.link);
    if (!provider) {
      return showRefusal({ title: 'Something went wrong', message: UNKNOWN_PAYMENT_ERROR });
    }
    setPendingPlanId(plan.id);
    try {
      const { url } = await checkout.mutateAsync({
        provider,
        planId: plan.id,
        email: findSessionUser()?.email ?? '',
      });
      rememberCheckout(plan.subscriptionType);
      goToProvider(url);
    } catch (error) {
      setPendingPlanId(undefined);
      await showRefusal(checkoutFailure(error));
    }
  };

  return { subscribe, pendingPlanId };
};
