import { createCheckoutSession, type PaymentProviderName } from '@platen/contract';
import { useMutation } from '@tanstack/react-query';
import { request } from '../../../lib/api-client.ts';

type CheckoutInput = { provider: PaymentProviderName; planId: string; email: string };

/** Answers the provider's hosted checkout page; the caller sends the browser there. */
const startCheckout = ({ provider, planId, email }: CheckoutInput) =>
  request(createCheckoutSession, { params: { provider }, body: { planId, email } });

export const useStartCheckout = () => useMutation({ mutationFn: startCheckout });
