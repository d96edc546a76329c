import { randomUUID } from 'node:crypto';
import {
  MAX_WEBHOOK_ENDPOINTS,
  offsetOf,
  WEBHOOK_TEST_EVENT,
  type WebhookEventData,
  type createWebhookEndpointBody,
  type updateWebhookEndpointBody,
  type WebhookDelivery,
  type WebhookEndpoint,
  type WebhookEndpointWithSecret,
  type WebhookEventType,
} from '@platen/contract';
import type { z } from 'zod';
import type { Db } from '../../db/tables.ts';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../lib/app-error.ts';
import { encryptText } from '../../lib/secret-box.ts';
import { randomToken } from '../../lib/secrets.ts';
import { rateRules } from '../rate-limits/index.ts';
import { newDelivery, newEventId } from './webhook-events.ts';
import { checkWebhookUrl } from './webhook-url.ts';
import {
  countEndpoints,
  deleteEndpoint,
  type DeliveryLine,
  type EndpointRow,
  findDelivery,
  findEndpoint,
  insertDeliveries,
  insertEndpoint,
  insertEvent,
  countDeliveries,
  listDeliveries,
  listEndpoints,
  rotateEndpointSecret,
  updateEndpoint,
} from './webhooks.repository.ts';

type ServiceDeps = Pick<Deps, 'db' | 'clock' | 'log' | 'config' | 'secrets' | 'limiter'>;

const endpointNotFound = (id: string) =>
  new AppError(
    'WEBHOOK_ENDPOINT_NOT_FOUND',
    404,
    `There is no webhook endpoint with the id "${id}".`,
  );

const disabled = () =>
  new AppError(
    'WEBHOOK_ENDPOINT_DISABLED',
    409,
    'This endpoint is disabled. Enable it to send it events.',
  );

/**
 * Rotated-out secrets that sign at once; a rotation beyond them ends the oldest one's overlap
 * early, so a delivery's signature header stays small.
 */
export const MAX_ROTATED_SECRETS = 5;

/** Rotations of one endpoint meeting each other, before giving up. */
const MAX_ROTATION_ATTEMPTS = 3;

/** `whsec_` and 32 random bytes, like the secrets receivers know from Stripe. */
const newSecret = () => `whsec_${randomToken(32)}`;

const toEndpoint = (row: EndpointRow, now: Date): WebhookEndpoint => ({
  id: row.id,
  url: row.url,
  description: row.description,
  events: JSON.parse(row.events_json) as WebhookEventType[],
  enabled: row.enabled === 1,
  failing: row.failing === 1,
  createdAt: row.created_at,
  previousSecretExpiresAt:
    row.rotated_secrets_expire_at && row.rotated_secrets_expire_at > now.toISOString()
      ? row.rotated_secrets_expire_at
      : null,
});

/** The account's endpoints as its data export shows them: what they are, never their secrets. */
export const webhookEndpointsForExport = async (db: Db, userId: string, now: Date) =>
  (await listEndpoints(db, userId)).map((row) => toEndpoint(row, now));

const toDelivery = (row: DeliveryLine): WebhookDelivery => ({
  id: row.id,
  eventId: row.event_id,
  eventType: row.event_type,
  status: row.status,
  attempt: Number(row.attempt),
  statusCode: row.status_code === null ? null : Number(row.status_code),
  latencyMs: row.latency_ms === null ? null : Number(row.latency_ms),
  responseExcerpt: row.response_excerpt,
  error: row.error,
  nextAttemptAt: row.status === 'pending' ? row.next_attempt_at : null,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
});

