import { type Kysely, sql } from 'kysely';
import { compiledOnce } from '../../../db/compiled-once.ts';
import { isSqlite } from '../../../db/dialect.ts';
import type { Db } from '../../../db/tables.ts';
import { FREE_PLAN_ID } from '../lifecycle/subscription-record.ts';

/** The month a document counts in for the usage history, e.g. `2026-03` (UTC). */
export const usageMonth = (at: Date): string => at.toISOString().slice(0, 7);

/**
 * Takes `count` documents of the plan's allowance, all or none; returns nothing when the plan
 * does not allow them. With `upToDateAt`, also nothing when the subscription must first catch up
 * with that moment (lifecycle/apply-changes.ts): the common case then costs this one statement.
 * The allowance is the one rule checked here rather than in decide.ts: it must be re-checked by
 * the database on the row it locks, or concurrent reservations would pass the limit.
 */
const takeDocuments = (db: Db, userId: string, count: number, upToDateAt?: string) =>
  db
    .updateTable('subscriptions')
    .set((eb) => ({ pdfs_generated_this_month: eb('pdfs_generated_this_month', '+', count) }))
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
          eb('pdfs_generated_this_month', '+', count),
          '<=',
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
      eb
        .selectFrom('plans')
        .select('plans.allow_overage')
        .whereRef('plans.id', '=', 'subscriptions.plan_id')
        .as('allowOverage'),
    ]);

/*
 * The count and the monthly usage history change together (a crash between two separate
 * statements left them apart). PostgreSQL does both in one statement, so the subscription row
 * stays locked for one statement only (a transaction around two round trips halved the
 * throughput of one busy account); SQLite, in process, uses a transaction.
 */
const recordInMonth = (db: Db, userId: string, month: string, count: number) =>
  db
    .insertInto('usage_months')
    .values({ user_id: userId, month, documents: count })
    .onConflict((oc) =>
      oc
        .columns(['user_id', 'month'])
        .doUpdateSet({ documents: sql`usage_months.documents + ${count}` }),
    );

/** PostgreSQL: the count and the month in one data-modifying CTE. */
const takeAndRecordInOne = (
  db: Db,
  userId: string,
  month: string,
  count: number,
  upToDateAt?: string,
) =>
  db
    .with('reserved', () => takeDocuments(db, userId, count, upToDateAt))
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
              sql<number>`${count}::integer`.as('documents'),
            ]),
        )
        .onConflict((oc) =>
          oc
            .columns(['user_id', 'month'])
            .doUpdateSet({ documents: sql`usage_months.documents + ${count}::integer` }),
        ),
    )
    .selectFrom('reserved')
    .selectAll();

// Built once per database, each call binding only its values (db/compiled-once.ts): building
// these queries cost the generate route more than running them. They count one document, as the
// generate route does; a batch of several builds its statements per call.
const single = {
  takeUpToDate: compiledOnce((db, userId: string, upToDateAt: string) =>
    takeDocuments(db, userId, 1, upToDateAt),
  ),
  take: compiledOnce((db, userId: string) => takeDocuments(db, userId, 1)),
  recordInMonth: compiledOnce((db, userId: string, month: string) =>
    recordInMonth(db, userId, month, 1),
  ),
  takeAndRecordUpToDate: compiledOnce((db, userId: string, month: string, upToDateAt: string) =>
    takeAndRecordInOne(db, userId, month, 1, upToDateAt),
  ),
  takeAndRecord: compiledOnce((db, userId: string, month: string) =>
    takeAndRecordInOne(db, userId, month, 1),
  ),
};

type Query = { userId: string; month: string; count: number; upToDateAt?: string };

const takeStatement = (db: Db, { userId, count, upToDateAt }: Query) => {
  if (count !== 1) return takeDocuments(db, userId, count, upToDateAt).compile();
  return upToDateAt === undefined
    ? single.take(db, userId)
    : single.takeUpToDate(db, userId, upToDateAt);
};

const recordStatement = (db: Db, { userId, month, count }: Query) =>
  count === 1
    ? single.recordInMonth(db, userId, month)
    : recordInMonth(db, userId, month, count).compile();

const takeAndRecordStatement = (db: Db, { userId, month, count, upToDateAt }: Query) => {
  if (count !== 1) return takeAndRecordInOne(db, userId, month, count, upToDateAt).compile();
  return upToDateAt === undefined
    ? single.takeAndRecord(db, userId, month)
    : single.takeAndRecordUpToDate(db, userId, month, upToDateAt);
};

export type TakenDocuments = {
  used: number;
  monthlyLimit: number;
  allowOverage: boolean;
  carried: number;
};

/**
 * Counts `count` documents in the current cycle and in the month's usage, all or none, if the
 * plan allows them (under the monthly limit, or over it with overage). Exact under any
 * concurrency: the database re-checks the condition on the row it locks. With `upToDateAt`, takes
 * nothing when the subscription must first catch up with the clock.
 */
export const takeDocumentsInMonth = async (
  db: Db,
  q: Query,
): Promise<TakenDocuments | undefined> => {
  const row = isSqlite(db as unknown as Kysely<unknown>)
    ? await db.transaction().execute(async (trx) => {
        const [reserved] = (await trx.executeQuery(takeStatement(db, q))).rows;
        if (reserved) await trx.executeQuery(recordStatement(db, q));
        return reserved;
      })
    : (await db.executeQuery(takeAndRecordStatement(db, q))).rows[0];
  return (
    row && {
      used: Number(row.used),
      monthlyLimit: Number(row.monthlyLimit),
      allowOverage: Boolean(Number(row.allowOverage)),
      carried: Number(row.carried),
    }
  );
};

/** Gives back `count` reserved documents when generating them failed, never below zero. */
export const releaseDocumentsInMonth = async (
  db: Db,
  q: { userId: string; month: string; count: number },
): Promise<void> => {
  const { userId, month, count } = q;
  // Inside a caller's transaction (a job's end and its give-back are one change), or its own.
  const inTransaction = (work: (trx: Db) => Promise<void>) =>
    db.isTransaction ? work(db) : db.transaction().execute(work);
  await inTransaction(async (trx) => {
    await trx
      .updateTable('subscriptions')
      .set({
        pdfs_generated_this_month: sql<number>`case when pdfs_generated_this_month > ${count}
          then pdfs_generated_this_month - ${count} else 0 end`,
      })
      .where('user_id', '=', userId)
      .where('pdfs_generated_this_month', '>', 0)
      .execute();
    await trx
      .updateTable('usage_months')
      .set({
        documents: sql<number>`case when documents > ${count} then documents - ${count} else 0 end`,
      })
      .where('user_id', '=', userId)
      .where('month', '=', month)
      .where('documents', '>', 0)
      .execute();
  });
};

/** The remaining documents of the current cycle, for a refusal that says how many are left. */
export const findUsage = (db: Db, userId: string) =>
  db
    .selectFrom('subscriptions')
    .innerJoin('plans', 'plans.id', 'subscriptions.plan_id')
    .select([
      'subscriptions.pdfs_generated_this_month as used',
      'plans.monthly_limit as monthlyLimit',
    ])
    .where('subscriptions.user_id', '=', userId)
    .executeTakeFirst();

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
