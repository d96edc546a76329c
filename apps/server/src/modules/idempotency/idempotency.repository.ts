import type { Db } from '../../db/tables.ts';

/** Which key: an account's key on one endpoint. */
export type KeyId = { userId: string; endpoint: string; key: string };

/** A claim on a key, held by a random token while its call runs. */
export type Claim = KeyId & { token: string; requestHash: string };

/** A stored answer, given again to a repeated call. */
export type StoredAnswer = { status: number; headers: Record<string, string>; body: Buffer };

export type KeyRow = {
  requestHash: string;
  state: 'running' | 'done';
  leaseExpiresAt: string;
  expiresAt: string;
  answer: StoredAnswer | undefined;
};

/** The primary key's three columns, for inserts and `where((eb) => eb.and(columnsOf(id)))`. */
const columnsOf = (id: KeyId) => ({
  user_id: id.userId,
  endpoint: id.endpoint,
  idempotency_key: id.key,
});

/**
 * Inserts the key as running, held by `claim.token`. One statement on the primary key, so of
 * calls racing on any number of instances exactly one gets `true`.
 */
export const insertClaim = async (
  db: Db,
  claim: Claim & { now: string; leaseExpiresAt: string; expiresAt: string },
): Promise<boolean> => {
  const result = await db
    .insertInto('idempotency_keys')
    .values({
      ...columnsOf(claim),
      request_hash: claim.requestHash,
      state: 'running',
      claim_token: claim.token,
      lease_expires_at: claim.leaseExpiresAt,
      created_at: claim.now,
      expires_at: claim.expiresAt,
    })
    .onConflict((oc) => oc.columns(['user_id', 'endpoint', 'idempotency_key']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
};

export const findKey = async (db: Db, id: KeyId): Promise<KeyRow | undefined> => {
  const row = await db
    .selectFrom('idempotency_keys')
    .selectAll()
    .where((eb) => eb.and(columnsOf(id)))
    .executeTakeFirst();
  if (!row) return undefined;
  const isDone = row.state === 'done' && row.status !== null && row.body !== null;
  return {
    requestHash: row.request_hash,
    state: row.state,
    leaseExpiresAt: row.lease_expires_at ?? '',
    expiresAt: row.expires_at,
    answer: isDone
      ? {
          status: Number(row.status),
          headers: JSON.parse(row.headers_json ?? '{}') as Record<string, string>,
          body: Buffer.from(row.body ?? []),
        }
      : undefined,
  };
};

/**
 * Takes over a running claim whose lease ran out (its call died with its instance). Conditional
 * on the lease still being out, so of several callers only one takes it.
 */
export const takeOverStaleClaim = async (
  db: Db,
  claim: Claim & { now: string; leaseExpiresAt: string; expiresAt: string },
): Promise<boolean> => {
  const result = await db
    .updateTable('idempotency_keys')
    .set({
      request_hash: claim.requestHash,
      claim_token: claim.token,
      lease_expires_at: claim.leaseExpiresAt,
      created_at: claim.now,
      expires_at: claim.expiresAt,
    })
    .where((eb) => eb.and(columnsOf(claim)))
    .where('state', '=', 'running')
    .where('lease_expires_at', '<=', claim.now)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
};

/** Keeps a running claim: the call is alive. */
export const renewClaim = async (db: Db, claim: Claim, leaseExpiresAt: string): Promise<void> => {
  await db
    .updateTable('idempotency_keys')
    .set({ lease_expires_at: leaseExpiresAt })
    .where((eb) => eb.and(columnsOf(claim)))
    .where('claim_token', '=', claim.token)
    .execute();
};

/** Stores the successful answer of the claim's call; the key is `done` from then on. */
export const completeClaim = async (db: Db, claim: Claim, answer: StoredAnswer): Promise<void> => {
  await db
    .updateTable('idempotency_keys')
    .set({
      state: 'done',
      claim_token: null,
      lease_expires_at: null,
      status: answer.status,
      headers_json: JSON.stringify(answer.headers),
      body: answer.body,
    })
    .where((eb) => eb.and(columnsOf(claim)))
    .where('claim_token', '=', claim.token)
    .execute();
};

/** Gives the key up after a failed call, so the caller may try again with it. */
export const releaseClaim = async (db: Db, claim: Claim): Promise<void> => {
  await db
    .deleteFrom('idempotency_keys')
    .where((eb) => eb.and(columnsOf(claim)))
    .where('claim_token', '=', claim.token)
    .execute();
};

/** Deletes the key if it has expired; a new call may then claim it afresh. */
export const deleteKeyIfExpired = async (db: Db, id: KeyId, now: string): Promise<void> => {
  await db
    .deleteFrom('idempotency_keys')
    .where((eb) => eb.and(columnsOf(id)))
    .where('expires_at', '<=', now)
    .execute();
};

/** The sweeper's statement: every expired key, answers and stale claims alike. */
export const deleteExpiredKeys = async (db: Db, now: string): Promise<number> => {
  const result = await db
    .deleteFrom('idempotency_keys')
    .where('expires_at', '<=', now)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
};
