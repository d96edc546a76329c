import { z } from 'zod';
import type { Endpoint } from './endpoint.ts';

export const dashboardResponse = z
  .object({
    /** All time. */
    documentsGenerated: z.number().int(),
    /** Of this billing cycle; 0 once the limit is reached. */
    remainingDocuments: z.number().int(),
    remainingSubscriptionDays: z.number().int(),
    usage: z.object({
      /** The last 12 calendar months, oldest first, as `YYYY-MM`. */
      categories: z.array(z.string()),
      /** Documents generated in each of those months. */
      series: z.array(z.number().int()),
    }),
    /** This month against last month, in percent (absolute value; `up` gives the sign). */
    percentage: z.number(),
    up: z.boolean(),
    lastMonthGenerated: z.number().int(),
    emailConfirmed: z.boolean(),
    templatesAvailable: z.number().int(),
    /** The current plan's monthly price in euros. */
    price: z.number(),
    voucher: z.boolean(),
  })
  .meta({ id: 'Dashboard' });
export type DashboardResponse = z.infer<typeof dashboardResponse>;

export const getDashboard = {
  method: 'GET',
  path: '/v1/dashboard',
  operationId: 'getDashboard',
  summary: 'Usage totals, the last 12 months and the plan at a glance',
  tag: 'Dashboard',
  auth: 'bearer',
  response: dashboardResponse,
} as const satisfies Endpoint;
