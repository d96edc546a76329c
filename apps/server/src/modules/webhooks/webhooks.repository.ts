import { randomUUID } from 'node:crypto';
import type { Insertable, Selectable, Updateable } from 'kysely';
import type {
  Db,
  WebhookDeliveryTable,
  WebhookEndpointTable,
  WebhookEventTable,
} from '../../db/tables.ts';

/** An endpoint, with when the last of its rotated-out secrets stops signing (null: none). */
export type EndpointRow = Selectable<WebhookEndpointTable> & {
  rotated_secrets_expire_at: string | null;
};
type DeliveryRow = Selectable<WebhookDeliveryTable>;
/** A delivery with its event's type, as the log shows it. */
export type DeliveryLine = DeliveryRow & { event_type: string };

const endpoints = (db: Db) =>
  db
    .selectFrom('webhook_endpoints as p')
    .selectAll('p')
    .select((eb) =>
      eb
        .selectFrom('webhook_rotated_secrets as r')
        .select((r) => r.fn.max('r.expires_at').as('at'))
        .whereRef('r.endpoint_id', '=', 'p.id')
        .$castTo<string | null>()
        .as('rotated_secrets_expire_at'),
    );

export const listEndpoints = (db: Db, userId: string): Promise<EndpointRow[]> =>
  endpoints(db).where('p.user_id', '=', userId).orderBy('p.created_at').orderBy('p.id').execute();

export const findEndpoint = (
  db: Db,
  userId: string,
  id: string,
): Promise<EndpointRow | undefined> =>
  endpoints(db).where('p.user_id', '=', userId).where('p.id', '=', id).executeTakeFirst();

export const countEndpoints = async (db: Db, userId: string): Promise<number> => {
  const row = await db
    .selectFrom('webhook_endpoints')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
};

export const insertEndpoint = (db: Db, row: Insertable<WebhookEndpointTable>) =>
  db.insertInto('webhook_endpoints').values(row).execute();

export const updateEndpoint = async (
  db: Db,
  userId: string,
  id: string,
  changes: Updateable<WebhookEndpointTable>,
): Promise<boolean> => {
  const result = await db
    .updateTable('webhook_endpoints')
    .set(changes)
    .where('user_id', '=', userId)
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
};

export const deleteEndpoint = async (db: Db, userId: string, id: string): Promise<boolean> => {
  const result = await db
    .deleteFrom('webhook_endpoints')
    .where('user_id', '=', userId)
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
};

/** The enabled endpoints of an account; the caller picks those that want an event's type. */
export const listEnabledEndpoints = (db: Db, userId: string) =>
  db
    .selectFrom('webhook_endpoints')
    .select(['id', 'events_json'])
    .where('user_id', '=', userId)
    .where('enabled', '=', 1)
    .execute();

export const insertEvent = (db: Db, row: Insertable<WebhookEventTable>) =>
  db.insertInto('webhook_events').values(row).execute();

export const insertDeliveries = async (db: Db, rows: Insertable<WebhookDeliveryTable>[]) => {
  if (rows.length > 0) await db.insertInto('webhook_deliveries').values(rows).execute();
};

const deliveryLines = (db: Db) =>
  db
    .selectFrom('webhook_deliveries as d')
    .innerJoin('webhook_events as e', 'e.id', 'd.event_id')
    .innerJoin('webhook_endpoints as p', 'p.id', 'd.endpoint_id')
    .selectAll('d')
    .select('e.type as event_type');

export const listDeliveries = (
  db: Db,
  userId: string,
  endpointId: string,
  page: { offset: number; limit: number },
) =>
  deliveryLines(db)
    .where('p.user_id', '=', userId)
    .where('d.endpoint_id', '=', endpointId)
    .orderBy('d.created_at', 'desc')
    .orderBy('d.id', 'desc')
    .offset(page.offset)
    .limit(page.limit)
    .execute();

