import { describe } from 'vitest';
import {
  at,
  free,
  voucher,
  paid,
  cancelled,
  redeem,
  decidesEach,
} from '../../../../test/billing-decisions.ts';

describe('decide on a redeemed voucher', () => {
  decidesEach([
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
  ]);
});
