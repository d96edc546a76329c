import { z } from 'zod';
import { subscriptionStatuses } from './billing.ts';
import { versionSelector } from './documents.ts';
import { jobError } from './jobs.ts';
import { WEBHOOK_TEST_EVENT, type WebhookEventType } from './webhooks.ts';

/**
 * What each event's `data` holds: ids, summaries and the job's metadata as it was sent, never
 * PDFs, values or secrets. The server records events in these shapes, and the API document's
 * `webhooks` section is made from them.
 */
const jobEnded = z.object({
  jobId: z.string().uuid(),
  status: z.enum(['succeeded', 'failed', 'canceled']),
  /** Null once the template was deleted. */
  templateId: z.string().uuid().nullable(),
  templateName: z.string(),
  version: versionSelector,
  progress: z.object({ done: z.number().int(), total: z.number().int(), failed: z.number().int() }),
  metadata: z.record(z.string(), z.unknown()).nullable(),
  /** Why a job failed as a whole (`job.failed` only, and not when every item failed). */
  error: jobError.optional(),
});

const templatePublished = z.object({
  templateId: z.string().uuid(),
  templateName: z.string(),
  version: z.number().int(),
  note: z.string(),
});

const subscriptionUpdated = z.object({
  /** What changed the plan. */
  change: z.enum([
    'expired',
    'rolled_over',
    'voucher_started',
    'voucher_ended',
    'provider_ended',
    'provider_applied',
  ]),
  planId: z.string(),
  status: z.enum(subscriptionStatuses),
  billingCycleEnd: z.string(),
  /** When the plan ends (null while it renews). */
  endTime: z.string().nullable(),
});

const usageCrossed = z.object({
  /** Documents counted this month. */
  used: z.number().int(),
  monthlyLimit: z.number().int(),
  /** Whether documents past the limit are billed as overage instead of refused. */
  allowOverage: z.boolean(),
});

const testEvent = z.object({ endpointId: z.string().uuid(), message: z.string() });

export const webhookEventData = {
  'job.succeeded': jobEnded,
  'job.failed': jobEnded,
  'job.canceled': jobEnded,
  'template.published': templatePublished,
  'subscription.updated': subscriptionUpdated,
  'usage.limit_near': usageCrossed,
  'usage.limit_reached': usageCrossed,
  [WEBHOOK_TEST_EVENT]: testEvent,
} as const satisfies Record<WebhookEventType | typeof WEBHOOK_TEST_EVENT, z.ZodType>;

export type WebhookEventData = {
  [Type in keyof typeof webhookEventData]: z.input<(typeof webhookEventData)[Type]>;
};

/** When each event is sent, for the API document. */
export const webhookEventMeanings: Record<keyof typeof webhookEventData, string> = {
  'job.succeeded': 'A batch (or an asynchronous generate) finished.',
  'job.failed': 'Every item of a job failed, or the job could not be stored (`error` says why).',
  'job.canceled': 'A job was cancelled.',
  'template.published': 'A draft was published as a new version.',
  'subscription.updated': 'The plan changed: a voucher, a checkout, a renewal or its end.',
  'usage.limit_near': "The document that reached 80 % of the plan's monthly limit was counted.",
  'usage.limit_reached': "The document that reached the plan's monthly limit was counted.",
  [WEBHOOK_TEST_EVENT]: '**Send test event**: only to the endpoint it was sent from.',
};
