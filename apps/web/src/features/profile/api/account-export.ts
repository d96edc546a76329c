import { createAccountExport, getAccountExport } from '@platen/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { isJobActive } from '../../../components/jobs/job-status.ts';
import { request } from '../../../lib/api-client.ts';

/** How often a running export is asked for news. */
const POLL_MS = 1000;

const accountExportKey = (id: string) => ['user', 'export', id] as const;

/** POST /v1/user/export: a new export, or the one still running. */
export const useStartAccountExport = () =>
  useMutation({ mutationFn: () => request(createAccountExport, {}) });

/** An export, asked again every second while it is queued or running. */
export const useAccountExport = (id: string | null) =>
  useQuery({
    queryKey: accountExportKey(id ?? ''),
    queryFn: ({ signal }) => request(getAccountExport, { params: { id: id ?? '' }, signal }),
    enabled: id !== null,
    staleTime: 0,
    retry: false,
    refetchInterval: (q) => (q.state.data && !isJobActive(q.state.data) ? false : POLL_MS),
  });
