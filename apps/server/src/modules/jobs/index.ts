/**
 * What other modules use of jobs: starting a job (asynchronous generate), registering kinds of
 * job the engine runs on the same queue (an account export: job-kind.ts), their rows, signed
 * links and files, and the routes.
 */
export { createJobsService, type JobsService } from './jobs.service.ts';
export { jobsRoutes } from './jobs.routes.ts';
export { createSchedule, type Schedule } from './schedule.ts';
export { jobFilesPrefix, type JobKindDefinition, type JobResultFile } from './job-kind.ts';
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
export { createUniqueNamer, safeFileBase } from './file-names.ts';
export { openZipOutput } from './result-writers.ts';
export { isResultStoreUnavailable } from './result-store/s3-result-store.ts';
export type { ResultStore } from './result-store/result-store.ts';
