import type { Db } from '../../../db/tables.ts';

export type NewVoucher = {
  code: string;
  planId: string;
  days: number;
  maxUses: number;
  expiresAt: string | null;
  createdAt: string;
};

export const insertVoucher = async (db: Db, v: NewVoucher): Promise<void> => {
  await db
    .insertInto('vouchers')
    .values({
      code: v.code,
      plan_id: v.planId,
      days: v.days,
      max_uses: v.maxUses,
      uses: 0,
      expires_at: v.expiresAt,
      created_at: v.createdAt,
    })
    .execute();
};

/**
 * Takes one use of a voucher if it still has one and has not expired, in one statement: the
 * database re-checks `uses < max_uses` on the row it locks, so 20 racing requests for a
 * single-use code give exactly one winner on SQLite and PostgreSQL alike.
 */
export const takeVoucherUse = async (
  db: Db,
  code: string,
  now: string,
): Promise<{ planId: string; days: number } | undefined> => {
  const row = await db
    .updateTable('vouchers')
    .set((eb) => ({ uses: eb('uses', '+', 1) }))
    .where('code', '=', code)
    .where((eb) => eb('uses', '<', eb.ref('max_uses')))
    .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now)]))
    .returning(['plan_id', 'days'])
    .executeTakeFirst();
  return row && { planId: row.plan_id, days: Number(row.days) };
};

export const insertRedemption = async (
  db: Db,
  r: { code: string; userId: string; now: string },
): Promise<void> => {
  await db
    .insertInto('voucher_redemptions')
    .values({ voucher_code: r.code, user_id: r.userId, redeemed_at: r.now })
    .execute();
};
