import Stripe from 'stripe';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { call, signUp, type Account } from './http.ts';
import { buildTestApp, type TestApp, type TestDatabase } from './test-app.ts';
import { capturedLog, confirmEmail, userIdOf } from './billing.ts';
import { createStripeProvider } from '../src/modules/billing/payments/stripe-provider.ts';
import {
  startStripeStandIn,
  type StandInSubscription,
  type StripeStandIn,
} from './stripe-stand-in.ts';

export const WEBHOOK_SECRET = 'whsec_test_secret';
export const MARCH_1 = Date.parse('2026-03-01T09:00:00.000Z') / 1000;
export const APRIL_1 = Date.parse('2026-04-01T09:00:00.000Z') / 1000;
const MAY_1 = Date.parse('2026-05-01T09:00:00.000Z') / 1000;

type Current = {
  stripe: StripeStandIn;
  app: TestApp;
  ada: Account;
  logged: ReturnType<typeof capturedLog>;
};

/**
 * A test app whose payment provider is the Stripe adapter, the official SDK pointed at a local
 * stand-in of Stripe's API, with Ada signed up and confirmed; fresh for every test. Registers the
 * suite's hooks, so call it at the top of a describe block; `current()` gives this test's app.
 */
export const useStripeApp = (database: TestDatabase) => {
  const c = {} as Current;
  beforeAll(async () => {
    c.stripe = await startStripeStandIn();
  });
  afterAll(() => c.stripe.close());
  beforeEach(async () => {
    c.stripe.reset();
    const payments = createStripeProvider({
      secretKey: 'sk_test_platen',
      webhookSecret: WEBHOOK_SECRET,
      prices: { PRO: 'price_pro', STARTER: 'price_starter' },
      overagePrices: { PRO: 'price_pro_overage' },
      meterEventName: 'platen_overage_documents',
      api: { host: '127.0.0.1', port: c.stripe.port, protocol: 'http' },
    });
    c.logged = capturedLog();
    c.app = await buildTestApp(
      database,
      { logLevel: process.env.DEBUG_BILLING ? 'debug' : 'silent' },
      { payments, log: c.logged.log },
    );
    c.ada = await signUp(c.app, { email: 'ada@example.com' });
    await confirmEmail(c.app, c.ada.email);
  });
  afterEach(() => c.app.dispose());

  const checkout = (planId = 'pro') =>
    call(c.app, 'POST', '/v1/session/stripe/create-checkout-session', {
      token: c.ada.token,
      body: { planId, email: c.ada.email },
    });
  const customerOfAda = async () => {
    await checkout();
    const sub = await c.app.deps.db
      .selectFrom('subscriptions')
      .select('provider_customer_id')
      .where('user_id', '=', await userIdOf(c.app, c.ada.email))
      .executeTakeFirstOrThrow();
    return sub.provider_customer_id ?? '';
  };
  const nowSeconds = () => Math.floor(c.app.clock.now().getTime() / 1000);
  const event = (type: string, object: Record<string, unknown>, id = `evt_${type}`) =>
    JSON.stringify({ id, object: 'event', type, created: nowSeconds(), data: { object } });
  const deliver = (
    payload: string,
    o: { secret?: string; timestamp?: number; signature?: string | null } = {},
  ) => {
    const signature =
      o.signature === undefined
        ? Stripe.webhooks.generateTestHeaderString({
            payload,
            secret: o.secret ?? WEBHOOK_SECRET,
            timestamp: o.timestamp ?? nowSeconds(),
          })
        : o.signature;
    return c.app.inject({
      method: 'POST',
      url: '/v1/webhooks/stripe',
      payload,
      headers: {
        'content-type': 'application/json; charset=utf-8',
        ...(signature !== null && { 'stripe-signature': signature }),
      },
    });
  };
  /** Stripe holds an active PRO subscription `sub_1` for March (fields can be overridden). */
  const putSubscription = (customer: string, overrides: Partial<StandInSubscription> = {}) => {
    const sub: StandInSubscription = {
      id: 'sub_1',
      customer,
      status: 'active',
      price: 'price_pro',
      periodStart: MARCH_1,
      periodEnd: APRIL_1,
      cancelAtPeriodEnd: false,
      ...overrides,
    };
    c.stripe.subscriptions.set(sub.id, sub);
  };
  const activatePro = async (customer: string, cancelAtPeriodEnd = false) => {
    putSubscription(customer, { cancelAtPeriodEnd });
    return deliver(
      event('checkout.session.completed', {
        id: 'cs_1',
        object: 'checkout.session',
        customer,
        subscription: 'sub_1',
      }),
    );
  };
  /** Stripe renews sub_1 for April and says so with invoice.paid. */
  const renewForApril = (customer: string) => {
    const renewed = c.stripe.subscriptions.get('sub_1')!;
    renewed.periodStart = APRIL_1;
    renewed.periodEnd = MAY_1;
    const invoice = {
      id: 'in_2',
      object: 'invoice',
      customer,
      parent: { subscription_details: { subscription: 'sub_1' } },
    };
    return deliver(event('invoice.paid', invoice, 'evt_renewal'));
  };

  return {
    current: (): Current => ({ ...c }),
    nowSeconds,
    putSubscription,
    checkout,
    customerOfAda,
    event,
    deliver,
    activatePro,
    renewForApril,
  };
};
