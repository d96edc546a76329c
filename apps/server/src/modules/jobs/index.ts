/**
 * What other modules use of jobs: starting a job (asynchronous generate), running jobs of other
 * kinds on the same queue (an account export: file-job-runner.ts), their rows, signed links and
 * files, and the routes.
 */
export { createJobsService, type JobsService } from './jobs.service.ts';
export { jobsRoutes } from './jobs.routes.ts';
export type { FileJobKind, FileJobKinds, FileJobOutput } from './file-job-runner.ts';
export { jobFilesPrefix, type JobResultFile } from './job-runner.ts';
export {
  findJob,
  findJobToRun as findJobById,
  findUnfinishedJob,
  listJobIdsOf,
  listJobsForOperator,
  type JobView,
} from './jobs.repository.ts';
export { isValidResultSignature, signedQuery } from './result-links.ts';
export { createUniqueNamer, safeFileBase } from './file-names.ts';
export { openZipOutput } from './result-writers.ts';
export { isResultStoreUnavailable } from './result-store/s3-result-store.ts';
export type { ResultStore } from './result-store/result-store.ts';
