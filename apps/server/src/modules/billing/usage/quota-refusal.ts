import type { Db } from '../../../db/tables.ts';
import { AppError } from '../../../lib/app-error.ts';
import { findPlanLimit } from './usage.repository.ts';

/** The account's plan as a refusal names it. */
export type RefusedPlan = { planType: string; monthlyLimit: number };

/**
 * Why documents could not be counted: a subscription not in good standing, whatever was asked,
 * or else the plan's limit, in the words of the caller (one document, or a batch of them).
 */
export const quotaRefusal = async (
  db: Db,
  userId: string,
  overLimit: (plan: RefusedPlan) => string,
): Promise<AppError> => {
  const plan = await findPlanLimit(db, userId);
  if (plan?.status === 'UNPAID' || plan?.status === 'EXPIRED') {
    return new AppError(
      'QUOTA_EXCEEDED',
      402,
      'Your subscription is not paid. Update your payment details in the billing portal to generate documents.',
    );
  }
  const refused = { planType: plan?.planType ?? '', monthlyLimit: Number(plan?.monthlyLimit ?? 0) };
  return new AppError('QUOTA_EXCEEDED', 402, overLimit(refused));
};
