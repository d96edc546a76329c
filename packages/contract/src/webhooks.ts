import { z } from 'zod';
import { messageResponse } from './common.ts';
import type { Endpoint } from './endpoint.ts';
import { pageInfo, pageQuery, pageSizeParam } from './paging.ts';

/** Endpoints one account may have. */
export const MAX_WEBHOOK_ENDPOINTS = 16;

/** Test events and resends one account may queue a minute, together (then 429). */
export const WEBHOOK_SENDS_PER_MINUTE = 10;

/** Request header of every delivery: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body">`. */
export const WEBHOOK_SIGNATURE_HEADER = 'platen-signature';

/** The events an endpoint can ask for. */
export const webhookEventType = z.enum([
  'job.succeeded',
  'job.failed',
  'job.canceled',
  'template.published',
  'subscription.updated',
  'usage.limit_near',
  'usage.limit_reached',
]);
export type WebhookEventType = z.infer<typeof webhookEventType>;

/** What "Send test event" delivers; nobody subscribes to it. */
export const WEBHOOK_TEST_EVENT = 'webhook.test';

/**
 * The body of every delivery. Receivers de-duplicate by `id`: a delivery may arrive more than
 * once (at-least-once).
 */
export const webhookEvent = z
  .object({
    id: z.string(),
    type: z.string(),
    /** When the event happened (ISO 8601). */
    created: z.string(),
    data: z.record(z.string(), z.unknown()),
  })
  .meta({ id: 'WebhookEvent' });
export type WebhookEvent = z.infer<typeof webhookEvent>;

const webhookUrl = z
  .string({ error: 'Enter the URL to send events to.' })
  .trim()
  .min(1, { error: 'Enter the URL to send events to.' })
  .max(2048, { error: 'The URL is longer than 2048 characters.' })
  .refine((value) => URL.canParse(value), {
    error: 'Enter a full URL, e.g. https://example.com/hooks.',
  })
  .meta({ description: 'https:// on a public address; redirects are not followed.' });

const webhookEvents = z
  .array(webhookEventType)
  .min(1, { error: 'Choose at least one event.' })
  .max(webhookEventType.options.length)
  .transform((events) => [...new Set(events)]);

const webhookDescription = z
  .string()
  .trim()
  .max(200, { error: 'The description is longer than 200 characters.' });

export const webhookEndpoint = z
  .object({
    id: z.string().uuid(),
    url: z.string(),
    description: z.string(),
    events: z.array(webhookEventType),
    enabled: z.boolean(),
    /** True after a delivery failed its last try; the next success clears it. */
    failing: z.boolean(),
    createdAt: z.string(),
    /**
     * Until then, deliveries are also signed with secrets rotations replaced (each for 24 hours
     * after its rotation): when the last of them stops signing.
     */
    previousSecretExpiresAt: z.string().nullable(),
  })
  .meta({ id: 'WebhookEndpoint' });
export type WebhookEndpoint = z.infer<typeof webhookEndpoint>;

/** An endpoint with its signing secret: shown once, at creation and after a rotation. */
export const webhookEndpointWithSecret = webhookEndpoint
  .extend({ secret: z.string() })
  .meta({ id: 'WebhookEndpointWithSecret' });
export type WebhookEndpointWithSecret = z.infer<typeof webhookEndpointWithSecret>;

export const createWebhookEndpointBody = z
  .object({
    url: webhookUrl,
    events: webhookEvents,
    description: webhookDescription.default(''),
  })
  .meta({ id: 'CreateWebhookEndpoint' });
export type CreateWebhookEndpointBody = z.input<typeof createWebhookEndpointBody>;

export const updateWebhookEndpointBody = z
  .object({
    url: webhookUrl.optional(),
    events: webhookEvents.optional(),
    description: webhookDescription.optional(),
    enabled: z.boolean().optional(),
  })
  .meta({ id: 'UpdateWebhookEndpoint' });
export type UpdateWebhookEndpointBody = z.input<typeof updateWebhookEndpointBody>;

export const webhookDeliveryStatus = z.enum(['pending', 'succeeded', 'failed']);
export type WebhookDeliveryStatus = z.infer<typeof webhookDeliveryStatus>;

/** One event sent to one endpoint, with the outcome of its latest try. */
export const webhookDelivery = z
  .object({
    id: z.string().uuid(),
    eventId: z.string(),
    eventType: z.string(),
    /** `pending` while tries are left, then `succeeded` or `failed`. */
    status: webhookDeliveryStatus,
    /** Tries made so far. */
    attempt: z.number().int(),
    /** The latest try's HTTP status; null before the first or when no answer came. */
    statusCode: z.number().int().nullable(),
    latencyMs: z.number().int().nullable(),
    /** The first 1 KB of the latest answer's body. */
    responseExcerpt: z.string().nullable(),
    /** Why the latest try failed without an answer (timeout, refused address…). */
    error: z.string().nullable(),
    nextAttemptAt: z.string().nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'WebhookDelivery' });
export type WebhookDelivery = z.infer<typeof webhookDelivery>;

export const webhookEndpointParams = z.object({ id: z.string().uuid() });

