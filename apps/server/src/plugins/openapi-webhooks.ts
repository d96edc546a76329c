import { webhookEventData, webhookEventMeanings } from '@platen/contract';
import { z } from 'zod';
import { jsonSchemaOf } from './openapi-json-schema.ts';

type EventType = keyof typeof webhookEventData;

const signatureHeader = {
  name: 'Platen-Signature',
  in: 'header',
  required: true,
  description:
    '`t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body">` with the endpoint\'s secret, one `v1` per live secret (two for 24 hours after a rotation). Verify it against the raw body and refuse timestamps older than 5 minutes (`verifyWebhookSignature` of @platen/client does both).',
  schema: { type: 'string' },
};

const eventIdHeader = {
  name: 'Platen-Event-Id',
  in: 'header',
  required: true,
  description: "The event's `id`: a delivery may arrive more than once, so de-duplicate by it.",
  schema: { type: 'string' },
};

const operationName = (type: string) =>
  `on${type.replace(/(^|[._])(\w)/g, (_, __, letter: string) => letter.toUpperCase())}`;

/** One event as its endpoints receive it: the envelope every event shares, with its own `data`. */
const eventSchema = (type: EventType) =>
  jsonSchemaOf(
    z.object({
      id: z.string().meta({ description: 'Unique per event; the same in every delivery of it.' }),
      type: z.literal(type),
      created: z.string().meta({ description: 'When the event happened (ISO 8601).' }),
      data: webhookEventData[type],
    }),
    'output',
  );

/**
 * The API document's top-level `webhooks`: each event Platen POSTs to an endpoint, with its
 * payload, its signature and event-id headers and what the endpoint answers.
 */
export const webhookOperations = () =>
  Object.fromEntries(
    (Object.keys(webhookEventData) as EventType[]).map((type) => [
      type,
      {
        post: {
          operationId: operationName(type),
          summary: `${type}: ${webhookEventMeanings[type]}`,
          tags: ['Webhooks'],
          security: [],
          parameters: [signatureHeader, eventIdHeader],
          requestBody: {
            required: true,
            content: { 'application/json': { schema: eventSchema(type) } },
          },
          responses: {
            '200': {
              description:
                'Any 2xx within 10 seconds acknowledges the delivery. Any other answer, a redirect, a timeout or no connection is a failed try, tried again with backoff (about 2 minutes, then 4, 8, …) for 12 tries over about 3 days.',
            },
          },
        },
      },
    ]),
  );
