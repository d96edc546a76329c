import type { PlansResponse } from '@platen/contract';
import { beforeEach, describe, expect, it } from 'vitest';
import { call, signUp, type Account } from '../../../test/http.ts';
import { testDatabases, type TestApp } from '../../../test/test-app.ts';
import {
  advanceDays,
  makeVoucher,
  reserveDocument,
  subscriptionOf,
  userIdOf,
  useBillingApp,
} from '../../../test/billing.ts';

describe.each(testDatabases())('plans, billing cycles and usage on %s', (database) => {
  const { current } = useBillingApp(database);
  let app: TestApp;
  let ada: Account;
  beforeEach(() => ({ app, ada } = current()));

  const redeem = (code: unknown, account = ada) =>
    call(app, 'POST', '/v1/subscription/voucher', { token: account.token, body: { code } });

  it('lists FREE and the paid plans, the caller’s marked active', async () => {
    const res = await call(app, 'GET', '/v1/subscription/plans', { token: ada.token });
    expect(res.statusCode).toBe(200);
    const plans = res.json<PlansResponse>();
    expect(plans[0]).toEqual({
      id: 'free',
      active: true,
      link: '',
      monthlyLimit: 100,
      overagePrice: 0.05,
      subscriptionType: 'FREE',
      price: 0,
      description: 'Everything you need to try Platen and run small workloads.',
      support: 'Video tutorials',
      popular: false,
    });
    const paid = plans.slice(1);
    expect(paid.length).toBeGreaterThanOrEqual(2);
    expect(paid.filter((p) => p.popular)).toHaveLength(1);
    for (const plan of paid) {
      expect(plan).toMatchObject({
        active: false,
        link: '/v1/session/local/create-checkout-session',
      });
      expect(plan.price).toBeGreaterThan(0);
    }
    expect(paid.find((p) => p.id === 'pro')).toMatchObject({ price: 29.99, monthlyLimit: 5000 });
  });

  it('starts a new account ACTIVE on FREE with a monthly cycle and its API key', async () => {
    const sub = await subscriptionOf(app, ada);
    expect(sub).toMatchObject({
      status: 'ACTIVE',
      subscriptionPlan: { id: 'free', active: true },
      startTime: '2026-03-01T09:00:00.000Z',
      endTime: null,
      autoRenewal: false,
      voucher: false,
      voucherCode: null,
      monthlyLimit: 100,
      pdfsGeneratedThisMonth: 0,
      allowOverCharge: false,
      overageCharges: 0,
      billingCycleStart: '2026-03-01T09:00:00.000Z',
      billingCycleEnd: '2026-04-01T09:00:00.000Z',
      lastBilledDate: null,
      providerSubscriptionId: null,
    });
    expect(sub.apiKey).toMatch(/^plt_/);
  });

  it('rolls the cycle over with the clock, usage starting again at zero', async () => {
    const userId = await userIdOf(app, ada.email);
    for (let i = 0; i < 3; i += 1) await reserveDocument(app.deps.db, userId, app.clock.now());
    expect((await subscriptionOf(app, ada)).pdfsGeneratedThisMonth).toBe(3);
    await advanceDays(app, 31, ada);
    const sub = await subscriptionOf(app, ada);
    expect(sub).toMatchObject({
      pdfsGeneratedThisMonth: 0,
      billingCycleStart: '2026-04-01T09:00:00.000Z',
      billingCycleEnd: '2026-05-01T09:00:00.000Z',
    });
  });

  it('keeps a cycle anchored on the 31st on the month’s last day, month after month', async () => {
    await advanceDays(app, 30);
    const bob = await signUp(app, { email: 'bob@example.com' });
    expect(await subscriptionOf(app, bob)).toMatchObject({
      billingCycleStart: '2026-03-31T09:00:00.000Z',
      billingCycleEnd: '2026-04-30T09:00:00.000Z',
    });
    const userId = await userIdOf(app, bob.email);
    await reserveDocument(app.deps.db, userId, app.clock.now());
    await advanceDays(app, 30, bob);
    expect(await subscriptionOf(app, bob)).toMatchObject({
      pdfsGeneratedThisMonth: 0,
      billingCycleStart: '2026-04-30T09:00:00.000Z',
      billingCycleEnd: '2026-05-31T09:00:00.000Z',
    });
    // Months later, without a visit in between: still on the anchor's day.
    await advanceDays(app, 92, bob);
    expect(await subscriptionOf(app, bob)).toMatchObject({
      billingCycleStart: '2026-07-31T09:00:00.000Z',
      billingCycleEnd: '2026-08-31T09:00:00.000Z',
    });
  });

  it('rolls the cycle over once when 20 documents race across its end', async () => {
    const userId = await userIdOf(app, ada.email);
    for (let i = 0; i < 7; i += 1) await reserveDocument(app.deps.db, userId, app.clock.now());
    await advanceDays(app, 31, ada);
    // A second roll-over by a slower caller would drop documents counted in the new cycle.
    const results = await Promise.all(
      Array.from({ length: 20 }, () => reserveDocument(app.deps.db, userId, app.clock.now())),
    );
    expect(results.every((r) => r.isReserved)).toBe(true);
    expect(await subscriptionOf(app, ada)).toMatchObject({
      pdfsGeneratedThisMonth: 20,
      billingCycleStart: '2026-04-01T09:00:00.000Z',
    });
  });

  it('counts exactly 5 of 20 parallel documents at 95 of 100', async () => {
    const userId = await userIdOf(app, ada.email);
    await app.deps.db
      .updateTable('subscriptions')
      .set({ pdfs_generated_this_month: 95 })
      .where('user_id', '=', userId)
      .execute();
    const results = await Promise.all(
      Array.from({ length: 20 }, () => reserveDocument(app.deps.db, userId, app.clock.now())),
    );
    expect(results.filter((r) => r.isReserved)).toHaveLength(5);
    expect((await subscriptionOf(app, ada)).pdfsGeneratedThisMonth).toBe(100);
  });

  it('charges overage only past the limit, in euros', async () => {
    await redeem(await makeVoucher(app, { plan: 'STARTER' }));
    const userId = await userIdOf(app, ada.email);
    await app.deps.db
      .updateTable('subscriptions')
      .set({ pdfs_generated_this_month: 999 })
      .where('user_id', '=', userId)
      .execute();
    expect((await subscriptionOf(app, ada)).overageCharges).toBe(0);
    for (let i = 0; i < 4; i += 1) {
      expect(await reserveDocument(app.deps.db, userId, app.clock.now())).toEqual({
        isReserved: true,
        isOverLimit: i > 0,
        hasOverageToReport: i > 0,
      });
    }
    expect(await subscriptionOf(app, ada)).toMatchObject({
      pdfsGeneratedThisMonth: 1003,
      overageCharges: 0.09,
    });
  });

  it('keeps FREE at its limit', async () => {
    const userId = await userIdOf(app, ada.email);
    await app.deps.db
      .updateTable('subscriptions')
      .set({ pdfs_generated_this_month: 100 })
      .where('user_id', '=', userId)
      .execute();
    expect(await reserveDocument(app.deps.db, userId, app.clock.now())).toEqual({
      isReserved: false,
    });
  });

  it('ignores plan and usage fields sent by the client', async () => {
    await call(app, 'POST', '/v1/subscription/cancel', {
      token: ada.token,
      body: { subscriptionPlan: { id: 'business' }, monthlyLimit: 1e9, status: 'ACTIVE' },
    });
    expect(await subscriptionOf(app, ada)).toMatchObject({
      subscriptionPlan: { id: 'free' },
      monthlyLimit: 100,
    });
  });

  it('needs a session', async () => {
    const urls = ['/v1/subscription', '/v1/subscription/plans', '/v1/subscription/history'];
    for (const url of [...urls, '/v1/dashboard']) {
      expect((await call(app, 'GET', url)).statusCode).toBe(401);
    }
  });
});
