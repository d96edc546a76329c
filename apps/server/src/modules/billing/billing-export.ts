import type { Db } from '../../db/tables.ts';
import { listHistory } from './lifecycle/subscription-history.repository.ts';

/**
 * The account's billing as its data export holds it: the subscription, the ended ones, and the
 * documents generated per calendar month. The payment provider's ids stay out: they mean
 * nothing to the account, and invoices are the provider's to give.
 */
export const billingForExport = async (db: Db, userId: string) => {
  const subscription = await db
    .selectFrom('subscriptions')
    .innerJoin('plans', 'plans.id', 'subscriptions.plan_id')
    .select([
      'plans.subscription_type as plan',
      'subscriptions.status',
      'subscriptions.start_time as startTime',
      'subscriptions.end_time as endTime',
      'subscriptions.auto_renewal as autoRenewal',
      'subscriptions.voucher_code as voucherCode',
      'subscriptions.billing_cycle_start as billingCycleStart',
      'subscriptions.billing_cycle_end as billingCycleEnd',
      'subscriptions.pdfs_generated_this_month as documentsThisCycle',
    ])
    .where('subscriptions.user_id', '=', userId)
    .executeTakeFirst();
  const history = await listHistory(db, userId, { all: true });
  const months = await db
    .selectFrom('usage_months')
    .select(['month', 'documents'])
    .where('user_id', '=', userId)
    .orderBy('month')
    .execute();
  return {
    subscription: subscription
      ? {
          ...subscription,
          autoRenewal: Boolean(subscription.autoRenewal),
          documentsThisCycle: Number(subscription.documentsThisCycle),
        }
      : null,
    subscriptionHistory: history,
    usagePerMonth: months.map((row) => ({ month: row.month, documents: Number(row.documents) })),
  };
};
