import { createHash, randomUUID } from 'node:crypto';
import { stringify } from 'safe-stable-stringify';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../lib/app-error.ts';
import {
  type Claim,
  completeClaim,
  deleteExpiredKeys,
  deleteKeyIfExpired,
  findKey,
  insertClaim,
  type KeyId,
  releaseClaim,
  renewClaim,
  type StoredAnswer,
  takeOverStaleClaim,
} from './idempotency.repository.ts';

export type { Claim, StoredAnswer } from './idempotency.repository.ts';

/** What a call with an idempotency key does: run (holding the claim), or answer as before. */
export type Admission = { kind: 'run'; claim: Claim } | { kind: 'replay'; answer: StoredAnswer };

/** What makes two calls with one key the same request: the body, and the mode asked for. */
export type RequestOf = { body: unknown; respondAsync: boolean };

/**
 * The body as canonical JSON (keys sorted), hashed: the same values sent with their keys in
 * another order or other white space are the same request. A call asking `Prefer: respond-async`
 * hashes a marker before it, so it is another request than the same body answered at once (a
 * synchronous call's hash is the body's alone, as before the mode counted).
 */
const requestHashOf = ({ body, respondAsync }: RequestOf) =>
  createHash('sha256')
    .update(`${respondAsync ? 'respond-async\n' : ''}${stringify(body) ?? ''}`)
    .digest('hex');

const keyReused = (usedAsync?: boolean) =>
  new AppError(
    'IDEMPOTENCY_KEY_REUSED',
    422,
    usedAsync === undefined
      ? 'This Idempotency-Key was already used with a different request body. Use a new key for a new request.'
      : `This Idempotency-Key was already used ${usedAsync ? 'with' : 'without'} Prefer: respond-async. Use a new key for a new request.`,
  );

const inProgress = () =>
  new AppError(
    'IDEMPOTENCY_IN_PROGRESS',
    409,
    'A request with this Idempotency-Key is still running. Try again once it has finished.',
  );

/** How often a claim meets a concurrent change (a release, an expiry) before giving up. */
const MAX_CLAIM_ATTEMPTS = 3;

export const createIdempotencyService = (deps: Pick<Deps, 'db' | 'clock' | 'config'>) => {
  const { windowMs, leaseMs } = deps.config.idempotency;
  const { db } = deps;

  const times = () => {
    const now = deps.clock.now().getTime();
    return {
      now: new Date(now).toISOString(),
      leaseExpiresAt: new Date(now + leaseMs).toISOString(),
      expiresAt: new Date(now + windowMs).toISOString(),
    };
  };

  /**
   * Claims the key for this call, or finds the answer of its first call. Refuses the key when it
   * came with another body or in the other mode (422), or while its first call runs (409). An
   * expired key, and a claim whose call died (its lease ran out), are claimed afresh.
   */
  const admit = async (id: KeyId, request: RequestOf): Promise<Admission> => {
    const claim: Claim = { ...id, token: randomUUID(), requestHash: requestHashOf(request) };
    for (let attempt = 0; attempt < MAX_CLAIM_ATTEMPTS; attempt += 1) {
      const at = times();
      if (await insertClaim(db, { ...claim, ...at })) return { kind: 'run', claim };
      const row = await findKey(db, id);
      if (!row) continue;
      if (row.expiresAt <= at.now) {
        await deleteKeyIfExpired(db, id, at.now);
        continue;
      }
      if (row.state === 'running' && row.leaseExpiresAt <= at.now) {
        if (await takeOverStaleClaim(db, { ...claim, ...at })) return { kind: 'run', claim };
        continue;
      }
      if (row.requestHash !== claim.requestHash) {
        const isOtherMode =
          row.requestHash === requestHashOf({ ...request, respondAsync: !request.respondAsync });
        throw keyReused(isOtherMode ? !request.respondAsync : undefined);
      }
      if (!row.answer) throw inProgress();
      return { kind: 'replay', answer: row.answer };
    }
    throw inProgress();
  };

  /** The call is still running: its claim lasts another lease. */
  const renew = (claim: Claim) => renewClaim(db, claim, times().leaseExpiresAt);

  /** Keeps a successful answer for the window; anything else gives the key up for a retry. */
  const finish = async (claim: Claim, answer: StoredAnswer | undefined) => {
    if (answer && answer.status >= 200 && answer.status < 300) {
      await completeClaim(db, claim, answer);
    } else {
      await releaseClaim(db, claim);
    }
  };

  /** Deletes every expired key; answers the number deleted. */
  const sweep = () => deleteExpiredKeys(db, times().now);

  return { admit, renew, finish, sweep, leaseMs };
};
