import { redeemVoucher, type VoucherBody } from '@platen/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/api-client.ts';
import { billingKeys } from './billing-query-keys.ts';

const sendVoucher = (body: VoucherBody) => request(redeemVoucher, { body });

/** The answer is the new subscription; the plans' `active` flag moves with it. */
export const useRedeemVoucher = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendVoucher,
    onSuccess: async (subscription) => {
      queryClient.setQueryData(billingKeys.subscription, subscription);
      await queryClient.invalidateQueries({ queryKey: billingKeys.plans });
    },
  });
};
