import type { Job } from '@platen/contract';
import { unzipSync } from 'fflate';
import type { TestApp } from './test-app.ts';

/** Headers of a call made with an account's API key (as integrations make them). */
export const keyHeaders = (apiKey: string, extra: Record<string, string> = {}) => ({
  'content-type': 'application/json',
  'x-api-key': apiKey,
  ...extra,
});

export const createBatch = (
  app: TestApp,
  apiKey: string,
  body: unknown,
  headers: Record<string, string> = {},
) =>
  app.inject({
    method: 'POST',
    url: '/v1/document/batch',
    headers: keyHeaders(apiKey, headers),
    payload: JSON.stringify(body),
  });

export const getJob = async (app: TestApp, apiKey: string, id: string): Promise<Job> => {
  const res = await app.inject({
    method: 'GET',
    url: `/v1/jobs/${id}`,
    headers: keyHeaders(apiKey),
  });
  if (res.statusCode !== 200) throw new Error(`GET job ${id}: ${res.statusCode} ${res.body}`);
  return res.json<Job>();
};

const ENDED = new Set(['succeeded', 'failed', 'canceled']);

/** Polls the job until it has ended (the worker runs in the test's process). */
export const waitForJob = async (app: TestApp, apiKey: string, id: string): Promise<Job> => {
  for (;;) {
    const job = await getJob(app, apiKey, id);
    if (ENDED.has(job.status)) return job;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
};

/** Polls until `test` holds for the job. */
export const waitForJobState = async (
  app: TestApp,
  apiKey: string,
  id: string,
  test: (job: Job) => boolean,
): Promise<Job> => {
  for (;;) {
    const job = await getJob(app, apiKey, id);
    if (test(job)) return job;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
};

/** A result's path on this app, from the absolute link a job answers with. */
export const pathOf = (url: string) => {
  const parsed = new URL(url);
  return `${parsed.pathname}${parsed.search}`;
};

/** The entries of a ZIP: file name → bytes. */
export const unzip = (bytes: Buffer): Record<string, Uint8Array> =>
  unzipSync(new Uint8Array(bytes));
