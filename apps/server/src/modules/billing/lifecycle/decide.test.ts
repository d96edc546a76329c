import { describe, expect, it } from 'vitest';
import type { ProviderSubscription } from '../payments/payment-provider.ts';
import { decide, type BillingEvent, type Change } from './decide.ts';
import { FREE_PLAN_ID, type SubscriptionRecord } from './subscription-record.ts';

// The account signed up on January 10; FREE's cycles run from the 10th to the 10th.
const SIGN_UP = '2026-01-10T09:00:00.000Z';
const at = (iso: string) => new Date(iso);

const free: SubscriptionRecord = {
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
const voucher: SubscriptionRecord = {
  ...free,
  planId: 'pro',
  startTime: '2026-03-15T12:00:00.000Z',
  endTime: '2026-04-14T12:00:00.000Z',
  voucherCode: 'PLT-AAAA',
  billingCycleStart: '2026-03-15T12:00:00.000Z',
  billingCycleEnd: '2026-04-15T12:00:00.000Z',
};

/** PRO paid through the provider since March 1, renewing monthly. */
const paid: SubscriptionRecord = {
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
const cancelled: SubscriptionRecord = { ...paid, status: 'CANCELED', autoRenewal: false };

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

const READ_AT = at('2026-03-20T00:00:00.000Z');
const fromProvider = (
  type: Extract<BillingEvent, { sub: ProviderSubscription }>['type'],
  o: Partial<ProviderSubscription> = {},
): Extract<BillingEvent, { sub: ProviderSubscription }> => ({
  type,
  sub: providerSub(o),
  planId: 'pro',
  readAt: READ_AT,
});

const clock: BillingEvent = { type: 'clock' };
const redeem: BillingEvent = {
  type: 'voucher.redeemed',
  voucher: { code: 'PLT-BBBB', planId: 'business', days: 10 },
};

type Row = [
  name: string,
  current: SubscriptionRecord,
  event: BillingEvent,
  now: string,
  expected: Partial<Change>[],
];

const rows: Row[] = [
  // The clock.
  ['FREE inside its cycle: nothing', free, clock, '2026-03-20T00:00:00.000Z', []],
  [
    'FREE past its cycle: rolls over on the sign-up day, count restarts',
    free,
    clock,
    '2026-04-12T00:00:00.000Z',
    [
      {
        kind: 'write',
        outcome: 'rolled_over',
        count: 'restart',
        set: {
          billingCycleStart: '2026-04-10T09:00:00.000Z',
          billingCycleEnd: '2026-05-10T09:00:00.000Z',
        },
        guard: { billingCycleEnd: '2026-04-10T09:00:00.000Z' },
      },
    ],
  ],
  [
    'FREE months later: one roll-over to the cycle of now',
    free,
    clock,
    '2026-07-11T00:00:00.000Z',
    [
      {
        outcome: 'rolled_over',
        set: {
          billingCycleStart: '2026-07-10T09:00:00.000Z',
          billingCycleEnd: '2026-08-10T09:00:00.000Z',
        },
      },
    ],
  ],
  ['voucher before its end: nothing', voucher, clock, '2026-04-01T00:00:00.000Z', []],
  [
    'voucher at its end: expires to FREE inside the cycle FREE was left in, count resumed',
    voucher,
    clock,
    '2026-04-14T12:00:00.000Z',
    [
      {
        kind: 'write',
        outcome: 'expired',
        count: 'resumeFree',
        archiveEndedAt: at('2026-04-14T12:00:00.000Z'),
        set: {
          planId: FREE_PLAN_ID,
          status: 'ACTIVE',
          startTime: '2026-04-14T12:00:00.000Z',
          endTime: null,
          autoRenewal: false,
          voucherCode: null,
          providerSubscriptionId: null,
          billingCycleStart: '2026-04-10T09:00:00.000Z',
          billingCycleEnd: '2026-05-10T09:00:00.000Z',
        },
        guard: {
          planId: 'pro',
          endTime: '2026-04-14T12:00:00.000Z',
          autoRenewal: false,
          voucherCode: 'PLT-AAAA',
        },
      },
    ],
  ],
  [
    'voucher seen ended a cycle later: FREE in the cycle of now, at zero, ended at its end',
    voucher,
    clock,
    '2026-05-20T00:00:00.000Z',
    [
      {
        outcome: 'expired',
        count: 'zero',
        archiveEndedAt: at('2026-04-14T12:00:00.000Z'),
        set: expect.objectContaining({
          startTime: '2026-04-14T12:00:00.000Z',
          billingCycleStart: '2026-05-10T09:00:00.000Z',
          billingCycleEnd: '2026-06-10T09:00:00.000Z',
        }) as object,
      },
    ],
  ],
  ['paid inside its period: nothing', paid, clock, '2026-03-31T23:59:59.999Z', []],
  [
    'paid past its period: our cycle rolls over and the provider is asked to renew',
    paid,
    clock,
    '2026-04-01T00:00:00.000Z',
    [
      {
        outcome: 'rolled_over',
        count: 'restart',
        set: {
          billingCycleStart: '2026-04-01T00:00:00.000Z',
          billingCycleEnd: '2026-05-01T00:00:00.000Z',
        },
      },
      { kind: 'renewal_due', providerSubscriptionId: 'sub_pro' },
    ],
  ],
  [
    'paid, renewed by the provider before our roll-over: the cycle rolls over, no renewal asked',
    { ...paid, endTime: '2026-05-01T00:00:00.000Z' },
    clock,
    '2026-04-02T00:00:00.000Z',
    [{ outcome: 'rolled_over' }],
  ],
  ['cancelled at period end, before it: nothing', cancelled, clock, '2026-03-31T00:00:00.000Z', []],
  [
    'cancelled at period end, at it: expires to FREE, nothing asked of the provider',
    cancelled,
    clock,
    '2026-04-01T00:00:00.000Z',
    [{ kind: 'write', outcome: 'expired', archiveEndedAt: at('2026-04-01T00:00:00.000Z') }],
  ],
  // Vouchers.
  [
    'redeem on FREE: the voucher plan from now, its own monthly cycle, FREE put aside',
    free,
    redeem,
    '2026-03-20T00:00:00.000Z',
    [
      {
        kind: 'write',
        outcome: 'voucher_started',
        count: 'zero',
        putsFreeAside: true,
        set: {
          planId: 'business',
          status: 'ACTIVE',
          startTime: '2026-03-20T00:00:00.000Z',
          endTime: '2026-03-30T00:00:00.000Z',
          autoRenewal: false,
          voucherCode: 'PLT-BBBB',
          billingCycleStart: '2026-03-20T00:00:00.000Z',
          billingCycleEnd: '2026-04-20T00:00:00.000Z',
        },
      },
    ],
  ],
  [
    'redeem over a voucher: the old one ends now, in the history',
    voucher,
    redeem,
    '2026-03-20T00:00:00.000Z',
    [{ outcome: 'voucher_started', archiveEndedAt: at('2026-03-20T00:00:00.000Z') }],
  ],
  [
    'redeem on a paid plan: refused, cancel it first',
    paid,
    redeem,
    '2026-03-20T00:00:00.000Z',
    [{ kind: 'refuse', reason: 'plan_active' }],
  ],
  [
    'redeem on a plan cancelled at period end: refused until the period ends, and says when',
    cancelled,
    redeem,
    '2026-03-20T00:00:00.000Z',
    [{ kind: 'refuse', reason: 'paid_plan_ending', endsAt: at('2026-04-01T00:00:00.000Z') }],
  ],
  [
    'cancel a voucher: FREE from now, count resumed, guarded by its code',
    voucher,
    { type: 'voucher.cancelled' },
    '2026-03-20T00:00:00.000Z',
    [
      {
        outcome: 'voucher_ended',
        count: 'resumeFree',
        guard: { voucherCode: 'PLT-AAAA' },
        archiveEndedAt: at('2026-03-20T00:00:00.000Z'),
      },
    ],
  ],
  [
    'cancel without a voucher: nothing',
    free,
    { type: 'voucher.cancelled' },
    '2026-03-20T00:00:00.000Z',
    [{ kind: 'ignore' }],
  ],
  // The provider.
  [
    'checkout completed on FREE: the paid plan, its period as our cycle, count restarts',
    free,
    fromProvider('checkout.session.completed'),
    '2026-03-01T00:00:01.000Z',
    [
      {
        kind: 'write',
        outcome: 'provider_applied',
        count: 'restart',
        putsFreeAside: true,
        guard: { syncedBefore: READ_AT },
        set: {
          planId: 'pro',
          status: 'ACTIVE',
          autoRenewal: true,
          endTime: '2026-04-01T00:00:00.000Z',
          voucherCode: null,
          providerSubscriptionId: 'sub_pro',
          lastBilledDate: '2026-03-01T00:00:00.000Z',
          startTime: '2026-03-01T00:00:00.000Z',
          billingCycleStart: '2026-03-01T00:00:00.000Z',
          billingCycleEnd: '2026-04-01T00:00:00.000Z',
          providerSyncedAt: READ_AT.toISOString(),
        },
      },
    ],
  ],
  [
    'checkout completed over a voucher: the voucher ends now, in the history',
    voucher,
    fromProvider('checkout.session.completed'),
    '2026-03-20T00:00:00.000Z',
    [{ outcome: 'provider_applied', archiveEndedAt: at('2026-03-20T00:00:00.000Z') }],
  ],
  [
    'checkout not paid yet: ignored',
    free,
    fromProvider('checkout.session.completed', { status: 'incomplete' }),
    '2026-03-01T00:00:01.000Z',
    [{ kind: 'ignore', reason: 'status incomplete' }],
  ],
  [
    'a price of no plan of ours: ignored',
    free,
    { ...fromProvider('customer.subscription.created'), planId: undefined },
    '2026-03-01T00:00:01.000Z',
    [{ kind: 'ignore', reason: 'price of no known plan' }],
  ],
  [
    'a second paid subscription: kept the first, the provider ends the second',
    paid,
    fromProvider('checkout.session.completed', { id: 'sub_second' }),
    '2026-03-20T00:00:00.000Z',
    [{ kind: 'cancel_duplicate', keptId: 'sub_pro', duplicateId: 'sub_second' }],
  ],
  [
    'updated: cancelled at period end in the portal, CANCELED until then, same cycle',
    paid,
    fromProvider('customer.subscription.updated', { cancelAtPeriodEnd: true }),
    '2026-03-20T00:00:00.000Z',
    [
      {
        outcome: 'provider_applied',
        count: 'keep',
        set: expect.objectContaining({
          status: 'CANCELED',
          autoRenewal: false,
          billingCycleEnd: '2026-04-01T00:00:00.000Z',
        }) as object,
      },
    ],
  ],
  [
    'invoice paid for the next period our clock has not rolled to: new cycle, count restarts',
    paid,
    fromProvider('invoice.paid', {
      currentPeriodStart: at('2026-04-01T00:00:00.000Z'),
      currentPeriodEnd: at('2026-05-01T00:00:00.000Z'),
    }),
    '2026-04-01T00:05:00.000Z',
    [
      {
        outcome: 'provider_applied',
        count: 'restart',
        set: expect.objectContaining({
          billingCycleStart: '2026-04-01T00:00:00.000Z',
          billingCycleEnd: '2026-05-01T00:00:00.000Z',
          endTime: '2026-05-01T00:00:00.000Z',
        }) as object,
      },
    ],
  ],
  [
    'invoice paid for the period our clock already rolled to: usage kept',
    {
      ...paid,
      billingCycleStart: '2026-04-01T00:00:00.000Z',
      billingCycleEnd: '2026-05-01T00:00:00.000Z',
    },
    fromProvider('invoice.paid', {
      currentPeriodStart: at('2026-04-01T00:00:00.000Z'),
      currentPeriodEnd: at('2026-05-01T00:00:00.000Z'),
    }),
    '2026-04-01T00:05:00.000Z',
    [{ outcome: 'provider_applied', count: 'keep' }],
  ],
  [
    'an older period read after a newer one: the cycle stays',
    {
      ...paid,
      billingCycleStart: '2026-04-01T00:00:00.000Z',
      billingCycleEnd: '2026-05-01T00:00:00.000Z',
    },
    fromProvider('customer.subscription.updated'),
    '2026-04-02T00:00:00.000Z',
    [
      {
        outcome: 'provider_applied',
        count: 'keep',
        set: { endTime: '2026-04-01T00:00:00.000Z' },
      },
    ],
  ],
  [
    'invoice payment failed: PAST_DUE, the plan kept',
    paid,
    fromProvider('invoice.payment_failed', { status: 'past_due' }),
    '2026-04-01T01:00:00.000Z',
    [{ outcome: 'provider_applied', set: { status: 'PAST_DUE' } }],
  ],
  [
    'the provider gave up collecting: UNPAID',
    paid,
    fromProvider('customer.subscription.updated', { status: 'unpaid' }),
    '2026-04-20T00:00:00.000Z',
    [{ outcome: 'provider_applied', set: { status: 'UNPAID' } }],
  ],
  [
    'deleted at the provider: back to FREE now, in the history',
    paid,
    fromProvider('customer.subscription.deleted', { status: 'canceled' }),
    '2026-03-20T00:00:00.000Z',
    [
      {
        kind: 'write',
        outcome: 'provider_ended',
        count: 'resumeFree',
        archiveEndedAt: at('2026-03-20T00:00:00.000Z'),
        guard: { syncedBefore: READ_AT },
        set: expect.objectContaining({
          planId: FREE_PLAN_ID,
          providerSubscriptionId: null,
          providerSyncedAt: READ_AT.toISOString(),
        }) as object,
      },
    ],
  ],
  [
    'cancelled at period end and read after its end: back to FREE',
    cancelled,
    fromProvider('customer.subscription.updated', { cancelAtPeriodEnd: true }),
    '2026-04-01T00:00:00.000Z',
    [{ outcome: 'provider_ended' }],
  ],
  [
    'a subscription we no longer hold, ended: ignored',
    free,
    fromProvider('customer.subscription.deleted', { status: 'canceled' }),
    '2026-03-20T00:00:00.000Z',
    [{ kind: 'ignore', reason: 'ended, not the current one' }],
  ],
];

describe('decide', () => {
  it.each(rows)('%s', (_name, current, event, now, expected) => {
    const changes = decide(current, event, at(now));
    expect(changes).toHaveLength(expected.length);
    expected.forEach((change, i) => expect(changes[i]).toMatchObject(change));
  });

  it('leaves a newer cycle alone when an older period is read', () => {
    const current = { ...paid, billingCycleStart: '2026-04-01T00:00:00.000Z' };
    const event = fromProvider('customer.subscription.updated');
    const [change] = decide(current, event, at('2026-04-02T00:00:00.000Z'));
    expect(change?.kind === 'write' && Object.keys(change.set)).not.toContain('billingCycleStart');
  });

  it('changes nothing it is given', () => {
    const current = structuredClone(voucher);
    decide(current, clock, at('2026-05-20T00:00:00.000Z'));
    expect(current).toEqual(voucher);
  });
});
