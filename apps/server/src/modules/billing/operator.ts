import { sql } from 'kysely';
import type { Db } from '../../db/tables.ts';
import { findPlanLimit, findUsage, usageMonth } from './usage/usage.repository.ts';
import { createVoucher } from './vouchers/voucher-admin.ts';
import { redeemVoucherCode } from './vouchers/voucher-redemption.ts';

/*
 * What an operator changes on an account by hand (`npm run platen -- account:…`), through the
 * same paths as the product: a plan is granted as a one-use voucher redeemed for the account (so
 * its history says so and it ends like any voucher), documents are set on the current cycle and
 * the month's usage alike.
 */

/** The account's plan and documents this cycle. */
export const billingSummary = async (db: Db, userId: string) => {
  const [plan, usage] = await Promise.all([findPlanLimit(db, userId), findUsage(db, userId)]);
  if (!plan || !usage) throw new Error('This account has no subscription.');
  return {
    plan: plan.planType,
    status: plan.status,
    monthlyLimit: Number(plan.monthlyLimit),
    used: Number(usage.used),
  };
};

/**
 * Puts the account on a paid plan for `days`, as a voucher would: refused, with the reason, while
 * the account pays for a plan (that is changed at the payment provider).
 */
export const grantPlan = async (
  db: Db,
  userId: string,
  order: { plan: string; days: number },
  now: Date,
): Promise<void> => {
  const code = await createVoucher(db, { ...order, uses: 1, expiresAt: undefined }, now);
  await redeemVoucherCode(db, userId, code, now);
};

/** Sets the documents counted in the current cycle; the month's usage moves by as many. */
export const setDocumentsUsed = async (
  db: Db,
  userId: string,
  used: number,
  now: Date,
): Promise<void> => {
  await db.transaction().execute(async (trx) => {
    const before = await findUsage(trx, userId);
    if (!before) throw new Error('This account has no subscription.');
    const change = used - Number(before.used);
    await trx
      .updateTable('subscriptions')
      .set({ pdfs_generated_this_month: used })
      .where('user_id', '=', userId)
      .execute();
    const month = usageMonth(now);
    const updated = await trx
      .updateTable('usage_months')
      .set({
        documents: sql<number>`case when documents + ${change} > 0 then documents + ${change} else 0 end`,
      })
      .where('user_id', '=', userId)
      .where('month', '=', month)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) === 0 && change > 0) {
      await trx
        .insertInto('usage_months')
        .values({ user_id: userId, month, documents: change })
        .execute();
    }
  });
};
