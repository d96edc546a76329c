import { expect, it } from 'vitest';
import { decide, type BillingEvent, type Change } from '../src/modules/billing/lifecycle/decide.ts';
import {
  FREE_PLAN_ID,
  type SubscriptionRecord,
} from '../src/modules/billing/lifecycle/subscription-record.ts';
import type { ProviderSubscription } from '../src/modules/billing/payments/payment-provider.ts';

// The account signed up on January 10; FREE's cycles run from the 10th to the 10th.
const SIGN_UP = '2026-01-10T09:00:00.000Z';
export const at = (iso: string) => new Date(iso);

export const free: SubscriptionRecord = {
  id: 'sub-1',
  userId: 'user-1',
  planId: FREE_PLAN_ID,
  status: 'ACTIVE',
  startTime: SIGN_UP,
  endTime: null,
  autoRenewal: false,
  voucherCode: null,
  billingCycleStart: '2026-03-10T09:00:00.000Z',
  billingCycleEnd: '2026-04-10T09:00:00.000Z',
  pdfsGeneratedThisMonth: 40,
  lastBilledDate: null,
  providerCustomerId: null,
  providerSubscriptionId: null,
  overageReported: 0,
  overageCarried: 0,
  createdAt: SIGN_UP,
};

/** A 30-day PRO voucher redeemed on March 15. */
export const voucher: SubscriptionRecord = {
  ...free,
  planId: 'pro',
  startTime: '2026-03-15T12:00:00.000Z',
  endTime: '2026-04-14T12:00:00.000Z',
  voucherCode: 'PLT-AAAA',
  billingCycleStart: '2026-03-15T12:00:00.000Z',
  billingCycleEnd: '2026-04-15T12:00:00.000Z',
};

/** PRO paid through the provider since March 1, renewing monthly. */
export const paid: SubscriptionRecord = {
  ...free,
  planId: 'pro',
  startTime: '2026-03-01T00:00:00.000Z',
  endTime: '2026-04-01T00:00:00.000Z',
  autoRenewal: true,
  billingCycleStart: '2026-03-01T00:00:00.000Z',
  billingCycleEnd: '2026-04-01T00:00:00.000Z',
  providerCustomerId: 'cus_1',
  providerSubscriptionId: 'sub_pro',
};

/** The same plan, cancelled in the billing portal: it runs until April 1. */
export const cancelled: SubscriptionRecord = { ...paid, status: 'CANCELED', autoRenewal: false };

const providerSub = (o: Partial<ProviderSubscription> = {}): ProviderSubscription => ({
  id: 'sub_pro',
  customerId: 'cus_1',
  status: 'active',
  planId: 'pro',
  currentPeriodStart: at('2026-03-01T00:00:00.000Z'),
  currentPeriodEnd: at('2026-04-01T00:00:00.000Z'),
  cancelAtPeriodEnd: false,
  ...o,
});

export const READ_AT = at('2026-03-20T00:00:00.000Z');
export const fromProvider = (
  type: Extract<BillingEvent, { sub: ProviderSubscription }>['type'],
  o: Partial<ProviderSubscription> = {},
): Extract<BillingEvent, { sub: ProviderSubscription }> => ({
  type,
  sub: providerSub(o),
  planId: 'pro',
  readAt: READ_AT,
});

export const clock: BillingEvent = { type: 'clock' };
export const redeem: BillingEvent = {
  type: 'voucher.redeemed',
  voucher: { code: 'PLT-BBBB', planId: 'business', days: 10 },
};

export type Row = [
  name: string,
  current: SubscriptionRecord,
  event: BillingEvent,
  now: string,
  expected: Partial<Change>[],
];

/** One test per row: what `decide` answers for that subscription, event and moment. */
export const decidesEach = (rows: Row[]) =>
  it.each(rows)('%s', (_name, current, event, now, expected) => {
    const changes = decide(current, event, at(now));
    expect(changes).toHaveLength(expected.length);
    expected.forEach((change, i) => expect(changes[i]).toMatchObject(change));
  });
