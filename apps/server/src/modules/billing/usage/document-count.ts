import type { Deps } from '../../../deps.ts';
import { recordWebhookEvent } from '../../webhooks/index.ts';
import { catchUpWithClock } from '../lifecycle/apply-changes.ts';
import { logPlanExpired } from '../lifecycle/subscription-state.ts';
import type { SubscriptionRecord } from '../lifecycle/subscription-record.ts';
import { takeDocumentsCoalesced } from './coalesced-take.ts';
import {
  findUsage,
  takeDocumentsInMonth,
  type TakenDocuments,
  usageMonth,
} from './usage.repository.ts';

type CountDeps = Pick<Deps, 'db' | 'log'>;

/**
 * Takes `count` documents: usually the subscription needs no catching up and one statement
 * counts them, shared with the account's other counts in flight (coalesced-take.ts); else (or
 * at the limit) the clock's changes are applied first and it tries again, as a refusal must be
 * judged on fresh state.
 */
export const takeUpToDate = async (
  db: Deps['db'],
  userId: string,
  count: number,
  now: Date,
): Promise<{ taken?: TakenDocuments; expired?: SubscriptionRecord }> => {
  const month = usageMonth(now);
  const taken = await takeDocumentsCoalesced(db, {
    userId,
    month,
    count,
    upToDateAt: now.toISOString(),
  });
  if (taken) return { taken };
  const { expired } = await catchUpWithClock(db, userId, now);
  return { taken: await takeDocumentsInMonth(db, { userId, month, count }), expired };
};

/** What a count answers the meter (meter.ts), which alone calls it. */
type DocumentsCounted = {
  isReserved: boolean;
  /** Documents left before the monthly limit; null on a plan that bills overage instead. */
  remaining: number | null;
  /**
   * Overage to report to the provider (the meter's settle runs reportOverage, off the request
   * path): documents past the limit, or overage an ended cycle carried and not reported yet.
   */
  hasOverageToReport: boolean;
};

/** The shares of the monthly limit that webhooks report when a count crosses them. */
const LIMIT_EVENTS = [
  { share: 0.8, type: 'usage.limit_near' },
  { share: 1, type: 'usage.limit_reached' },
] as const;

/**
 * Reports the limit shares this count crossed. Only the count that crosses a share reports it,
 * so the generate path costs nothing more on every other document, and each share is reported
 * once per cycle (unless documents given back let a later count cross it again).
 */
const reportLimitCrossings = async (
  deps: CountDeps,
  userId: string,
  count: number,
  taken: TakenDocuments,
  now: Date,
) => {
  const limit = taken.monthlyLimit;
  for (const { share, type } of LIMIT_EVENTS) {
    const mark = Math.ceil(limit * share);
    if (limit <= 0 || taken.used < mark || taken.used - count >= mark) continue;
    await recordWebhookEvent(deps.db, {
      userId,
      type,
      at: now,
      data: { used: taken.used, monthlyLimit: limit, allowOverage: taken.allowOverage },
    }).catch((error: unknown) =>
      deps.log.error(
        { event: 'webhook.record_failed', err: error, type },
        'usage event not recorded',
      ),
    );
  }
};

/**
 * Counts `count` documents against the account's plan, all or none: FREE with 30 left cannot
 * count 31; a plan with metered overage counts past its limit as overage. Exact under any
 * concurrency. Logs a plan the clock ended on the way (catching up may happen here first).
 */
export const countDocuments = async (
  deps: CountDeps,
  userId: string,
  count: number,
  now: Date,
): Promise<DocumentsCounted> => {
  const { taken, expired } = await takeUpToDate(deps.db, userId, count, now);
  if (expired) logPlanExpired(deps, expired);
  if (!taken) {
    const usage = await findUsage(deps.db, userId);
    const left = usage ? Number(usage.monthlyLimit) - Number(usage.used) : 0;
    return { isReserved: false, remaining: Math.max(0, left), hasOverageToReport: false };
  }
  await reportLimitCrossings(deps, userId, count, taken, now);
  return {
    isReserved: true,
    remaining: taken.allowOverage ? null : Math.max(0, taken.monthlyLimit - taken.used),
    hasOverageToReport: taken.used > taken.monthlyLimit || taken.carried > 0,
  };
};
