import { z } from 'zod';
import type { Endpoint } from './endpoint.ts';

export const healthResponse = z.object({ status: z.literal('ok') });

export const health = {
  method: 'GET',
  path: '/healthz',
  operationId: 'getHealth',
  summary: 'The process is up',
  tag: 'Operations',
  auth: 'none',
  database: false,
  response: healthResponse,
} as const satisfies Endpoint;

/**
 * Ready: the database answers and the PDF workers serve their queue (counts for operators).
 * `degraded`: ready, but the Redis of the rate limits does not answer, so they are not counted,
 * or the S3 result store does not, so batches wait and result downloads answer 503.
 */
export const readinessResponse = z.object({
  status: z.enum(['ok', 'degraded']),
  pdfWorkers: z.object({
    /** Worker threads running or starting (none before the first PDF task). */
    alive: z.number().int(),
    /** Tasks on a worker. */
    running: z.number().int(),
    /** Tasks waiting for a free worker. */
    waiting: z.number().int(),
  }),
  /**
   * With REDIS_URL: `ok` while rate limits are counted in Redis, `unavailable` while it is skipped
   * after failing to answer (until a later request finds it answering again).
   */
  redis: z.enum(['ok', 'unavailable']).optional(),
  /** With S3_BUCKET: whether the bucket answers a read (within a second). */
  resultStore: z.enum(['ok', 'unavailable']).optional(),
});

export const readiness = {
  method: 'GET',
  path: '/readyz',
  operationId: 'getReadiness',
  summary: 'The database answers and the PDF workers serve their queue',
  tag: 'Operations',
  auth: 'none',
  response: readinessResponse,
  errors: [503],
} as const satisfies Endpoint;
