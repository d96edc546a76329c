import { listJobs } from '@platen/contract';
import { useQuery } from '@tanstack/react-query';
import { isJobActive } from '../../../components/jobs/job-status.ts';
import { request } from '../../../lib/api-client.ts';
import { dashboardKeys } from './dashboard-query-keys.ts';

/** The dashboard lists this many of the account's newest jobs. */
const RECENT_JOBS = 5;
/** How often the card asks again while one of its jobs runs. */
const POLL_MS = 3000;

/** GET /v1/jobs: the account's newest batch jobs, read afresh on every visit. */
export const useRecentJobs = () =>
  useQuery({
    queryKey: dashboardKeys.recentJobs,
    queryFn: ({ signal }) =>
      // The contract's query schema is not part of the path; build the query string here.
      request({ ...listJobs, path: `${listJobs.path}?pageSize=${RECENT_JOBS}` }, { signal }),
    staleTime: 0,
    refetchInterval: (query) => (query.state.data?.jobs.some(isJobActive) ? POLL_MS : false),
  });
