import { getSubscription } from '@platen/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/api-client.ts';
import { billingKeys } from './billing-query-keys.ts';

const fetchSubscription = ({ signal }: { signal?: AbortSignal }) =>
  request(getSubscription, { signal });

/**
 * Usage and status move with every generated document and every provider event (the return
 * from checkout is a full page load): always read afresh on a visit.
 */
const subscriptionQuery = () =>
  queryOptions({ queryKey: billingKeys.subscription, queryFn: fetchSubscription, staleTime: 0 });

export const useSubscription = () => useQuery(subscriptionQuery());
