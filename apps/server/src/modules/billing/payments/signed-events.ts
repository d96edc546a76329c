import { createHmac, randomUUID } from 'node:crypto';

/**
 * Stripe's webhook signature scheme (`t=<unix seconds>,v1=<HMAC-SHA256 of "t.payload">`), so the
 * local provider's events pass the very verification Stripe's do.
 */
export const signatureHeader = (secret: string, payload: string, at: Date): string => {
  const timestamp = Math.floor(at.getTime() / 1000);
  const signature = createHmac('sha256', secret).update(`${timestamp}.${payload}`).digest('hex');
  return `t=${timestamp},v1=${signature}`;
};

/**
 * A Stripe-shaped event around `object`, as Stripe would send it. `id` is random unless the caller
 * derives it from what the event announces, so that announcing it twice is one event.
 */
export const eventPayload = (
  type: string,
  object: Record<string, unknown>,
  at: Date,
  id = `evt_local_${randomUUID().replace(/-/g, '')}`,
): string =>
  JSON.stringify({
    id,
    object: 'event',
    type,
    created: Math.floor(at.getTime() / 1000),
    livemode: false,
    data: { object },
  });
