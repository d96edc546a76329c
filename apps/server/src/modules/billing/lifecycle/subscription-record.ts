import type { SubscriptionStatus } from '@platen/contract';

export const FREE_PLAN_ID = 'free';

/** An account's subscription as stored (subscriptions.repository.ts reads and writes it). */
export type SubscriptionRecord = {
  id: string;
  userId: string;
  planId: string;
  status: SubscriptionStatus;
  startTime: string;
  endTime: string | null;
  autoRenewal: boolean;
  voucherCode: string | null;
  billingCycleStart: string;
  billingCycleEnd: string;
  pdfsGeneratedThisMonth: number;
  lastBilledDate: string | null;
  providerCustomerId: string | null;
  providerSubscriptionId: string | null;
  /** Overage documents of this cycle already reported to the provider. */
  overageReported: number;
  /** Overage documents of ended cycles not yet reported to the provider. */
  overageCarried: number;
  /** When the account signed up (its row was made then): FREE's cycles are anchored on it. */
  createdAt: string;
};
