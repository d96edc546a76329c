import {
  cancelJob,
  createBatch,
  getJob,
  IDEMPOTENCY_KEY_HEADER,
  listJobs,
  type CreateBatchBody,
} from '@platen/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { isJobActive } from '../../../components/jobs/job-status.ts';
import { request } from '../../../lib/api-client.ts';

/** How often a running job is asked for news. */
const POLL_MS = 1000;
/** The Form tab lists this many of the template's newest jobs. */
const RECENT_JOBS = 5;

export const jobKeys = {
  all: ['jobs'] as const,
  one: (id: string) => ['jobs', 'one', id] as const,
  ofTemplate: (templateName: string) => ['jobs', 'list', 'template', templateName] as const,
};

/**
 * POST /v1/document/batch with the session. The key is made once per click of Start: a second
 * submit of the same click (a double click, a retried request) gets the first job back.
 */
export const startBatch = (body: CreateBatchBody, idempotencyKey: string) =>
  request(createBatch, { body, headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey } });

export const stopJob = (id: string) => request(cancelJob, { params: { id } });

/** A job, asked again every second while it is queued or running. */
export const useJob = (id: string | null) => {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: jobKeys.one(id ?? ''),
    queryFn: ({ signal }) => request(getJob, { params: { id: id ?? '' }, signal }),
    enabled: id !== null,
    staleTime: 0,
    refetchInterval: (q) => (q.state.data && !isJobActive(q.state.data) ? false : POLL_MS),
  });
  const status = query.data?.status;
  // A job that ends changes the lists of jobs (and the dashboard's counts).
  useEffect(() => {
    if (status && status !== 'queued' && status !== 'running') {
      void queryClient.invalidateQueries({ queryKey: ['jobs', 'list'] });
      void queryClient.invalidateQueries({ queryKey: ['dashboard'] });
    }
  }, [status, queryClient]);
  return query;
};

/** GET /v1/jobs?templateName=: the template's newest jobs, asked again while one is running. */
export const useTemplateJobs = (templateName: string) =>
  useQuery({
    queryKey: jobKeys.ofTemplate(templateName),
    queryFn: ({ signal }) => {
      const query = new URLSearchParams({ templateName, pageSize: String(RECENT_JOBS) });
      // The contract's query schema is not part of the path; build the query string here.
      return request({ ...listJobs, path: `${listJobs.path}?${query.toString()}` }, { signal });
    },
    staleTime: 0,
    refetchInterval: (q) => (q.state.data?.jobs.some(isJobActive) ? POLL_MS * 3 : false),
  });
