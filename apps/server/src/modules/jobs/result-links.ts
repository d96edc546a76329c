import { createHmac, timingSafeEqual } from 'node:crypto';
import type { JobResultKind } from '@platen/contract';

/** What a link gives: a batch's ZIP or merged PDF, or an account export's ZIP. */
export type LinkedFile = JobResultKind | 'account_export';

const signatureOf = (key: Buffer, jobId: string, file: LinkedFile, expires: number) =>
  createHmac('sha256', key).update(`${jobId}\n${file}\n${expires}`).digest('base64url');

/** The download path of a job's result. */
export const resultPath = (jobId: string, kind: JobResultKind) =>
  `/v1/jobs/${jobId}/results/${kind}`;

/** The query that makes a download path work without credentials until `expires`. */
export const signedQuery = (key: Buffer, jobId: string, file: LinkedFile, expires: number) =>
  `expires=${expires}&signature=${signatureOf(key, jobId, file, expires)}`;

/**
 * A link to a job's result that works without credentials until `expires` (Unix seconds): the
 * signature covers the job, the file and the expiry, so none can be changed.
 */
export const signedResultPath = (
  key: Buffer,
  jobId: string,
  kind: JobResultKind,
  expires: number,
) => `${resultPath(jobId, kind)}?${signedQuery(key, jobId, kind, expires)}`;

export const isValidResultSignature = (
  key: Buffer,
  link: { jobId: string; kind: LinkedFile; expires: number; signature: string },
  nowSeconds: number,
): boolean => {
  if (link.expires < nowSeconds) return false;
  const expected = Buffer.from(signatureOf(key, link.jobId, link.kind, link.expires));
  const given = Buffer.from(link.signature);
  return given.length === expected.length && timingSafeEqual(given, expected);
};