/** An endpoint's deliveries; the caller has checked that the endpoint is the account's. */
export const countDeliveries = async (db: Db, endpointId: string): Promise<number> => {
  const row = await db
    .selectFrom('webhook_deliveries')
    .select((eb) => eb.fn.countAll().as('count'))
    .where('endpoint_id', '=', endpointId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
};

export const findDelivery = (db: Db, userId: string, id: string) =>
  deliveryLines(db).where('p.user_id', '=', userId).where('d.id', '=', id).executeTakeFirst();

/** An endpoint's tries under way, on any instance: its deliveries held by a live lease. */
const triesUnderWay = (db: Db, endpointId: string, now: string) =>
  db
    .selectFrom('webhook_deliveries as l')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('l.endpoint_id', '=', endpointId)
    .where('l.lease_expires_at', '>=', now);

/**
 * Deliveries whose try is due and held by no live lease, oldest first, and of each endpoint only
 * as many as it has room for (`perEndpoint` less its tries under way): an endpoint with a long
 * queue takes no room from the others, and a full one is not listed at all.
 */
export const listDueDeliveries = (
  db: Db,
  opts: { now: string; perEndpoint: number; limit: number },
) =>
  db
    .selectFrom((qb) =>
      qb
        .selectFrom('webhook_deliveries as d')
        .innerJoin('webhook_endpoints as p', 'p.id', 'd.endpoint_id')
        .select((eb) => [
          'd.id',
          'd.endpoint_id',
          'd.next_attempt_at',
          eb.fn
            .agg<number>('row_number')
            .over((ob) =>
              ob.partitionBy('d.endpoint_id').orderBy('d.next_attempt_at').orderBy('d.id'),
            )
            .as('place'),
        ])
        .where('d.status', '=', 'pending')
        .where('d.next_attempt_at', '<=', opts.now)
        .where('p.enabled', '=', 1)
        .where((eb) =>
          eb.or([eb('d.lease_expires_at', 'is', null), eb('d.lease_expires_at', '<', opts.now)]),
        )
        .as('due'),
    )
    .select(['due.id', 'due.endpoint_id'])
    .where((eb) =>
      eb(
        eb(
          'due.place',
          '+',
          eb
            .selectFrom('webhook_deliveries as l')
            .select((inner) => inner.fn.countAll<number>().as('n'))
            .whereRef('l.endpoint_id', '=', 'due.endpoint_id')
            .where('l.lease_expires_at', '>=', opts.now),
        ),
        '<=',
        opts.perEndpoint,
      ),
    )
    .orderBy('due.next_attempt_at')
    .orderBy('due.id')
    .limit(opts.limit)
    .execute();

/**
 * Takes one due delivery for this instance, while its endpoint has fewer than `perEndpoint`
 * tries under way. The conditions are checked again by the UPDATE itself (PostgreSQL re-reads a
 * row another transaction changed), so of two instances asking at once exactly one gets it: each
 * try is made once. Two instances claiming two different deliveries of one endpoint at the same
 * moment may both count the same tries under way; the room is kept exactly within an instance.
 */
export const claimDelivery = async (
  db: Db,
  delivery: { id: string; endpoint_id: string },
  lease: { token: string; now: string; expiresAt: string; perEndpoint: number },
): Promise<boolean> => {
  const result = await db
    .updateTable('webhook_deliveries')
    .set({ lease_token: lease.token, lease_expires_at: lease.expiresAt })
    .where('id', '=', delivery.id)
    .where('status', '=', 'pending')
    .where('next_attempt_at', '<=', lease.now)
    .where((eb) =>
      eb.or([eb('lease_expires_at', 'is', null), eb('lease_expires_at', '<', lease.now)]),
    )
    .where((eb) => eb(triesUnderWay(db, delivery.endpoint_id, lease.now), '<', lease.perEndpoint))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
};

/** What a claimed delivery needs to be sent: its endpoint and its event. */
export const findClaimedDelivery = (db: Db, id: string, token: string) =>
  db
    .selectFrom('webhook_deliveries as d')
    .innerJoin('webhook_endpoints as p', 'p.id', 'd.endpoint_id')
    .innerJoin('webhook_events as e', 'e.id', 'd.event_id')
    .select([
      'd.id',
      'd.attempt',
      'p.id as endpoint_id',
      'p.user_id',
      'p.url',
      'p.enabled',
      'p.failing',
      'p.secret_encrypted',
      'e.id as event_id',
      'e.type as event_type',
      'e.data_json',
      'e.created_at as event_created_at',
    ])
    .where('d.id', '=', id)
    .where('d.lease_token', '=', token)
    .executeTakeFirst();

/** Writes a try's outcome, only while this instance still holds the delivery. */
export const finishTry = async (
  db: Db,
  id: string,
  token: string,
  outcome: Updateable<WebhookDeliveryTable>,
): Promise<boolean> => {
  const result = await db
    .updateTable('webhook_deliveries')
    .set({ ...outcome, lease_token: null, lease_expires_at: null })
    .where('id', '=', id)
    .where('lease_token', '=', token)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
};

export const setEndpointFailing = (db: Db, id: string, failing: boolean) =>
  db
    .updateTable('webhook_endpoints')
    .set({ failing: failing ? 1 : 0 })
    .where('id', '=', id)
    .execute();

/** The rotated-out secrets of an endpoint that still sign, the most recently replaced first. */
export const listRotatedSecrets = (db: Db, endpointId: string, now: string) =>
  db
    .selectFrom('webhook_rotated_secrets')
    .select(['id', 'secret_encrypted'])
    .where('endpoint_id', '=', endpointId)
    .where('expires_at', '>', now)
    .orderBy('expires_at', 'desc')
    .orderBy('id')
    .execute();

/**
 * Replaces the endpoint's secret `from` with `to`; `from` signs on until `expiresAt`, and so do
 * the secrets earlier rotations replaced until their own expiry (the newest `keep` of them). The
 * UPDATE is conditional on `from` still being the secret, so of two rotations at once the second
 * gets `false` (and nothing stored) instead of losing the first one's secret.
 */
export const rotateEndpointSecret = (
  db: Db,
  rotation: {
    userId: string;
    endpointId: string;
    from: string;
    to: string;
    now: string;
    expiresAt: string;
    keep: number;
  },
): Promise<boolean> =>
  db.transaction().execute(async (trx) => {
    const result = await trx
      .updateTable('webhook_endpoints')
      .set({ secret_encrypted: rotation.to })
      .where('user_id', '=', rotation.userId)
      .where('id', '=', rotation.endpointId)
      .where('secret_encrypted', '=', rotation.from)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) return false;
    await trx
      .insertInto('webhook_rotated_secrets')
      .values({
        id: randomUUID(),
        endpoint_id: rotation.endpointId,
        secret_encrypted: rotation.from,
        expires_at: rotation.expiresAt,
      })
      .execute();
    const live = await listRotatedSecrets(trx, rotation.endpointId, rotation.now);
    const ended = live.slice(rotation.keep).map((row) => row.id);
    await trx
      .deleteFrom('webhook_rotated_secrets')
      .where('endpoint_id', '=', rotation.endpointId)
      .where((eb) =>
        eb.or([
          eb('expires_at', '<=', rotation.now),
          ...(ended.length > 0 ? [eb('id', 'in', ended)] : []),
        ]),
      )
      .execute();
    return true;
  });
