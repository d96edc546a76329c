import type { JobError } from '@platen/contract';
import type { Db } from '../../db/tables.ts';
import { recordWebhookEvent } from '../webhooks/index.ts';
import type { JobRowWithoutItems } from './jobs.repository.ts';

/**
 * Reports a job's end to the account's webhooks, in the transaction that ends it: ids, the
 * outcome's counts, why it failed as a whole if it did, and the job's metadata as it was sent;
 * never the items or the results.
 */
export const recordJobEnd = (
  db: Db,
  job: Pick<
    JobRowWithoutItems,
    'id' | 'user_id' | 'template_id' | 'template_name' | 'version' | 'total' | 'metadata_json'
  >,
  end: {
    status: 'succeeded' | 'failed' | 'canceled';
    done: number;
    failed: number;
    /** Why a job failed as a whole. */
    error?: JobError;
    at: Date;
  },
) =>
  recordWebhookEvent(db, {
    userId: job.user_id,
    type: `job.${end.status}`,
    at: end.at,
    data: {
      jobId: job.id,
      status: end.status,
      templateId: job.template_id,
      templateName: job.template_name,
      version: job.version ?? 'draft',
      progress: { done: end.done, total: Number(job.total), failed: end.failed },
      metadata: job.metadata_json
        ? (JSON.parse(job.metadata_json) as Record<string, unknown>)
        : null,
      ...(end.error && { error: end.error }),
    },
  });