const tag = 'Webhooks';

export const listWebhookEndpoints = {
  method: 'GET',
  path: '/v1/webhook-endpoints',
  operationId: 'listWebhookEndpoints',
  summary: "The account's webhook endpoints",
  tag,
  auth: 'apiKeyOrBearer',
  // Receivers often put a token in their URL: no cache keeps a copy.
  noStore: true,
  response: z.object({ endpoints: z.array(webhookEndpoint) }),
} as const satisfies Endpoint;

export const createWebhookEndpoint = {
  method: 'POST',
  path: '/v1/webhook-endpoints',
  operationId: 'createWebhookEndpoint',
  summary: 'Add a webhook endpoint; the answer shows its signing secret, once',
  tag,
  auth: 'apiKeyOrBearer',
  noStore: true,
  body: createWebhookEndpointBody,
  response: webhookEndpointWithSecret,
  errors: [409],
} as const satisfies Endpoint;

export const getWebhookEndpoint = {
  method: 'GET',
  path: '/v1/webhook-endpoints/:id',
  operationId: 'getWebhookEndpoint',
  summary: 'One webhook endpoint',
  tag,
  auth: 'apiKeyOrBearer',
  // Receivers often put a token in their URL: no cache keeps a copy.
  noStore: true,
  params: webhookEndpointParams,
  response: webhookEndpoint,
  errors: [404],
} as const satisfies Endpoint;

export const updateWebhookEndpoint = {
  method: 'PUT',
  path: '/v1/webhook-endpoints/:id',
  operationId: 'updateWebhookEndpoint',
  summary: "Change an endpoint's URL, events or description, or enable or disable it",
  tag,
  auth: 'apiKeyOrBearer',
  // Receivers often put a token in their URL: no cache keeps a copy.
  noStore: true,
  params: webhookEndpointParams,
  body: updateWebhookEndpointBody,
  response: webhookEndpoint,
  errors: [404],
} as const satisfies Endpoint;

export const deleteWebhookEndpoint = {
  method: 'DELETE',
  path: '/v1/webhook-endpoints/:id',
  operationId: 'deleteWebhookEndpoint',
  summary: 'Delete a webhook endpoint and its deliveries',
  tag,
  auth: 'apiKeyOrBearer',
  params: webhookEndpointParams,
  response: messageResponse,
  errors: [404],
} as const satisfies Endpoint;

export const rotateWebhookSecret = {
  method: 'POST',
  path: '/v1/webhook-endpoints/:id/rotate-secret',
  operationId: 'rotateWebhookSecret',
  summary: 'A new signing secret; the one it replaces keeps signing alongside for 24 hours',
  tag,
  auth: 'apiKeyOrBearer',
  noStore: true,
  params: webhookEndpointParams,
  response: webhookEndpointWithSecret,
  errors: [404, 409],
} as const satisfies Endpoint;

export const sendWebhookTest = {
  method: 'POST',
  path: '/v1/webhook-endpoints/:id/test',
  operationId: 'sendWebhookTest',
  summary: 'Send a `webhook.test` event to the endpoint',
  tag,
  auth: 'apiKeyOrBearer',
  params: webhookEndpointParams,
  response: webhookDelivery,
  errors: [404, 409, 429],
} as const satisfies Endpoint;

const DEFAULT_DELIVERIES_PAGE_SIZE = 50;

export const listWebhookDeliveriesQuery = pageQuery(
  'deliveries',
  DEFAULT_DELIVERIES_PAGE_SIZE,
).extend({
  pageSize: pageSizeParam('deliveries')
    .optional()
    .meta({ description: `At most 100; ${DEFAULT_DELIVERIES_PAGE_SIZE} unless sent.` }),
  limit: pageSizeParam('deliveries').optional().meta({
    deprecated: true,
    description: 'Deprecated: `pageSize`, which wins when both are sent.',
  }),
});

/** The page a deliveries query asks for, `limit` read as the deprecated `pageSize`. */
export const deliveryPageOf = (query: z.output<typeof listWebhookDeliveriesQuery>) => ({
  page: query.page,
  pageSize: query.pageSize ?? query.limit ?? DEFAULT_DELIVERIES_PAGE_SIZE,
});

export const listWebhookDeliveries = {
  method: 'GET',
  path: '/v1/webhook-endpoints/:id/deliveries',
  operationId: 'listWebhookDeliveries',
  summary: "An endpoint's deliveries, newest first, a page at a time",
  tag,
  auth: 'apiKeyOrBearer',
  params: webhookEndpointParams,
  query: listWebhookDeliveriesQuery,
  response: z.object({ deliveries: z.array(webhookDelivery), ...pageInfo }),
  errors: [404],
} as const satisfies Endpoint;

export const resendWebhookDelivery = {
  method: 'POST',
  path: '/v1/webhook-deliveries/:id/resend',
  operationId: 'resendWebhookDelivery',
  summary: "Send a delivery's event to its endpoint again (a new delivery)",
  tag,
  auth: 'apiKeyOrBearer',
  params: webhookEndpointParams,
  response: webhookDelivery,
  errors: [404, 409, 429],
} as const satisfies Endpoint;
