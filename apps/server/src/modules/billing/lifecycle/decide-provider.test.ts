import { describe, expect, it } from 'vitest';
import {
  at,
  free,
  voucher,
  paid,
  cancelled,
  fromProvider,
  READ_AT,
  decidesEach,
} from '../../../../test/billing-decisions.ts';
import { decide } from './decide.ts';
import { FREE_PLAN_ID } from './subscription-record.ts';

describe("decide on the payment provider's subscription events", () => {
  decidesEach([
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
  ]);

  it('leaves a newer cycle alone when an older period is read', () => {
    const current = { ...paid, billingCycleStart: '2026-04-01T00:00:00.000Z' };
    const event = fromProvider('customer.subscription.updated');
    const [change] = decide(current, event, at('2026-04-02T00:00:00.000Z'));
    expect(change?.kind === 'write' && Object.keys(change.set)).not.toContain('billingCycleStart');
  });
});
