import { cancelSubscription as cancelEndpoint, type SubscriptionResponse } from '@platen/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/api-client.ts';
import { billingKeys } from './billing-query-keys.ts';

/** product.md#the-api sends the whole subscription object; the server reads its own record. */
const sendCancellation = (subscription: SubscriptionResponse) =>
  request(cancelEndpoint, { body: subscription });

export const useCancelSubscription = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendCancellation,
    onSuccess: async (subscription) => {
      queryClient.setQueryData(billingKeys.subscription, subscription);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: billingKeys.plans }),
        queryClient.invalidateQueries({ queryKey: billingKeys.history }),
      ]);
    },
  });
};
