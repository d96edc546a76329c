import { billingMessages } from '@platen/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { call, signUp, type Account } from '../../../test/http.ts';
import { buildTestApp, testDatabases, type TestApp } from '../../../test/test-app.ts';
import {
  advanceDays,
  confirmEmail,
  makeVoucher,
  subscriptionOf,
  userIdOf,
} from '../../../test/billing.ts';
import { reserveDocument } from './usage/document-count.ts';

describe.each(testDatabases())('checkout and billing portal, local provider, on %s', (database) => {
  let app: TestApp;
  let ada: Account;
  beforeEach(async () => {
    app = await buildTestApp(database);
    ada = await signUp(app, { email: 'ada@example.com' });
    await confirmEmail(app, ada.email);
  });
  afterEach(() => app.dispose());

  const checkout = (planId: string, account = ada, provider = 'local') =>
    call(app, 'POST', `/v1/session/${provider}/create-checkout-session`, {
      token: account.token,
      body: { planId, email: 'someone-else@example.com' },
    });
  const portal = (account = ada) =>
    call(app, 'POST', '/v1/session/local/billing-portal', {
      token: account.token,
      body: { planId: 'PRO', email: account.email },
    });
  const pageOf = (url: string) => new URL(url).pathname;
  const tokenOf = (url: string) => url.split('/').at(-1) ?? '';
  /** A plain HTML form post: no XSRF header, no bearer token, only the page's own token. */
  const submit = (path: string, token: string) =>
    app.inject({
      method: 'POST',
      url: path,
      payload: `token=${encodeURIComponent(token)}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
  const subscribe = async (planId = 'pro', account = ada) => {
    const { url } = (await checkout(planId, account)).json<{ url: string }>();
    return submit('/dev/payments/checkout/pay', tokenOf(url));
  };

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

  it('refuses the billing portal on FREE, and without a provider customer (40010)', async () => {
    const free = await portal();
    expect(free.statusCode).toBe(400);
    expect(free.json()).toMatchObject({
      code: 'FREE_PLAN',
      message: 'You cannot access the billing portal with a free plan',
    });
    await call(app, 'POST', '/v1/subscription/voucher', {
      token: ada.token,
      body: { code: await makeVoucher(app) },
    });
    const noCustomer = await portal();
    expect(noCustomer.statusCode).toBe(404);
    expect(noCustomer.json()).toMatchObject({ code: '40010' });
  });

  it('cancels at period end and resumes in the portal, through signed events', async () => {
    await subscribe('pro');
    const { url } = (await portal()).json<{ url: string }>();
    const token = tokenOf(url);
    const page = await app.inject({ method: 'GET', url: pageOf(url) });
    expect(page.body).toContain('Cancel at period end');
    const cancelled = await submit('/dev/payments/portal/cancel', token);
    expect(cancelled.statusCode).toBe(303);
    expect(await subscriptionOf(app, ada)).toMatchObject({
      subscriptionPlan: { id: 'pro' },
      status: 'CANCELED',
      autoRenewal: false,
    });
    expect((await app.inject({ method: 'GET', url: pageOf(url) })).body).toContain('Resume');
    await submit('/dev/payments/portal/resume', token);
    expect(await subscriptionOf(app, ada)).toMatchObject({ status: 'ACTIVE', autoRenewal: true });
  });

  it('says until when a cancelled plan runs when a voucher is redeemed, then takes it after', async () => {
    await subscribe('pro');
    const { url } = (await portal()).json<{ url: string }>();
    await submit('/dev/payments/portal/cancel', tokenOf(url));
    const code = await makeVoucher(app, { plan: 'BUSINESS' });
    const redeem = () =>
      call(app, 'POST', '/v1/subscription/voucher', { token: ada.token, body: { code } });
    const refused = await redeem();
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'PLAN_ENDING',
      message:
        'Your paid plan is cancelled and stays active until Apr 1, 2026. ' +
        'You can redeem a voucher once it has ended.',
    });
    expect(await subscriptionOf(app, ada)).toMatchObject({ subscriptionPlan: { id: 'pro' } });
    await advanceDays(app, 31, ada);
    const redeemed = await redeem();
    expect(redeemed.statusCode, redeemed.body).toBe(200);
    expect(redeemed.json()).toMatchObject({ subscriptionPlan: { id: 'business' }, voucher: true });
  });

  it('cancels a paid plan at period end, then falls back to FREE', async () => {
    await subscribe('starter');
    const res = await call(app, 'POST', '/v1/subscription/cancel', { token: ada.token, body: {} });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      subscriptionPlan: { id: 'starter' },
      status: 'CANCELED',
      autoRenewal: false,
      endTime: '2026-04-01T09:00:00.000Z',
    });
    await advanceDays(app, 30, ada);
    expect((await subscriptionOf(app, ada)).subscriptionPlan.id).toBe('starter');
    await advanceDays(app, 1, ada);
    expect(await subscriptionOf(app, ada)).toMatchObject({
      subscriptionPlan: { id: 'free' },
      status: 'ACTIVE',
      providerSubscriptionId: null,
      startTime: '2026-04-01T09:00:00.000Z',
    });
    const history = await call(app, 'GET', '/v1/subscription/history', { token: ada.token });
    expect(history.json()).toMatchObject([
      {
        subscriptionType: 'STARTER',
        status: 'EXPIRED',
        startTime: '2026-03-01T09:00:00.000Z',
        endTime: '2026-04-01T09:00:00.000Z',
        voucher: false,
      },
    ]);
    // The customer stays with the account: a later checkout reuses it.
    expect((await checkout('pro')).statusCode).toBe(200);
  });

  const renewalEvents = () =>
    app.deps.db
      .selectFrom('provider_events')
      .select(['id', 'type'])
      .where('id', 'like', 'evt_local_renewal_%')
      .execute();

  it('renews an auto-renewing plan at period end through one signed event', async () => {
    await subscribe('pro');
    const userId = await userIdOf(app, ada.email);
    for (let i = 0; i < 3; i += 1) await reserveDocument(app.deps.db, userId, app.clock.now());
    await advanceDays(app, 31, ada);
    // Several instances (or requests) noticing the new period at once make one renewal.
    const views = await Promise.all(Array.from({ length: 8 }, () => subscriptionOf(app, ada)));
    for (const view of views) {
      expect(view).toMatchObject({
        subscriptionPlan: { id: 'pro' },
        status: 'ACTIVE',
        autoRenewal: true,
        startTime: '2026-03-01T09:00:00.000Z',
        endTime: '2026-05-01T09:00:00.000Z',
        lastBilledDate: '2026-04-01T09:00:00.000Z',
        billingCycleStart: '2026-04-01T09:00:00.000Z',
        billingCycleEnd: '2026-05-01T09:00:00.000Z',
        pdfsGeneratedThisMonth: 0,
      });
    }
    const events = await renewalEvents();
    expect(events.map((e) => [e.type, e.id.endsWith('_20260401090000000')])).toEqual([
      ['invoice.paid', true],
    ]);
    const local = await app.deps.db
      .selectFrom('local_payment_subscriptions')
      .selectAll()
      .executeTakeFirstOrThrow();
    expect(local).toMatchObject({
      status: 'active',
      current_period_start: '2026-04-01T09:00:00.000Z',
      current_period_end: '2026-05-01T09:00:00.000Z',
    });
  });

  it('keeps the documents counted in the new period before the renewal arrives', async () => {
    await subscribe('starter');
    const userId = await userIdOf(app, ada.email);
    await advanceDays(app, 31, ada);
    // A generate call rolls the cycle over on its own first.
    await reserveDocument(app.deps.db, userId, app.clock.now());
    expect(await subscriptionOf(app, ada)).toMatchObject({
      subscriptionPlan: { id: 'starter' },
      endTime: '2026-05-01T09:00:00.000Z',
      billingCycleStart: '2026-04-01T09:00:00.000Z',
      pdfsGeneratedThisMonth: 1,
    });
  });

  it('renews a plan bought on the 31st on each month’s last day', async () => {
    await advanceDays(app, 30, ada);
    await subscribe('pro');
    expect(await subscriptionOf(app, ada)).toMatchObject({
      billingCycleStart: '2026-03-31T09:00:00.000Z',
      billingCycleEnd: '2026-04-30T09:00:00.000Z',
    });
    await advanceDays(app, 30, ada);
    expect(await subscriptionOf(app, ada)).toMatchObject({
      endTime: '2026-05-31T09:00:00.000Z',
      billingCycleStart: '2026-04-30T09:00:00.000Z',
      billingCycleEnd: '2026-05-31T09:00:00.000Z',
    });
    await advanceDays(app, 31, ada);
    expect(await subscriptionOf(app, ada)).toMatchObject({
      endTime: '2026-06-30T09:00:00.000Z',
      lastBilledDate: '2026-05-31T09:00:00.000Z',
      billingCycleStart: '2026-05-31T09:00:00.000Z',
    });
  });

  it('renews to the current period after months without a visit, once', async () => {
    await subscribe('pro');
    await advanceDays(app, 95, ada);
    expect(await subscriptionOf(app, ada)).toMatchObject({
      subscriptionPlan: { id: 'pro' },
      endTime: '2026-07-01T09:00:00.000Z',
      lastBilledDate: '2026-06-01T09:00:00.000Z',
      billingCycleStart: '2026-06-01T09:00:00.000Z',
    });
    await subscriptionOf(app, ada);
    expect(await renewalEvents()).toHaveLength(1);
    await advanceDays(app, 30, ada);
    await subscriptionOf(app, ada);
    expect(await renewalEvents()).toHaveLength(2);
  });

  it('still answers when the renewal cannot be announced, and renews on a later read', async () => {
    await subscribe('pro');
    await app.deps.db
      .updateTable('local_payment_subscriptions')
      .set({ id: 'sub_local_elsewhere' })
      .execute();
    await advanceDays(app, 31, ada);
    expect(await subscriptionOf(app, ada)).toMatchObject({
      subscriptionPlan: { id: 'pro' },
      endTime: '2026-04-01T09:00:00.000Z',
    });
    const { providerSubscriptionId } = await subscriptionOf(app, ada);
    await app.deps.db
      .updateTable('local_payment_subscriptions')
      .set({ id: providerSubscriptionId ?? '' })
      .execute();
    expect(await subscriptionOf(app, ada)).toMatchObject({
      endTime: '2026-05-01T09:00:00.000Z',
    });
  });

  it('does not renew a plan cancelled at period end: it expires to FREE', async () => {
    await subscribe('pro');
    const { url } = (await portal()).json<{ url: string }>();
    await submit('/dev/payments/portal/cancel', tokenOf(url));
    await advanceDays(app, 31, ada);
    expect(await subscriptionOf(app, ada)).toMatchObject({
      subscriptionPlan: { id: 'free' },
      status: 'ACTIVE',
      autoRenewal: false,
    });
    expect(await renewalEvents()).toHaveLength(0);
  });
});
