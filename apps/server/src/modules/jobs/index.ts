/** What other modules use of jobs: starting a job (asynchronous generate) and its routes. */
export { createJobsService, type JobsService } from './jobs.service.ts';
export { jobsRoutes } from './jobs.routes.ts';
