import { WEBHOOK_SIGNATURE_HEADER } from '@platen/contract';
import type { Deps } from '../../deps.ts';
import { decryptText } from '../../lib/secret-box.ts';
import { webhookFailingMail } from '../mail/index.ts';
import { signatureHeader } from './webhook-signature.ts';
import { sendTry, type TryOutcome } from './webhook-sender.ts';
import {
  findClaimedDelivery,
  finishTry,
  listRotatedSecrets,
  setEndpointFailing,
} from './webhooks.repository.ts';

export type DeliveryDeps = Pick<Deps, 'db' | 'clock' | 'log' | 'config' | 'secrets' | 'mailer'>;

/**
 * The wait before try `attempt + 1`: the base doubled per failed try, with ±20 % jitter so
 * deliveries that failed together (a receiver's outage) do not all come back at the same second.
 */
const retryDelayMs = (baseMs: number, failedTries: number, random = Math.random) =>
  Math.round(baseMs * 2 ** (failedTries - 1) * (0.8 + 0.4 * random()));

/**
 * A lease outlives the longest try (the timeout) with room to write its outcome; a lease that
 * runs out means its instance died mid-try, and the try is made again by any instance.
 */
export const leaseMs = (deps: DeliveryDeps) => deps.config.webhooks.timeoutMs * 3 + 5_000;

type Claimed = NonNullable<Awaited<ReturnType<typeof findClaimedDelivery>>>;

/** The body is built from the stored event, so every try of it sends the same bytes. */
const eventBody = (row: {
  event_id: string;
  event_type: string;
  event_created_at: string;
  data_json: string;
}) =>
  JSON.stringify({
    id: row.event_id,
    type: row.event_type,
    created: row.event_created_at,
    data: JSON.parse(row.data_json) as unknown,
  });

/** The endpoint's secret, then every rotated-out one still in its overlap. */
const liveSecrets = async (deps: DeliveryDeps, row: Claimed, now: Date): Promise<string[]> => {
  const key = deps.secrets.encryptionKey;
  const rotated = await listRotatedSecrets(deps.db, row.endpoint_id, now.toISOString());
  return [row.secret_encrypted, ...rotated.map((r) => r.secret_encrypted)].map((secret) =>
    decryptText(key, secret),
  );
};

const tellOwner = async (deps: DeliveryDeps, row: Claimed, attempts: number) => {
  const owner = await deps.db
    .selectFrom('users')
    .select(['email', 'first_name'])
    .where('id', '=', row.user_id)
    .executeTakeFirst();
  if (!owner) return;
  await deps.mailer.send(
    webhookFailingMail({
      to: owner.email,
      firstName: owner.first_name,
      endpointUrl: row.url,
      eventType: row.event_type,
      attempts,
      settingsLink: `${deps.config.appUrl}/settings#webhooks`,
    }),
  );
};

const recordOutcome = async (
  deps: DeliveryDeps,
  row: Claimed,
  token: string,
  outcome: TryOutcome,
) => {
  const now = deps.clock.now();
  const attempt = row.attempt + 1;
  const isLast = !outcome.ok && attempt >= deps.config.webhooks.maxAttempts;
  const status = outcome.ok ? 'succeeded' : isLast ? 'failed' : 'pending';
  const next =
    status === 'pending'
      ? new Date(
          now.getTime() + retryDelayMs(deps.config.webhooks.retryBaseMs, attempt),
        ).toISOString()
      : null;
  const isWritten = await finishTry(deps.db, row.id, token, {
    status,
    attempt,
    next_attempt_at: next,
    status_code: outcome.statusCode,
    latency_ms: outcome.latencyMs,
    response_excerpt: outcome.responseExcerpt,
    error: outcome.error,
    updated_at: now.toISOString(),
  });
  if (!isWritten) return;
  deps.log.info(
    {
      event: 'webhook.try',
      deliveryId: row.id,
      endpointId: row.endpoint_id,
      eventId: row.event_id,
      attempt,
      status,
      statusCode: outcome.statusCode,
    },
    'webhook try',
  );
  if (outcome.ok && row.failing) await setEndpointFailing(deps.db, row.endpoint_id, false);
  if (isLast) {
    await setEndpointFailing(deps.db, row.endpoint_id, true);
    await tellOwner(deps, row, attempt).catch((error: unknown) =>
      deps.log.error(
        { event: 'webhook.mail_failed', err: error },
        'failing-endpoint mail not sent',
      ),
    );
  }
};

/** Makes one try of a delivery this instance has claimed, and records its outcome. */
export const makeTry = async (deps: DeliveryDeps, id: string, token: string) => {
  const row = await findClaimedDelivery(deps.db, id, token);
  if (!row) return;
  const now = deps.clock.now();
  const body = eventBody(row);
  const outcome = await sendTry(
    {
      url: row.url,
      body,
      headers: {
        [WEBHOOK_SIGNATURE_HEADER]: signatureHeader(body, await liveSecrets(deps, row, now), now),
        'platen-event-id': row.event_id,
      },
    },
    {
      allowPrivateUrls: deps.config.webhooks.allowPrivateUrls,
      timeoutMs: deps.config.webhooks.timeoutMs,
    },
  );
  await recordOutcome(deps, row, token, outcome);
};
