import type { Db } from '../../../db/tables.ts';
import type { Deps } from '../../../deps.ts';
import { AppError } from '../../../lib/app-error.ts';
import { countDocuments } from './document-count.ts';
import { reportOverage } from './overage.ts';
import { findPlanLimit, releaseDocumentsInMonth, usageMonth } from './usage.repository.ts';

/*
 * The one quota protocol, for every caller that makes documents. Its verbs:
 * - reserve: counts `n` documents against the plan before the work, all or none, so racing
 *   requests never pass a limit; a refusal throws QUOTA_EXCEEDED in the caller's words.
 * - settle: the reservation's one end, with how many documents were produced: the rest is given
 *   back, and overage is reported to the payment provider off the request path.
 * - release: gives back documents of a reservation stored past its request (a job's row holds
 *   it until the job ends or is cancelled), inside the caller's transaction, in the month they
 *   were reserved in.
 */

/** The plan a refusal names, and the documents it has left this month. */
type RefusedPlan = { planType: string; monthlyLimit: number; remaining: number };

/** The caller's words for a refusal at the plan's limit (one document, or a batch of them). */
export type RefusalWording = (plan: RefusedPlan) => string;

export type Reservation = {
  /** When the documents were counted: a later release gives them back to this month. */
  reservedAt: Date;
  /**
   * Ends the reservation with the documents produced (at most the reserved): the rest is given
   * back, inside `db` when it is the caller's transaction. Called once.
   */
  settle: (produced: number, db?: Db) => Promise<void>;
};

/**
 * Why documents could not be counted: a subscription not in good standing, whatever was asked,
 * or else the plan's limit in the caller's words. Judged only on a refusal, so counting costs
 * no extra query.
 */
const refusal = async (db: Db, userId: string, remaining: number, wording: RefusalWording) => {
  const plan = await findPlanLimit(db, userId);
  if (plan?.status === 'UNPAID' || plan?.status === 'EXPIRED') {
    return new AppError(
      'QUOTA_EXCEEDED',
      402,
      'Your subscription is not paid. Update your payment details in the billing portal to generate documents.',
    );
  }
  const planType = plan?.planType ?? '';
  const monthlyLimit = Number(plan?.monthlyLimit ?? 0);
  return new AppError('QUOTA_EXCEEDED', 402, wording({ planType, monthlyLimit, remaining }));
};

/** Metered usage goes to the payment provider off the request path; a failure is retried later. */
const reportOverageLater = (deps: Deps, userId: string) => {
  reportOverage(deps, userId).catch((error: unknown) => {
    deps.log.error(
      { event: 'billing.overage_report_failed', err: error, userId },
      'overage not reported',
    );
  });
};

/** Gives back `count` documents reserved at `reservedAt`; nothing when there are none. */
export const release = async (
  db: Db,
  { userId, count, reservedAt }: { userId: string; count: number; reservedAt: Date },
): Promise<void> => {
  if (count <= 0) return;
  await releaseDocumentsInMonth(db, { userId, month: usageMonth(reservedAt), count });
};

/**
 * Reserves `n` documents of the account's plan (document-count.ts: one shared statement in the
 * common case), or throws the refusal: the plan's limit in `wording`, or an unpaid plan.
 */
export const reserve = async (
  deps: Deps,
  userId: string,
  n: number,
  wording: RefusalWording,
): Promise<Reservation> => {
  const reservedAt = deps.clock.now();
  const counted = await countDocuments(deps, userId, n, reservedAt);
  if (!counted.isReserved) throw await refusal(deps.db, userId, counted.remaining ?? 0, wording);
  let isSettled = false;
  const settle = async (produced: number, db: Db = deps.db) => {
    if (isSettled) throw new Error('A reservation is settled once.');
    isSettled = true;
    await release(db, { userId, count: n - produced, reservedAt });
    if (produced > 0 && counted.hasOverageToReport) reportOverageLater(deps, userId);
  };
  return { reservedAt, settle };
};
