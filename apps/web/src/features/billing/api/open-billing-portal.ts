import { createBillingPortalSession, type PaymentProviderName } from '@platen/contract';
import { useMutation } from '@tanstack/react-query';
import { request } from '../../../lib/api-client.ts';

type PortalInput = { provider: PaymentProviderName; planType: string; email: string };

/** product.md#the-api: planId carries the subscription type. Answers the provider's portal page. */
const openBillingPortal = ({ provider, planType, email }: PortalInput) =>
  request(createBillingPortalSession, { params: { provider }, body: { planId: planType, email } });

export const useOpenBillingPortal = () => useMutation({ mutationFn: openBillingPortal });
