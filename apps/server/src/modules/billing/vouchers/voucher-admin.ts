import type { Db } from '../../../db/tables.ts';
import { findPlan } from '../lifecycle/plans.repository.ts';
import { newVoucherCode } from './voucher-codes.ts';
import { insertVoucher } from './vouchers.repository.ts';

export type VoucherOrder = {
  /** The plan's type (PRO) or id (pro). */
  plan: string;
  days: number;
  uses: number;
  /** The last moment the code can be redeemed; none means it never expires. */
  expiresAt: Date | undefined;
};

/** Makes a voucher code for an operator (`npm run voucher -- create …`). */
export const createVoucher = async (db: Db, order: VoucherOrder, now: Date): Promise<string> => {
  const plan = await findPlan(db, order.plan);
  if (!plan) throw new Error(`There is no plan "${order.plan}".`);
  if (plan.priceCents === 0) throw new Error('A voucher for the free plan grants nothing.');
  const code = newVoucherCode();
  await insertVoucher(db, {
    code,
    planId: plan.id,
    days: order.days,
    maxUses: order.uses,
    expiresAt: order.expiresAt?.toISOString() ?? null,
    createdAt: now.toISOString(),
  });
  return code;
};
