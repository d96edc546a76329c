import { billingMessages } from '@platen/contract';
import { beforeEach, describe, expect, it } from 'vitest';
import { call, signUp, type Account } from '../../../test/http.ts';
import { testDatabases, type TestApp } from '../../../test/test-app.ts';
import { makeVoucher, subscriptionOf, useBillingApp, userIdOf } from '../../../test/billing.ts';

describe.each(testDatabases())('checkout, local provider, on %s', (database) => {
  const { current, checkout, pageOf, tokenOf, submit, subscribe } = useBillingApp(database, {
    isConfirmed: true,
  });
  let app: TestApp;
  let ada: Account;
  beforeEach(() => ({ app, ada } = current()));

  const liveLocalSubscriptions = () =>
    app.deps.db
      .selectFrom('local_payment_subscriptions')
      .selectAll()
      .where('status', '=', 'active')
      .execute();

  it('refuses checkout until the e-mail is confirmed (40012)', async () => {
    const bob = await signUp(app);
    const res = await checkout('pro', bob);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({
      status: 403,
      code: '40012',
      message: billingMessages.emailNotConfirmed,
    });
  });

  it('refuses unknown plans, the free plan and a provider that is not enabled', async () => {
    expect((await checkout('gold')).json()).toMatchObject({ code: 'PLAN_NOT_FOUND' });
    expect((await checkout('free')).json()).toMatchObject({ code: 'FREE_PLAN' });
    expect((await checkout('pro', ada, 'stripe')).statusCode).toBe(404);
  });

  it('shows the hosted checkout and activates the plan only through Pay', async () => {
    const res = await checkout('PRO');
    expect(res.statusCode).toBe(200);
    const { url } = res.json<{ url: string }>();
    expect(url).toMatch(/^https:\/\/platen\.example\/dev\/payments\/checkout\/[\w-]{43}$/);
    const page = await app.inject({ method: 'GET', url: pageOf(url) });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    expect(page.body).toContain('PRO');
    expect(page.body).toContain('€29.99');
    expect(page.body).not.toContain('<script');
    // Coming back to the success URL proves nothing: still FREE.
    expect((await subscriptionOf(app, ada)).subscriptionPlan.id).toBe('free');

    const paid = await submit('/dev/payments/checkout/pay', tokenOf(url));
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toBe('https://platen.example/admin/subscription');
    const sub = await subscriptionOf(app, ada);
    expect(sub).toMatchObject({
      subscriptionPlan: { id: 'pro', active: true },
      status: 'ACTIVE',
      autoRenewal: true,
      voucher: false,
      monthlyLimit: 5000,
      allowOverCharge: true,
      startTime: '2026-03-01T09:00:00.000Z',
      endTime: '2026-04-01T09:00:00.000Z',
      billingCycleStart: '2026-03-01T09:00:00.000Z',
      billingCycleEnd: '2026-04-01T09:00:00.000Z',
      lastBilledDate: '2026-03-01T09:00:00.000Z',
    });
    expect(sub.providerSubscriptionId).toMatch(/^sub_local_/);
  });

  it('uses a checkout page once: a second Pay is refused', async () => {
    const { url } = (await checkout('pro')).json<{ url: string }>();
    expect((await submit('/dev/payments/checkout/pay', tokenOf(url))).statusCode).toBe(303);
    expect((await submit('/dev/payments/checkout/pay', tokenOf(url))).statusCode).toBe(400);
    expect((await app.inject({ method: 'GET', url: pageOf(url) })).statusCode).toBe(400);
    const rows = await app.deps.db.selectFrom('local_payment_subscriptions').selectAll().execute();
    expect(rows).toHaveLength(1);
  });

  it('refuses forms without a valid page token', async () => {
    expect((await submit('/dev/payments/checkout/pay', 'forged')).statusCode).toBe(400);
    const noBody = await app.inject({ method: 'POST', url: '/dev/payments/checkout/pay' });
    expect(noBody.statusCode).toBe(400);
  });

  it('leaves the plan alone when checkout is cancelled', async () => {
    const { url } = (await checkout('pro')).json<{ url: string }>();
    const res = await submit('/dev/payments/checkout/cancel', tokenOf(url));
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('https://platen.example/admin/pricing');
    expect((await submit('/dev/payments/checkout/pay', tokenOf(url))).statusCode).toBe(400);
    expect((await subscriptionOf(app, ada)).subscriptionPlan.id).toBe('free');
  });

  it('creates the provider customer once and reuses it', async () => {
    await checkout('pro');
    await checkout('starter');
    const userId = await userIdOf(app, ada.email);
    const sessions = await app.deps.db
      .selectFrom('local_payment_sessions')
      .select('customer_id')
      .where('user_id', '=', userId)
      .execute();
    expect(new Set(sessions.map((s) => s.customer_id)).size).toBe(1);
  });

  it('refuses another plan while a paid plan is active', async () => {
    await subscribe('pro');
    const other = await checkout('business');
    expect(other.statusCode).toBe(409);
    expect(other.json()).toMatchObject({
      code: 'PLAN_ACTIVE',
      message: billingMessages.planActive,
    });
    expect((await checkout('pro')).json()).toMatchObject({ code: 'ALREADY_SUBSCRIBED' });
    const voucher = await call(app, 'POST', '/v1/subscription/voucher', {
      token: ada.token,
      body: { code: await makeVoucher(app) },
    });
    expect(voucher.json()).toMatchObject({ code: 'PLAN_ACTIVE' });
  });

  it('refuses to pay a second checkout page once a plan is paid', async () => {
    const first = (await checkout('pro')).json<{ url: string }>().url;
    const second = (await checkout('business')).json<{ url: string }>().url;
    expect((await submit('/dev/payments/checkout/pay', tokenOf(first))).statusCode).toBe(303);
    const refused = await submit('/dev/payments/checkout/pay', tokenOf(second));
    expect(refused.statusCode).toBe(409);
    expect(refused.body).toContain('You already have a paid plan');
    const live = await liveLocalSubscriptions();
    expect(live).toHaveLength(1);
    expect(await subscriptionOf(app, ada)).toMatchObject({
      subscriptionPlan: { id: 'pro' },
      providerSubscriptionId: live[0]?.id,
    });
  });

  it('keeps one live subscription when two checkout pages are paid at once', async () => {
    const urls = await Promise.all(
      ['pro', 'business', 'starter'].map(async (plan) => {
        const res = await checkout(plan);
        return res.json<{ url: string }>().url;
      }),
    );
    const answers = await Promise.all(
      urls.map((url) => submit('/dev/payments/checkout/pay', tokenOf(url))),
    );
    expect(answers.filter((r) => r.statusCode === 303).length).toBeGreaterThanOrEqual(1);
    const live = await liveLocalSubscriptions();
    expect(live).toHaveLength(1);
    expect(await subscriptionOf(app, ada)).toMatchObject({
      subscriptionPlan: { id: live[0]?.plan_id },
      providerSubscriptionId: live[0]?.id,
    });
  });

  it('keeps a voucher that a checkout opened before it replaces in the history', async () => {
    const { url } = (await checkout('pro')).json<{ url: string }>();
    const code = await makeVoucher(app, { plan: 'STARTER', days: 30 });
    const redeemed = await call(app, 'POST', '/v1/subscription/voucher', {
      token: ada.token,
      body: { code },
    });
    expect(redeemed.statusCode, redeemed.body).toBe(200);
    expect((await submit('/dev/payments/checkout/pay', tokenOf(url))).statusCode).toBe(303);
    expect(await subscriptionOf(app, ada)).toMatchObject({ subscriptionPlan: { id: 'pro' } });
    const history = await call(app, 'GET', '/v1/subscription/history', { token: ada.token });
    expect(history.json()).toMatchObject([
      { subscriptionType: 'STARTER', status: 'EXPIRED', voucher: true },
    ]);
  });
});
