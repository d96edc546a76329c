import type { Config } from '../../config.ts';
import type { Db } from '../../db/tables.ts';
import type { Logger } from '../../lib/logger.ts';
import type { JobQueue } from './job-queue.ts';
import { createLocalJobQueue } from './local-job-queue.ts';
import { createPgBossJobQueue } from './pg-boss-job-queue.ts';

/** pg-boss on PostgreSQL, where several instances share the work; in process on SQLite. */
export const createJobQueue = (config: Config, deps: { db: Db; log: Logger }): JobQueue =>
  config.databaseUrl
    ? createPgBossJobQueue(deps, {
        databaseUrl: config.databaseUrl,
        concurrency: config.jobs.concurrency,
        heartbeatSeconds: config.jobs.heartbeatSeconds,
        pollingSeconds: config.jobs.pollingSeconds,
      })
    : createLocalJobQueue(deps, {
        concurrency: config.jobs.concurrency,
        retrySeconds: config.jobs.retrySeconds,
      });
