import type { SubscriptionResponse } from '@platen/contract';
import { useState } from 'react';
import { findSessionUser } from '../../../lib/session.ts';
import { useOpenBillingPortal } from '../api/open-billing-portal.ts';
import {
  portalFailure,
  portalRefusal,
  providerOfLink,
  UNKNOWN_PAYMENT_ERROR,
} from '../model/plan-rules.ts';
import { goToProvider, showRefusal } from './go-to-provider.ts';

/** 'Go to Billing Portal': refused on FREE (product.md#validation), otherwise the provider's portal page. */
export const useBillingPortal = () => {
  const portal = useOpenBillingPortal();
  const [isLeaving, setLeaving] = useState(false);

  const open = async (subscription: SubscriptionResponse) => {
    const planType = subscription.subscriptionPlan.subscriptionType;
    const refusal = portalRefusal(planType);
    if (refusal) return showRefusal(refusal);
    const provider = providerOfLink(subscription.subscriptionPlan.link);
    if (!provider) {
      return showRefusal({ title: 'Something went wrong', message: UNKNOWN_PAYMENT_ERROR });
    }
    setLeaving(true);
    try {
      const { url } = await portal.mutateAsync({
        provider,
        planType,
        email: findSessionUser()?.email ?? '',
      });
      goToProvider(url);
    } catch (error) {
      setLeaving(false);
      await showRefusal(portalFailure(error));
    }
  };

  return { open, isLeaving };
};
