import type { Job, JobError, JobItemFailure, JobResult } from '@platen/contract';
import type { JobRowWithoutItems } from './jobs.repository.ts';
import type { JobResultFile } from './job-kind.ts';
import { resultPath, signedResultPath } from './result-links.ts';

export type LinkSettings = { appUrl: string; linkKey: Buffer; linkMs: number; now: Date };

const parsed = <T>(json: string | null, empty: T): T => (json ? (JSON.parse(json) as T) : empty);

/** A job as the API answers it, with its result links (signed ones valid until the results go). */
export const toJob = (row: JobRowWithoutItems, links: LinkSettings): Job => {
  const expiresAt = row.expires_at;
  const linkExpires = Math.floor(
    Math.min(
      links.now.getTime() + links.linkMs,
      expiresAt ? new Date(expiresAt).getTime() : Number.POSITIVE_INFINITY,
    ) / 1000,
  );
  const results: JobResult[] =
    row.status === 'succeeded'
      ? parsed<JobResultFile[]>(row.results_json, []).map((result) => ({
          kind: result.kind,
          url: `${links.appUrl}${resultPath(row.id, result.kind)}`,
          signedUrl: `${links.appUrl}${signedResultPath(links.linkKey, row.id, result.kind, linkExpires)}`,
          signedUrlExpiresAt: new Date(linkExpires * 1000).toISOString(),
          bytes: result.bytes,
        }))
      : [];
  return {
    id: row.id,
    status: row.status,
    templateId: row.template_id,
    templateName: row.template_name,
    version: row.version === null ? 'draft' : Number(row.version),
    output: row.output,
    progress: { done: Number(row.done), total: Number(row.total), failed: Number(row.failed) },
    failures: parsed<JobItemFailure[]>(row.failures_json, []),
    attempt: Number(row.attempt) - Number(row.yields),
    error: parsed<JobError | null>(row.error_json, null),
    metadata: parsed<Record<string, unknown> | null>(row.metadata_json, null),
    language: row.language,
    createdAt: row.created_at,
    startedAt: row.started_at,
    finishedAt: row.finished_at,
    expiresAt,
    results,
    statusUrl: `${links.appUrl}/v1/jobs/${row.id}`,
  };
};
