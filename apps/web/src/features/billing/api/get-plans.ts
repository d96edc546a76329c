import { listPlans } from '@platen/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/api-client.ts';
import { billingKeys } from './billing-query-keys.ts';

const fetchPlans = ({ signal }: { signal?: AbortSignal }) => request(listPlans, { signal });

/** Plans change with the subscription (the `active` flag): always read afresh on a visit. */
const plansQuery = () =>
  queryOptions({ queryKey: billingKeys.plans, queryFn: fetchPlans, staleTime: 0 });

export const usePlans = () => useQuery(plansQuery());
