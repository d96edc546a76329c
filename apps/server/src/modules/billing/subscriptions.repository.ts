import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/tables.ts';

export const FREE_PLAN_ID = 'free';

/** A new account starts ACTIVE on FREE, with a monthly billing cycle from now. */
export const insertFreeSubscription = async (db: Db, userId: string, now: Date) => {
  const cycleEnd = new Date(now);
  cycleEnd.setUTCMonth(cycleEnd.getUTCMonth() + 1);
  const iso = now.toISOString();
  await db
    .insertInto('subscriptions')
    .values({
      id: randomUUID(),
      user_id: userId,
      plan_id: FREE_PLAN_ID,
      status: 'ACTIVE',
      start_time: iso,
      end_time: null,
      auto_renewal: 0,
      voucher_code: null,
      billing_cycle_start: iso,
      billing_cycle_end: cycleEnd.toISOString(),
      pdfs_generated_this_month: 0,
      last_billed_date: null,
      provider_customer_id: null,
      provider_subscription_id: null,
      created_at: iso,
      updated_at: iso,
    })
    .execute();
};