export const createWebhooksService = (deps: ServiceDeps) => {
  const network = { allowPrivateUrls: deps.config.webhooks.allowPrivateUrls };
  const encrypt = (secret: string) => encryptText(deps.secrets.encryptionKey, secret);

  const mustFind = async (userId: string, id: string) => {
    const row = await findEndpoint(deps.db, userId, id);
    if (!row) throw endpointNotFound(id);
    return row;
  };

  const list = async (userId: string) => {
    const now = deps.clock.now();
    return (await listEndpoints(deps.db, userId)).map((row) => toEndpoint(row, now));
  };

  const get = async (userId: string, id: string) =>
    toEndpoint(await mustFind(userId, id), deps.clock.now());

  const create = async (
    userId: string,
    body: z.output<typeof createWebhookEndpointBody>,
  ): Promise<WebhookEndpointWithSecret> => {
    const url = await checkWebhookUrl(body.url, network);
    if ((await countEndpoints(deps.db, userId)) >= MAX_WEBHOOK_ENDPOINTS) {
      throw new AppError(
        'WEBHOOK_ENDPOINT_LIMIT',
        409,
        `An account can have ${MAX_WEBHOOK_ENDPOINTS} webhook endpoints. Delete one to add another.`,
      );
    }
    const secret = newSecret();
    const row = {
      id: randomUUID(),
      user_id: userId,
      url,
      description: body.description,
      events_json: JSON.stringify(body.events),
      enabled: 1,
      failing: 0,
      secret_encrypted: encrypt(secret),
      created_at: deps.clock.now().toISOString(),
    };
    await insertEndpoint(deps.db, row);
    deps.log.info(
      { event: 'webhook.endpoint_created', userId, endpointId: row.id },
      'webhook endpoint added',
    );
    return { ...toEndpoint({ ...row, rotated_secrets_expire_at: null }, deps.clock.now()), secret };
  };

  const update = async (
    userId: string,
    id: string,
    body: z.output<typeof updateWebhookEndpointBody>,
  ): Promise<WebhookEndpoint> => {
    await mustFind(userId, id);
    const url = body.url === undefined ? undefined : await checkWebhookUrl(body.url, network);
    await updateEndpoint(deps.db, userId, id, {
      ...(url !== undefined && { url }),
      ...(body.events !== undefined && { events_json: JSON.stringify(body.events) }),
      ...(body.description !== undefined && { description: body.description }),
      ...(body.enabled !== undefined && { enabled: body.enabled ? 1 : 0 }),
    });
    return get(userId, id);
  };

  const remove = async (userId: string, id: string) => {
    if (!(await deleteEndpoint(deps.db, userId, id))) throw endpointNotFound(id);
    deps.log.info(
      { event: 'webhook.endpoint_deleted', userId, endpointId: id },
      'webhook endpoint deleted',
    );
    return { message: 'The webhook endpoint was deleted.' };
  };

  /**
   * A new secret. The one it replaces keeps signing for the overlap, so receivers can switch, as
   * do the ones earlier rotations replaced, each until its own overlap ends (the newest
   * MAX_ROTATED_SECRETS of them). A rotation that meets another one reads the secret again.
   */
  const rotateSecret = async (userId: string, id: string): Promise<WebhookEndpointWithSecret> => {
    const secret = newSecret();
    for (let attempt = 1; ; attempt += 1) {
      const row = await mustFind(userId, id);
      const now = deps.clock.now();
      const isRotated = await rotateEndpointSecret(deps.db, {
        userId,
        endpointId: id,
        from: row.secret_encrypted,
        to: encrypt(secret),
        now: now.toISOString(),
        expiresAt: new Date(now.getTime() + deps.config.webhooks.rotationOverlapMs).toISOString(),
        keep: MAX_ROTATED_SECRETS,
      });
      if (isRotated) break;
      if (attempt === MAX_ROTATION_ATTEMPTS) {
        throw new AppError(
          'EDIT_CONFLICT',
          409,
          "This endpoint's secret was being rotated at the same time. Please try again.",
        );
      }
    }
    deps.log.info(
      { event: 'webhook.secret_rotated', userId, endpointId: id },
      'webhook signing key rotated',
    );
    return { ...(await get(userId, id)), secret };
  };

  const mustFindDelivery = async (userId: string, id: string) => {
    const line = await findDelivery(deps.db, userId, id);
    if (!line) {
      throw new AppError(
        'WEBHOOK_DELIVERY_NOT_FOUND',
        404,
        `There is no delivery with the id "${id}".`,
      );
    }
    return line;
  };
  const deliveryOf = async (userId: string, id: string) =>
    toDelivery(await mustFindDelivery(userId, id));

  /**
   * Queues a `webhook.test` event for this endpoint alone, whatever events it asked for. Test
   * events and resends share a budget per account: only what is queued counts.
   */
  const sendTest = async (userId: string, id: string): Promise<WebhookDelivery> => {
    const endpoint = await mustFind(userId, id);
    if (endpoint.enabled !== 1) throw disabled();
    await deps.limiter.consume(rateRules.webhookSendsPerUser, userId);
    const now = deps.clock.now().toISOString();
    const eventId = newEventId();
    const delivery = newDelivery(id, eventId, now);
    await deps.db.transaction().execute(async (trx) => {
      await insertEvent(trx, {
        id: eventId,
        user_id: userId,
        type: WEBHOOK_TEST_EVENT,
        data_json: JSON.stringify({
          endpointId: id,
          message: 'A test event sent from Settings.',
        } satisfies WebhookEventData[typeof WEBHOOK_TEST_EVENT]),
        created_at: now,
      });
      await insertDeliveries(trx, [delivery]);
    });
    return deliveryOf(userId, delivery.id);
  };

  /** Sends a delivery's event again as a new delivery, tried at once. */
  const resend = async (userId: string, deliveryId: string): Promise<WebhookDelivery> => {
    const original = await mustFindDelivery(userId, deliveryId);
    const endpoint = await mustFind(userId, original.endpoint_id);
    if (endpoint.enabled !== 1) throw disabled();
    await deps.limiter.consume(rateRules.webhookSendsPerUser, userId);
    const delivery = newDelivery(endpoint.id, original.event_id, deps.clock.now().toISOString());
    await insertDeliveries(deps.db, [delivery]);
    return deliveryOf(userId, delivery.id);
  };

  const deliveries = async (
    userId: string,
    id: string,
    page: { page: number; pageSize: number },
  ) => {
    await mustFind(userId, id);
    const [rows, total] = await Promise.all([
      listDeliveries(deps.db, userId, id, { offset: offsetOf(page), limit: page.pageSize }),
      countDeliveries(deps.db, id),
    ]);
    return { deliveries: rows.map(toDelivery), ...page, total };
  };

  return { list, get, create, update, remove, rotateSecret, sendTest, resend, deliveries };
};
