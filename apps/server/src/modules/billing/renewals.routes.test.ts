import { beforeEach, describe, expect, it } from 'vitest';
import { call, type Account } from '../../../test/http.ts';
import { testDatabases, type TestApp } from '../../../test/test-app.ts';
import {
  advanceDays,
  makeVoucher,
  reserveDocument,
  subscriptionOf,
  useBillingApp,
  userIdOf,
} from '../../../test/billing.ts';

describe.each(testDatabases())('billing portal and renewals, local provider, on %s', (database) => {
  const { current, checkout, pageOf, tokenOf, submit, subscribe } = useBillingApp(database, {
    isConfirmed: true,
  });
  let app: TestApp;
  let ada: Account;
  beforeEach(() => ({ app, ada } = current()));

  const portal = (account = ada) =>
    call(app, 'POST', '/v1/session/local/billing-portal', {
      token: account.token,
      body: { planId: 'PRO', email: account.email },
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
    expect(redeemed.json()).toMatchObject({
      subscriptionPlan: { id: 'business' },
      voucher: true,
    });
  });

  it('cancels a paid plan at period end, then falls back to FREE', async () => {
    await subscribe('starter');
    const res = await call(app, 'POST', '/v1/subscription/cancel', {
      token: ada.token,
      body: {},
    });
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
