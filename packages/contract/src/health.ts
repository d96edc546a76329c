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

export const readiness = {
  method: 'GET',
  path: '/readyz',
  operationId: 'getReadiness',
  summary: 'The database answers',
  tag: 'Operations',
  auth: 'none',
  response: healthResponse,
  errors: [503],
} as const satisfies Endpoint;
