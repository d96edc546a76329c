import { describe, expect, it } from 'vitest';
import {
  at,
  free,
  voucher,
  paid,
  cancelled,
  clock,
  decidesEach,
} from '../../../../test/billing-decisions.ts';
import { decide } from './decide.ts';
import { FREE_PLAN_ID } from './subscription-record.ts';

describe('decide on the billing clock', () => {
  decidesEach([
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
    [
      'cancelled at period end, before it: nothing',
      cancelled,
      clock,
      '2026-03-31T00:00:00.000Z',
      [],
    ],
    [
      'cancelled at period end, at it: expires to FREE, nothing asked of the provider',
      cancelled,
      clock,
      '2026-04-01T00:00:00.000Z',
      [{ kind: 'write', outcome: 'expired', archiveEndedAt: at('2026-04-01T00:00:00.000Z') }],
    ],
  ]);

  it('changes nothing it is given', () => {
    const current = structuredClone(voucher);
    decide(current, clock, at('2026-05-20T00:00:00.000Z'));
    expect(current).toEqual(voucher);
  });
});
