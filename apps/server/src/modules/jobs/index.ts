/**
 * What other modules use of jobs: registering kinds of job the engine runs on one queue (the
 * batch of documents, an account export: job-kind.ts) and queueing them, their rows, signed
 * links and files, what a kind that makes its results in chunks records and writes with, and
 * the routes.
 */
export { createJobsService, type JobsService } from './jobs.service.ts';
export { jobsRoutes } from './jobs.routes.ts';
export { createSchedule, type Schedule } from './schedule.ts';
export {
  jobFilesPrefix,
  type JobKindDefinition,
  type JobResultFile,
  type JobTryContext,
} from './job-kind.ts';
export { recordJobEnd } from './job-events.ts';
export { withStoreErrors } from './job-errors.ts';
export {
  deleteChunks,
  isAnotherAccountWaiting,
  listChunks,
  recordChunk,
  stepAside,
  type RecordedChunk,
} from './job-chunks.repository.ts';
export { openChunkWriters, putJobFiles, type ChunkWriters } from './chunk-writers.ts';
export {
  findJob,
  findJobWithItems,
  findUnfinishedJob,
  listJobIdsOf,
  listJobsForOperator,
  type JobRow,
  type JobRowWithoutItems,
} from './jobs.repository.ts';
export { isValidResultSignature, signedQuery } from './result-links.ts';
export { createFileNamer, createUniqueNamer, safeFileBase } from './file-names.ts';
export { openZipOutput } from './result-writers.ts';
export { isResultStoreUnavailable } from './result-store/s3-result-store.ts';
export type { ResultStore } from './result-store/result-store.ts';
