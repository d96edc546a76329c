import { getSubscriptionHistory } from '@platen/contract';
import { useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/api-client.ts';
import { billingKeys } from './billing-query-keys.ts';

/** Ended subscriptions; a voucher or plan may expire between two visits, so read afresh. */
export const useSubscriptionHistory = () =>
  useQuery({
    queryKey: billingKeys.history,
    queryFn: ({ signal }) => request(getSubscriptionHistory, { signal }),
    staleTime: 0,
  });
