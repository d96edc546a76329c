import type { WebhookDelivery, WebhookEndpoint, WebhookEndpointWithSecret } from '@platen/contract';
import { expect } from 'vitest';
import { deliverDue } from '../src/modules/webhooks/index.ts';
import { call, type Account } from './http.ts';
import type { TestApp } from './test-app.ts';

/** The webhook calls the suites repeat, as the web app makes them (the session). */
export const webhookCalls = (context: () => { app: TestApp; account: Account }) => {
  const send = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown) =>
    call(context().app, method, url, { token: context().account.token, body });

  const addEndpoint = async (body: Record<string, unknown>) => {
    const res = await send('POST', '/v1/webhook-endpoints', { events: ['job.succeeded'], ...body });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<WebhookEndpointWithSecret>();
  };
  const updateEndpoint = async (id: string, body: Record<string, unknown>) => {
    const res = await send('PUT', `/v1/webhook-endpoints/${id}`, body);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<WebhookEndpoint>();
  };
  const sendTest = async (id: string) => {
    const res = await send('POST', `/v1/webhook-endpoints/${id}/test`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<WebhookDelivery>();
  };
  const deliveries = async (id: string) => {
    const res = await send('GET', `/v1/webhook-endpoints/${id}/deliveries`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ deliveries: WebhookDelivery[] }>().deliveries;
  };
  const resend = async (deliveryId: string) => {
    const res = await send('POST', `/v1/webhook-deliveries/${deliveryId}/resend`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<WebhookDelivery>();
  };
  /** One delivery pass of the app's worker, on the test's clock. */
  const deliver = () => deliverDue(context().app.deps);
  return { send, addEndpoint, updateEndpoint, sendTest, deliveries, resend, deliver };
};
