import type { createBatchBody, GenerateDocumentBody, Job } from '@platen/contract';
import type { z } from 'zod';

/**
 * Queues a batch job for an account: the jobs module's `create`, handed to documents by the app
 * (app.ts). Jobs fill their items through documents, so documents importing jobs would close an
 * import cycle; the dependency is passed in here, in this one named place, instead.
 */
export type CreateJob = (userId: string, body: z.output<typeof createBatchBody>) => Promise<Job>;

/**
 * Generate asked with `Prefer: respond-async`: a job of one item, its values the call's, whose
 * merged PDF is the document.
 */
export const startDocumentJob = (
  createJob: CreateJob,
  userId: string,
  body: GenerateDocumentBody,
) => createJob(userId, { ...body, items: [body.fields ?? {}], output: 'merged' });
