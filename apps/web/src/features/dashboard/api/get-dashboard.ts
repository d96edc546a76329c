import { getDashboard } from '@platen/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/api-client.ts';
import { dashboardKeys } from './dashboard-query-keys.ts';

const fetchDashboard = ({ signal }: { signal?: AbortSignal }) => request(getDashboard, { signal });

/** Figures move with every generated document and plan change: read afresh on every visit. */
const dashboardQuery = () =>
  queryOptions({ queryKey: dashboardKeys.figures, queryFn: fetchDashboard, staleTime: 0 });

export const useDashboard = () => useQuery(dashboardQuery());
