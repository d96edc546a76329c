/**
 * What the app uses of documents: its services, the batch kind it registers with the jobs
 * engine, and its routes.
 */
export { documentsRoutes } from './documents.routes.ts';
export { createDocumentsService } from './documents.service.ts';
export { batchKind } from './batch-kind.ts';
export { createBatches } from './batches.ts';
