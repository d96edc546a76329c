import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-error.ts';
import {
  checkoutFailure,
  isPaidPlan,
  paidPlanEndsAt,
  portalFailure,
  portalRefusal,
  providerOfLink,
  subscribeRefusal,
} from './plan-rules.ts';

const apiError = (code: string, message: string) => new ApiError({ status: 400, code, message });

describe('isPaidPlan', () => {
  it('is true for every type but FREE', () => {
    expect(isPaidPlan('PRO')).toBe(true);
    expect(isPaidPlan('FREE')).toBe(false);
    expect(isPaidPlan(undefined)).toBe(false);
  });
});

describe('subscribeRefusal', () => {
  it('lets a FREE user subscribe to any plan', () => {
    expect(subscribeRefusal({ currentPlanType: 'FREE', chosenPlanType: 'PRO' })).toBeUndefined();
  });

  it('blocks another plan while a paid plan is the current one, naming that plan', () => {
    expect(subscribeRefusal({ currentPlanType: 'PRO', chosenPlanType: 'STARTER' })).toEqual({
      title: 'PRO plan',
      message: 'Cancel your subscription via billing portal to subscribe to a new plan',
    });
  });

  it('blocks going back to FREE by subscribing: that is a cancellation in the portal', () => {
    expect(subscribeRefusal({ currentPlanType: 'BUSINESS', chosenPlanType: 'FREE' })?.title).toBe(
      'BUSINESS plan',
    );
  });

  it('leaves the same plan to the server (the UI shows no subscribe button for it)', () => {
    expect(subscribeRefusal({ currentPlanType: 'PRO', chosenPlanType: 'PRO' })).toBeUndefined();
  });
});

describe('portalRefusal', () => {
  it('refuses the billing portal on the FREE plan', () => {
    expect(portalRefusal('FREE')).toEqual({
      title: 'Free plan',
      message: 'You cannot access the billing portal with a free plan',
    });
  });

  it('allows it on a paid plan', () => {
    expect(portalRefusal('STARTER')).toBeUndefined();
  });
});

describe('checkoutFailure', () => {
  it('titles code 40012 "Email not confirmed" with the server message', () => {
    expect(checkoutFailure(apiError('40012', 'Confirm first.'))).toEqual({
      title: 'Email not confirmed',
      message: 'Confirm first.',
    });
  });

  it('titles any other failure "Something went wrong"', () => {
    expect(checkoutFailure(apiError('PLAN_ACTIVE', 'Busy.')).title).toBe('Something went wrong');
  });

  it('falls back to "An unknown error occurred" without a server message', () => {
    expect(checkoutFailure(new Error('boom'))).toEqual({
      title: 'Something went wrong',
      message: 'An unknown error occurred',
    });
  });
});

describe('portalFailure', () => {
  it('titles code 40010 "Customer ID not found"', () => {
    expect(portalFailure(apiError('40010', 'No customer.')).title).toBe('Customer ID not found');
  });

  it('titles any other failure "Something went wrong", with the fallback message', () => {
    expect(portalFailure(apiError('X', ''))).toEqual({
      title: 'Something went wrong',
      message: 'An unknown error occurred',
    });
  });
});

describe('providerOfLink', () => {
  it('reads the provider segment of a checkout link', () => {
    expect(providerOfLink('/v1/session/local/create-checkout-session')).toBe('local');
    expect(providerOfLink('/v1/session/stripe/create-checkout-session')).toBe('stripe');
  });

  it('is undefined for an empty link or an unknown provider', () => {
    expect(providerOfLink('')).toBeUndefined();
    expect(providerOfLink('/v1/session/paypal/create-checkout-session')).toBeUndefined();
  });
});

describe('paidPlanEndsAt', () => {
  const END = '2026-04-01T09:00:00.000Z';
  it.each([
    ['a paid plan cancelled at period end', { status: 'CANCELED', voucher: false }, END],
    ['a paid plan that renews', { status: 'ACTIVE', voucher: false }, undefined],
    ['a voucher', { status: 'ACTIVE', voucher: true }, undefined],
    ['a cancelled voucher', { status: 'CANCELED', voucher: true }, undefined],
  ] as const)('%s', (_name, s, expected) => {
    expect(paidPlanEndsAt({ ...s, endTime: END })).toBe(expected);
  });
});
