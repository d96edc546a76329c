import Stripe from 'stripe';
import { beforeEach, describe, expect, it } from 'vitest';
import { call, type Account } from '../../../../test/http.ts';
import { testDatabases, type TestApp } from '../../../../test/test-app.ts';
import {
  advanceDays,
  type capturedLog,
  reserveDocument,
  subscriptionOf,
  userIdOf,
} from '../../../../test/billing.ts';
import type { StripeStandIn } from '../../../../test/stripe-stand-in.ts';
import { APRIL_1, MARCH_1, useStripeApp, WEBHOOK_SECRET } from '../../../../test/stripe.ts';

describe.each(testDatabases())('Stripe adapter and webhooks on %s', (database) => {
  const suite = useStripeApp(database);
  const {
    nowSeconds,
    putSubscription,
    checkout,
    customerOfAda,
    event,
    deliver,
    activatePro,
    renewForApril,
  } = suite;
  let stripe: StripeStandIn;
  let app: TestApp;
  let ada: Account;
  let logged: ReturnType<typeof capturedLog>;
  beforeEach(() => {
    ({ stripe, app, ada, logged } = suite.current());
  });

  it('opens Checkout in subscription mode for a customer made for the caller, once', async () => {
    const res = await checkout();
    expect(res.json<{ url: string }>().url).toMatch(/^https:\/\/checkout\.stripe\.test\//);
    await checkout('starter');
    const customers = stripe.calls.filter((c) => c.path === '/v1/customers');
    expect(customers).toHaveLength(1);
    expect(customers[0]?.form).toMatchObject({
      email: 'ada@example.com',
      'metadata[userId]': await userIdOf(app, ada.email),
    });
    const sessions = stripe.calls.filter((c) => c.path === '/v1/checkout/sessions');
    expect(sessions[0]?.form).toMatchObject({
      mode: 'subscription',
      customer: 'cus_test_1',
      'line_items[0][price]': 'price_pro',
      'line_items[0][quantity]': '1',
      'line_items[1][price]': 'price_pro_overage',
      success_url: 'https://platen.example/admin/subscription',
    });
    expect(sessions[1]?.form['line_items[0][price]']).toBe('price_starter');
    for (const c of stripe.calls) expect(c.idempotencyKey).toBeTruthy();
  });

  it('names Stripe in the plans and refuses the local provider’s path', async () => {
    const plans = await call(app, 'GET', '/v1/subscription/plans', { token: ada.token });
    expect(plans.json<{ link: string }[]>()[1]?.link).toBe(
      '/v1/session/stripe/create-checkout-session',
    );
    const local = await call(app, 'POST', '/v1/session/local/create-checkout-session', {
      token: ada.token,
      body: { planId: 'pro' },
    });
    expect(local.statusCode).toBe(404);
  });

  it('activates the plan from a signed event, reading the subscription back', async () => {
    const res = await activatePro(await customerOfAda());
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ received: true });
    expect(await subscriptionOf(app, ada)).toMatchObject({
      subscriptionPlan: { id: 'pro' },
      status: 'ACTIVE',
      autoRenewal: true,
      providerSubscriptionId: 'sub_1',
      endTime: '2026-04-01T09:00:00.000Z',
    });
    expect(
      stripe.calls.some((c) => c.method === 'GET' && c.path === '/v1/subscriptions/sub_1'),
    ).toBe(true);
  });

  it('refuses unsigned, wrongly signed, stale and re-serialised events, changing nothing', async () => {
    const customer = await customerOfAda();
    putSubscription(customer);
    const payload = event('customer.subscription.created', {
      id: 'sub_1',
      object: 'subscription',
      customer,
    });
    const pretty = JSON.stringify(JSON.parse(payload), null, 2);
    const attempts = [
      await deliver(payload, { signature: null }),
      await deliver(payload, { signature: 't=1,v1=deadbeef' }),
      await deliver(payload, { secret: 'whsec_someone_else' }),
      await deliver(payload, { timestamp: nowSeconds() - 301 }),
      await app.inject({
        method: 'POST',
        url: '/v1/webhooks/stripe',
        payload: pretty,
        headers: {
          'content-type': 'application/json',
          'stripe-signature': Stripe.webhooks.generateTestHeaderString({
            payload,
            secret: WEBHOOK_SECRET,
            timestamp: nowSeconds(),
          }),
        },
      }),
    ];
    for (const res of attempts) {
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'WEBHOOK_SIGNATURE_INVALID' });
    }
    expect((await subscriptionOf(app, ada)).subscriptionPlan.id).toBe('free');
    expect((await deliver(payload, { timestamp: nowSeconds() - 299 })).statusCode).toBe(200);
    expect((await subscriptionOf(app, ada)).subscriptionPlan.id).toBe('pro');
  });

  it('applies a replayed event once', async () => {
    const customer = await customerOfAda();
    await activatePro(customer);
    // Stripe now says "cancel at period end", but an old event id brings no new effect.
    stripe.subscriptions.get('sub_1')!.cancelAtPeriodEnd = true;
    await activatePro(customer, true);
    expect((await subscriptionOf(app, ada)).status).toBe('ACTIVE');
    const rows = await app.deps.db.selectFrom('provider_events').selectAll().execute();
    expect(rows).toHaveLength(1);
  });

  it('applies concurrent duplicates once', async () => {
    const customer = await customerOfAda();
    putSubscription(customer);
    const payload = event('customer.subscription.created', {
      id: 'sub_1',
      object: 'subscription',
      customer,
    });
    const answers = await Promise.all(Array.from({ length: 10 }, () => deliver(payload)));
    expect(answers.every((r) => r.statusCode === 200)).toBe(true);
    expect(await app.deps.db.selectFrom('provider_events').selectAll().execute()).toHaveLength(1);
    expect((await subscriptionOf(app, ada)).subscriptionPlan.id).toBe('pro');
  });

  it('ends in Stripe’s current state when events arrive out of order', async () => {
    const customer = await customerOfAda();
    putSubscription(customer, { cancelAtPeriodEnd: true });
    const sub = { id: 'sub_1', object: 'subscription', customer };
    await deliver(event('customer.subscription.updated', sub, 'evt_2'));
    await deliver(event('customer.subscription.created', sub, 'evt_1'));
    expect(await subscriptionOf(app, ada)).toMatchObject({
      status: 'CANCELED',
      autoRenewal: false,
    });
    stripe.subscriptions.get('sub_1')!.status = 'canceled';
    await deliver(event('customer.subscription.deleted', sub, 'evt_4'));
    await deliver(event('customer.subscription.updated', sub, 'evt_3'));
    expect(await subscriptionOf(app, ada)).toMatchObject({
      subscriptionPlan: { id: 'free' },
      providerSubscriptionId: null,
    });
    const history = await call(app, 'GET', '/v1/subscription/history', { token: ada.token });
    expect(history.json()).toMatchObject([
      { subscriptionType: 'PRO', status: 'EXPIRED', voucher: false },
    ]);
  });

  it('renews at period end from invoice.paid, keeping documents counted since our roll-over', async () => {
    const customer = await customerOfAda();
    await activatePro(customer);
    const userId = await userIdOf(app, ada.email);
    for (let i = 0; i < 3; i += 1) await reserveDocument(app.deps.db, userId, app.clock.now());
    await advanceDays(app, 31, ada);
    // Before Stripe's event: our clock has started the new cycle, the plan still runs.
    await reserveDocument(app.deps.db, userId, app.clock.now());
    expect(await subscriptionOf(app, ada)).toMatchObject({
      subscriptionPlan: { id: 'pro' },
      status: 'ACTIVE',
      billingCycleStart: '2026-04-01T09:00:00.000Z',
      pdfsGeneratedThisMonth: 1,
    });
    expect((await renewForApril(customer)).statusCode).toBe(200);
    expect(await subscriptionOf(app, ada)).toMatchObject({
      subscriptionPlan: { id: 'pro' },
      status: 'ACTIVE',
      endTime: '2026-05-01T09:00:00.000Z',
      lastBilledDate: '2026-04-01T09:00:00.000Z',
      billingCycleStart: '2026-04-01T09:00:00.000Z',
      billingCycleEnd: '2026-05-01T09:00:00.000Z',
      pdfsGeneratedThisMonth: 1,
    });
  });

  it('takes Stripe’s period end when our roll-over guessed another one', async () => {
    const customer = await customerOfAda();
    // Anchored by Stripe on January 31; we first hear of it in its second period.
    const feb28 = Date.parse('2026-02-28T09:00:00.000Z') / 1000;
    const mar31 = Date.parse('2026-03-31T09:00:00.000Z') / 1000;
    const apr30 = Date.parse('2026-04-30T09:00:00.000Z') / 1000;
    const sub = { id: 'sub_1', customer, status: 'active', price: 'price_pro' };
    stripe.subscriptions.set('sub_1', {
      ...sub,
      periodStart: feb28,
      periodEnd: mar31,
      cancelAtPeriodEnd: false,
    });
    await deliver(event('customer.subscription.created', { id: 'sub_1', object: 'subscription' }));
    await advanceDays(app, 30, ada);
    expect(await subscriptionOf(app, ada)).toMatchObject({
      billingCycleStart: '2026-03-31T09:00:00.000Z',
    });
    stripe.subscriptions.set('sub_1', {
      ...sub,
      periodStart: mar31,
      periodEnd: apr30,
      cancelAtPeriodEnd: false,
    });
    const invoice = { id: 'in_2', object: 'invoice', customer, subscription: 'sub_1' };
    expect((await deliver(event('invoice.paid', invoice))).statusCode).toBe(200);
    expect(await subscriptionOf(app, ada)).toMatchObject({
      endTime: '2026-04-30T09:00:00.000Z',
      billingCycleStart: '2026-03-31T09:00:00.000Z',
      billingCycleEnd: '2026-04-30T09:00:00.000Z',
    });
  });

  it('expires a plan cancelled at period end by the clock; Stripe’s late deletion changes nothing', async () => {
    const customer = await customerOfAda();
    await activatePro(customer, true);
    await advanceDays(app, 31, ada);
    const free = await subscriptionOf(app, ada);
    expect(free).toMatchObject({
      subscriptionPlan: { id: 'free' },
      status: 'ACTIVE',
      startTime: '2026-04-01T09:00:00.000Z',
      providerSubscriptionId: null,
    });
    stripe.subscriptions.get('sub_1')!.status = 'canceled';
    const sub = { id: 'sub_1', object: 'subscription', customer };
    const late = await deliver(event('customer.subscription.deleted', sub, 'evt_deleted'));
    expect(late.statusCode).toBe(200);
    expect(await subscriptionOf(app, ada)).toEqual(free);
    const history = await call(app, 'GET', '/v1/subscription/history', { token: ada.token });
    expect(history.json()).toMatchObject([
      { subscriptionType: 'PRO', status: 'EXPIRED', endTime: '2026-04-01T09:00:00.000Z' },
    ]);
  });

  it('cancels a second paid subscription through Stripe and keeps the first', async () => {
    const customer = await customerOfAda();
    await activatePro(customer);
    // A second checkout, opened before the first was paid, is paid too.
    putSubscription(customer, {
      id: 'sub_2',
      price: 'price_starter',
      periodStart: MARCH_1 + 60,
      periodEnd: APRIL_1 + 60,
    });
    const session = { id: 'cs_2', object: 'checkout.session', customer, subscription: 'sub_2' };
    const sub2 = { id: 'sub_2', object: 'subscription', customer };
    const answers = await Promise.all([
      deliver(event('checkout.session.completed', session, 'evt_cs_2')),
      deliver(event('customer.subscription.created', sub2, 'evt_sub_2')),
    ]);
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200]);
    await deliver(event('customer.subscription.deleted', sub2, 'evt_sub_2_deleted'));
    expect(await subscriptionOf(app, ada)).toMatchObject({
      subscriptionPlan: { id: 'pro' },
      status: 'ACTIVE',
      providerSubscriptionId: 'sub_1',
      billingCycleStart: '2026-03-01T09:00:00.000Z',
    });
    const cancels = stripe.calls.filter((c) => c.method === 'DELETE');
    expect(cancels.length).toBeGreaterThanOrEqual(1);
    for (const c of cancels) {
      expect(c).toMatchObject({
        path: '/v1/subscriptions/sub_2',
        idempotencyKey: 'cancel-now-sub_2',
      });
    }
    expect(stripe.subscriptions.get('sub_2')?.status).toBe('canceled');
    expect(stripe.subscriptions.get('sub_1')?.status).toBe('active');
    expect(logged.events()).toContainEqual(
      expect.objectContaining({
        event: 'billing.duplicate_subscription_cancelled',
        userId: await userIdOf(app, ada.email),
        keptSubscriptionId: 'sub_1',
        cancelledSubscriptionId: 'sub_2',
      }),
    );
    const history = await call(app, 'GET', '/v1/subscription/history', { token: ada.token });
    expect(history.json()).toEqual([]);
  });

  it('answers unknown event types 200 and does nothing', async () => {
    const res = await deliver(event('customer.created', { id: 'cus_9', object: 'customer' }));
    expect(res.statusCode).toBe(200);
    expect(await app.deps.db.selectFrom('provider_events').selectAll().execute()).toHaveLength(0);
  });

  it('cancels at period end through Stripe and opens the billing portal', async () => {
    await activatePro(await customerOfAda());
    const cancelled = await call(app, 'POST', '/v1/subscription/cancel', {
      token: ada.token,
      body: {},
    });
    expect(cancelled.json()).toMatchObject({ status: 'CANCELED', autoRenewal: false });
    const update = stripe.calls.find(
      (c) => c.method === 'POST' && c.path === '/v1/subscriptions/sub_1',
    );
    expect(update?.form).toEqual({ cancel_at_period_end: 'true' });
    const portal = await call(app, 'POST', '/v1/session/stripe/billing-portal', {
      token: ada.token,
      body: { planId: 'PRO', email: ada.email },
    });
    expect(portal.json()).toEqual({ url: 'https://billing.stripe.test/p' });
    const session = stripe.calls.find((c) => c.path === '/v1/billing_portal/sessions');
    expect(session?.form).toMatchObject({ customer: 'cus_test_1' });
  });
});
