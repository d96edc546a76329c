import { randomUUID } from 'node:crypto';
import type { createBatchBody, GenerateDocumentBody, Job } from '@platen/contract';
import type { z } from 'zod';
import type { Deps } from '../../deps.ts';
import type { JobsService } from '../jobs/index.ts';
import { checkBatchItems } from './batch-items.ts';
import type { createDocumentsService } from './documents.service.ts';
import { produce } from './produce.ts';

type BatchRequest = z.output<typeof createBatchBody>;

/** A refusal at the plan's limit, in the words of a batch. */
const overLimit = (needed: number) => (plan: { planType: string; remaining: number }) =>
  `This batch needs ${needed} documents, but your ${plan.planType} plan has ${plan.remaining} left this month. Send a smaller batch or upgrade your plan.`;

/**
 * Batches of documents, made as jobs of the `batch` kind (batch-kind.ts) on the jobs engine's
 * queue; an asynchronous generate is a batch of one item.
 */
export const createBatches = (
  deps: Deps,
  documents: ReturnType<typeof createDocumentsService>,
  jobs: JobsService,
) => {
  /**
   * Starts a batch: the template version is found and every item checked first, then all its
   * documents are counted at once (all or none) and the job is queued. Documents that are not
   * produced are given back when the job ends or is cancelled.
   */
  const start = async (userId: string, body: BatchRequest): Promise<Job> => {
    const target = await documents.findAccountTarget(userId, body);
    checkBatchItems(
      await documents.fieldsOf(target.template),
      body.items,
      body.ignoreUnknownFields ? undefined : await documents.labelsOf(target.template),
    );
    const needed = body.items.length;
    const id = randomUUID();
    const announce = () =>
      deps.log.info(
        { event: 'job.queued', jobId: id, userId, total: body.items.length },
        'batch queued',
      );
    // The job's row holds the reservation once written: the job's end or a cancel releases what
    // it did not make.
    await produce(deps, userId, { count: needed, wording: overLimit(needed) }, (reservedAt) =>
      jobs.queue(
        {
          id,
          user_id: userId,
          template_id: target.template.id,
          template_name: target.templateName,
          version: target.version === 'draft' ? null : target.version,
          draft_revision: 'draft' in target.template.source ? target.template.source.draft : null,
          status: 'queued',
          output: body.output,
          file_name: body.fileName ?? null,
          strict: body.strict ? 1 : 0,
          metadata_json: body.metadata === undefined ? null : JSON.stringify(body.metadata),
          language: body.language ?? null,
          items_json: JSON.stringify(body.items),
          total: body.items.length,
          done: 0,
          failed: 0,
          attempt: 0,
          reserved_at: reservedAt.toISOString(),
          created_at: reservedAt.toISOString(),
        },
        announce,
      ),
    );
    return jobs.get(userId, id);
  };

  /**
   * Generate asked with `Prefer: respond-async`: a job of one item, its values the call's, whose
   * merged PDF is the document.
   */
  const startDocumentJob = (userId: string, body: GenerateDocumentBody) =>
    start(userId, { ...body, items: [body.fields ?? {}], output: 'merged' });

  return { start, startDocumentJob };
};

export type Batches = ReturnType<typeof createBatches>;
