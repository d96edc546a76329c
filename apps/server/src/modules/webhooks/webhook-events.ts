import { randomUUID } from 'node:crypto';
import type { WebhookEventData, WebhookEventType } from '@platen/contract';
import type { Db } from '../../db/tables.ts';
import { insertDeliveries, insertEvent, listEnabledEndpoints } from './webhooks.repository.ts';

export const newEventId = () => `evt_${randomUUID().replace(/-/g, '')}`;

/** A delivery row, due at once. */
export const newDelivery = (endpointId: string, eventId: string, now: string) => ({
  id: randomUUID(),
  endpoint_id: endpointId,
  event_id: eventId,
  status: 'pending' as const,
  attempt: 0,
  next_attempt_at: now,
  created_at: now,
  updated_at: now,
});

/**
 * Records an event and queues one delivery per enabled endpoint that wants it. Call it with the
 * transaction of the change it reports, so the change and its event are stored together or not
 * at all. An account without such an endpoint costs one query and stores nothing.
 */
export const recordWebhookEvent = async <Type extends WebhookEventType>(
  db: Db,
  event: { userId: string; type: Type; data: WebhookEventData[Type]; at: Date },
): Promise<void> => {
  const endpoints = (await listEnabledEndpoints(db, event.userId)).filter((e) =>
    (JSON.parse(e.events_json) as string[]).includes(event.type),
  );
  if (endpoints.length === 0) return;
  const id = newEventId();
  const now = event.at.toISOString();
  await insertEvent(db, {
    id,
    user_id: event.userId,
    type: event.type,
    data_json: JSON.stringify(event.data),
    created_at: now,
  });
  await insertDeliveries(
    db,
    endpoints.map((e) => newDelivery(e.id, id, now)),
  );
};
