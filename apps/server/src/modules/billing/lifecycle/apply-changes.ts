import type { Db } from '../../../db/tables.ts';
import { recordWebhookEvent } from '../../webhooks/index.ts';
import { decide, type Write } from './decide.ts';
import { recordExpired } from './subscription-history.repository.ts';
import type { SubscriptionRecord } from './subscription-record.ts';
import { findSubscription, writeSubscription } from './subscriptions.repository.ts';

/**
 * Writes one decided change inside the caller's transaction: the row (compare-and-set), and the
 * subscription it replaced in the history, only if this caller's write won.
 */
export const writeChange = async (
  trx: Db,
  current: SubscriptionRecord,
  write: Write,
  now: Date,
): Promise<boolean> => {
  const isWritten = await writeSubscription(trx, current.userId, write, now);
  if (isWritten && write.archiveEndedAt) {
    await recordExpired(trx, current, { endedAt: write.archiveEndedAt, now });
  }
  if (isWritten) {
    await recordWebhookEvent(trx, {
      userId: current.userId,
      type: 'subscription.updated',
      at: now,
      data: {
        change: write.outcome,
        planId: write.set.planId ?? current.planId,
        status: write.set.status ?? current.status,
        billingCycleEnd: write.set.billingCycleEnd ?? current.billingCycleEnd,
        endTime: write.set.endTime === undefined ? current.endTime : write.set.endTime,
      },
    });
  }
  return isWritten;
};

export type ClockResult = {
  /** The plan the clock ended, when this caller ended it (for the one log line). */
  expired?: SubscriptionRecord;
  /** A paid plan past its period, for its provider to renew. */
  renewalDue?: string;
};

/**
 * Brings the subscription up to date with the clock: an ended voucher or cancelled plan falls
 * back to FREE, an ended cycle starts again at zero. One read in the common case; each write is
 * a compare-and-set that exactly one instance wins, so no scheduler is needed.
 */
export const catchUpWithClock = async (db: Db, userId: string, now: Date): Promise<ClockResult> => {
  const current = await findSubscription(db, userId);
  if (!current) return {};
  const result: ClockResult = {};
  for (const change of decide(current, { type: 'clock' }, now)) {
    if (change.kind === 'renewal_due') result.renewalDue = change.providerSubscriptionId;
    if (change.kind !== 'write') continue;
    const isWritten = await db
      .transaction()
      .execute((trx) => writeChange(trx, current, change, now));
    if (isWritten && change.outcome === 'expired') result.expired = current;
  }
  return result;
};
