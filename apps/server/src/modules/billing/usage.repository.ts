import { type Kysely, sql } from 'kysely';
import { compiledOnce } from '../../db/compiled-once.ts';
import { isSqlite } from '../../db/dialect.ts';
import type { Db } from '../../db/tables.ts';
import { cycleAt } from './billing-cycle.ts';
import {
  expireEndedPlan,
  FREE_PLAN_ID,
  restartedCount,
  type SubscriptionRecord,
} from './subscriptions.repository.ts';

/** The month a document counts in for the usage history, e.g. `2026-03` (UTC). */
export const usageMonth = (at: Date): string => at.toISOString().slice(0, 7);

/**
 * Brings the subscription up to date with the clock before a document is counted: an ended
 * voucher or cancelled plan falls back to FREE, and an ended cycle starts again at zero. One read
 * in the common case; each change is a conditional statement that exactly one instance wins.
 * Returns the plan it ended, if this caller ended one (for the caller to log).
 */
export const catchUpWithClock = async (
  db: Db,
  userId: string,
  now: Date,
): Promise<{ expired?: SubscriptionRecord }> => {
  const current = await db
    .selectFrom('subscriptions')
    .select(['plan_id', 'end_time', 'billing_cycle_end', 'voucher_code', 'auto_renewal'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (!current) return {};
  const nowIso = now.toISOString();
  const isEnding = current.voucher_code !== null || !Number(current.auto_renewal);
  const hasEnded = current.end_time !== null && current.end_time <= nowIso;
  // FREE starts where the plan ended, so its cycle may need catching up too.
  if (current.plan_id !== FREE_PLAN_ID && isEnding && hasEnded) {
    const expired = await expireEndedPlan(db, userId, now);
    if (expired) {
      await rollOverCycle(db, userId, now);
      return { expired };
    }
  }
  if (current.billing_cycle_end <= nowIso) await rollOverCycle(db, userId, now);
  return {};
};

/**
 * Starts a new billing cycle when the current one has ended: usage starts again at zero, and the
 * ended cycle's overage not reported yet is carried to the next report (restartedCount). It is
 * a compare-and-set on the old cycle end, so when many instances race, exactly one rolls over.
 */
export const rollOverCycle = async (db: Db, userId: string, now: Date): Promise<void> => {
  const current = await db
    .selectFrom('subscriptions')
    .select(['plan_id', 'start_time', 'created_at', 'billing_cycle_end'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (!current || Date.parse(current.billing_cycle_end) > now.getTime()) return;
  // Cycles follow the plan's start (billing-cycle.ts), FREE's the sign-up (freePlanValues); a
  // cycle on other boundaries is not gone back on (its end is where the next one starts at the
  // earliest).
  const anchor = current.plan_id === FREE_PLAN_ID ? current.created_at : current.start_time;
  const anchored = cycleAt(new Date(anchor), now);
  const previousEnd = new Date(current.billing_cycle_end);
  const start = anchored.start < previousEnd ? previousEnd : anchored.start;
  const { end } = anchored;
  await db
    .updateTable('subscriptions')
    .set({
      billing_cycle_start: start.toISOString(),
      billing_cycle_end: end.toISOString(),
      ...restartedCount(),
      updated_at: now.toISOString(),
    })
    .where('user_id', '=', userId)
    .where('billing_cycle_end', '=', current.billing_cycle_end)
    .execute();
};

/**
 * Takes one document of the plan's allowance; returns nothing when the plan does not allow it.
 * With `upToDateAt`, also nothing when the subscription must first catch up with that moment
 * (see catchUpWithClock): the common case then costs this one statement.
 */
const takeDocument = (db: Db, userId: string, upToDateAt?: string) =>
  db
    .updateTable('subscriptions')
    .set((eb) => ({ pdfs_generated_this_month: eb('pdfs_generated_this_month', '+', 1) }))
    .where('user_id', '=', userId)
    .$if(upToDateAt !== undefined, (qb) =>
      qb
        .where('billing_cycle_end', '>', upToDateAt!)
        .where((eb) =>
          eb.or([
            eb('plan_id', '=', FREE_PLAN_ID),
            eb('end_time', 'is', null),
            eb('end_time', '>', upToDateAt!),
          ]),
        ),
    )
    // Stripe gave up collecting (UNPAID) or the plan ended (EXPIRED): no documents until resolved.
    .where('status', 'not in', ['UNPAID', 'EXPIRED'])
    .where((eb) =>
      eb.or([
        eb(
          'pdfs_generated_this_month',
          '<',
          eb
            .selectFrom('plans')
            .select('plans.monthly_limit')
            .whereRef('plans.id', '=', 'subscriptions.plan_id'),
        ),
        eb(
          eb
            .selectFrom('plans')
            .select('plans.allow_overage')
            .whereRef('plans.id', '=', 'subscriptions.plan_id'),
          '=',
          1,
        ),
      ]),
    )
    .returning((eb) => [
      'pdfs_generated_this_month as used',
      'overage_carried as carried',
      eb
        .selectFrom('plans')
        .select('plans.monthly_limit')
        .whereRef('plans.id', '=', 'subscriptions.plan_id')
        .as('monthlyLimit'),
    ]);

/*
 * The count and the monthly usage history change together (a crash between two separate
 * statements left them apart). PostgreSQL does both in one statement, so the subscription row
 * stays locked for one statement only (a transaction around two round trips halved the
 * throughput of one busy account); SQLite, in process, uses a transaction.
 */
const recordInMonth = (db: Db, userId: string, month: string) =>
  db
    .insertInto('usage_months')
    .values({ user_id: userId, month, documents: 1 })
    .onConflict((oc) =>
      oc.columns(['user_id', 'month']).doUpdateSet({ documents: sql`usage_months.documents + 1` }),
    );

/** PostgreSQL: the count and the month in one data-modifying CTE. */
const takeAndRecordInOne = (db: Db, userId: string, month: string, upToDateAt?: string) =>
  db
    .with('reserved', () => takeDocument(db, userId, upToDateAt))
    .with('recorded', (qc) =>
      qc
        .insertInto('usage_months')
        .columns(['user_id', 'month', 'documents'])
        .expression((eb) =>
          eb
            .selectFrom('reserved')
            .select([
              sql<string>`${userId}::text`.as('user_id'),
              sql<string>`${month}::text`.as('month'),
              sql<number>`1`.as('documents'),
            ]),
        )
        .onConflict((oc) =>
          oc
            .columns(['user_id', 'month'])
            .doUpdateSet({ documents: sql`usage_months.documents + 1` }),
        ),
    )
    .selectFrom('reserved')
    .selectAll();

// Built once per database, each call binding only its values (db/compiled-once.ts): building
// these queries cost the generate route more than running them.
const statements = {
  takeUpToDate: compiledOnce((db, userId: string, upToDateAt: string) =>
    takeDocument(db, userId, upToDateAt),
  ),
  take: compiledOnce((db, userId: string) => takeDocument(db, userId)),
  recordInMonth: compiledOnce((db, userId: string, month: string) =>
    recordInMonth(db, userId, month),
  ),
  takeAndRecordUpToDate: compiledOnce((db, userId: string, month: string, upToDateAt: string) =>
    takeAndRecordInOne(db, userId, month, upToDateAt),
  ),
  takeAndRecord: compiledOnce((db, userId: string, month: string) =>
    takeAndRecordInOne(db, userId, month),
  ),
};

const takeAndRecordDocument = async (
  db: Db,
  userId: string,
  month: string,
  upToDateAt?: string,
) => {
  if (isSqlite(db as unknown as Kysely<unknown>)) {
    return db.transaction().execute(async (trx) => {
      const take =
        upToDateAt === undefined
          ? statements.take(db, userId)
          : statements.takeUpToDate(db, userId, upToDateAt);
      const [reserved] = (await trx.executeQuery(take)).rows;
      if (reserved) await trx.executeQuery(statements.recordInMonth(db, userId, month));
      return reserved;
    });
  }
  const statement =
    upToDateAt === undefined
      ? statements.takeAndRecord(db, userId, month)
      : statements.takeAndRecordUpToDate(db, userId, month, upToDateAt);
  return (await db.executeQuery(statement)).rows[0];
};

/**
 * Counts one document in the current cycle, in one statement, if the plan still allows it: under
 * the monthly limit, or over it on a plan with overage. Exact under any concurrency, because the
 * database re-checks the condition on the row it locks. Returns false when the limit is reached.
 * `hasOverageToReport`: the document is overage, or an ended cycle carried overage documents not
 * reported yet (the caller then runs reportOverage, off the request path).
 */
export type Reservation = (
  { isReserved: false } | { isReserved: true; isOverLimit: boolean; hasOverageToReport: boolean }
) & {
  /** The plan the clock ended before counting, when this call ended it (countDocument logs it). */
  expired?: SubscriptionRecord;
};

export const reserveDocument = async (db: Db, userId: string, now: Date): Promise<Reservation> => {
  const month = usageMonth(now);
  // Usually the subscription needs no catching up and one statement counts the document; else
  // (or at the limit) catch up first and try again, as a refusal must be judged on fresh state.
  let reserved = await takeAndRecordDocument(db, userId, month, now.toISOString());
  let expired: SubscriptionRecord | undefined;
  if (!reserved) {
    ({ expired } = await catchUpWithClock(db, userId, now));
    reserved = await takeAndRecordDocument(db, userId, month);
  }
  if (!reserved) return { isReserved: false, ...(expired && { expired }) };
  const isOverLimit = Number(reserved.used) > Number(reserved.monthlyLimit);
  return {
    ...(expired && { expired }),
    isReserved: true,
    isOverLimit,
    hasOverageToReport: isOverLimit || Number(reserved.carried) > 0,
  };
};

/** Gives a reserved document back when generating it failed. */
export const releaseDocument = async (db: Db, userId: string, reservedAt: Date): Promise<void> => {
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('subscriptions')
      .set((eb) => ({ pdfs_generated_this_month: eb('pdfs_generated_this_month', '-', 1) }))
      .where('user_id', '=', userId)
      .where('pdfs_generated_this_month', '>', 0)
      .execute();
    await trx
      .updateTable('usage_months')
      .set((eb) => ({ documents: eb('documents', '-', 1) }))
      .where('user_id', '=', userId)
      .where('month', '=', usageMonth(reservedAt))
      .where('documents', '>', 0)
      .execute();
  });
};

/** The plan an account generates under, for the message when its limit is reached. */
export const findPlanLimit = async (db: Db, userId: string) =>
  db
    .selectFrom('subscriptions')
    .innerJoin('plans', 'plans.id', 'subscriptions.plan_id')
    .select([
      'plans.subscription_type as planType',
      'plans.monthly_limit as monthlyLimit',
      'subscriptions.status',
    ])
    .where('subscriptions.user_id', '=', userId)
    .executeTakeFirst();
