import { jsonOf, type Call } from './api.ts';
import type {
  WebhookDelivery,
  WebhookEndpoint,
  WebhookEndpointInput,
  WebhookEndpointWithSecret,
} from './types-management.ts';

/** Webhook endpoints and their deliveries, with the API key. */
export type WebhookCalls = {
  list: () => Promise<WebhookEndpoint[]>;
  /** Adds an endpoint; its signing `secret` is answered this once. */
  create: (input: WebhookEndpointInput) => Promise<WebhookEndpointWithSecret>;
  get: (endpointId: string) => Promise<WebhookEndpoint>;
  update: (
    endpointId: string,
    changes: Partial<WebhookEndpointInput> & { enabled?: boolean },
  ) => Promise<WebhookEndpoint>;
  delete: (endpointId: string) => Promise<void>;
  /** A new secret; the old one keeps signing for 24 hours. */
  rotateSecret: (endpointId: string) => Promise<WebhookEndpointWithSecret>;
  /** Sends a `webhook.test` event now. */
  sendTest: (endpointId: string) => Promise<WebhookDelivery>;
  /** A page of the endpoint's deliveries, newest first: `page` from 1, `pageSize` at most 100. */
  deliveries: (
    endpointId: string,
    query?: { page?: number; pageSize?: number },
  ) => Promise<WebhookDelivery[]>;
  resend: (deliveryId: string) => Promise<WebhookDelivery>;
};

export const webhookCalls = (call: Call): WebhookCalls => {
  const byId = (id: string) => ({ params: { id } });
  return {
    list: async () =>
      (await jsonOf<{ endpoints: WebhookEndpoint[] }>(call('listWebhookEndpoints'))).endpoints,
    create: (input) => jsonOf(call('createWebhookEndpoint', { json: input })),
    get: (id) => jsonOf(call('getWebhookEndpoint', byId(id))),
    update: (id, changes) => jsonOf(call('updateWebhookEndpoint', { ...byId(id), json: changes })),
    delete: async (id) => {
      await call('deleteWebhookEndpoint', byId(id));
    },
    rotateSecret: (id) => jsonOf(call('rotateWebhookSecret', byId(id))),
    sendTest: (id) => jsonOf(call('sendWebhookTest', byId(id))),
    deliveries: async (id, query = {}) =>
      (
        await jsonOf<{ deliveries: WebhookDelivery[] }>(
          call('listWebhookDeliveries', { ...byId(id), query }),
        )
      ).deliveries,
    resend: (id) => jsonOf(call('resendWebhookDelivery', byId(id))),
  };
};
