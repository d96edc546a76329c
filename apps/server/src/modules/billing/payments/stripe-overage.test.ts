import { beforeEach, describe, expect, it } from 'vitest';
import type { Account } from '../../../../test/http.ts';
import { testDatabases, type TestApp } from '../../../../test/test-app.ts';
import {
  advanceDays,
  reserveDocument,
  setDocumentsUsed,
  subscriptionOf,
  userIdOf,
} from '../../../../test/billing.ts';
import { reportOverage } from '../usage/overage.ts';
import type { StripeStandIn } from '../../../../test/stripe-stand-in.ts';
import { useStripeApp } from '../../../../test/stripe.ts';

/** Documents over a plan's limit go to Stripe as metered usage, each once, across cycles. */
describe.each(testDatabases())('Stripe metered overage on %s', (database) => {
  const suite = useStripeApp(database);
  const { customerOfAda, activatePro, renewForApril } = suite;
  let stripe: StripeStandIn;
  let app: TestApp;
  let ada: Account;
  beforeEach(() => {
    ({ stripe, app, ada } = suite.current());
  });

  const reserve = async (userId: string, documents: number) => {
    for (let i = 0; i < documents; i += 1) {
      await reserveDocument(app.deps.db, userId, app.clock.now());
    }
  };
  const meterValues = () =>
    stripe.calls
      .filter((c) => c.path === '/v1/billing/meter_events')
      .map((c) => c.form['payload[value]']);

  it('reports the overage of both cycles when our clock rolls the cycle over before Stripe renews', async () => {
    const customer = await customerOfAda();
    await activatePro(customer);
    const userId = await userIdOf(app, ada.email);
    await setDocumentsUsed(app, userId, 4999);
    await reserve(userId, 3);
    await reportOverage(app.deps, userId);
    // Two more overage documents whose report has not run when March ends.
    await reserve(userId, 2);
    await advanceDays(app, 31, ada);
    // April's first document is under the limit, yet March's last overage waits to be reported.
    expect(await reserveDocument(app.deps.db, userId, app.clock.now())).toEqual({
      isReserved: true,
      isOverLimit: false,
      hasOverageToReport: true,
    });
    await reportOverage(app.deps, userId);
    expect(meterValues()).toEqual(['2', '2']);
    // April goes over its own limit before and after Stripe's renewal arrives.
    await setDocumentsUsed(app, userId, 4999);
    await reserve(userId, 3);
    await reportOverage(app.deps, userId);
    expect((await renewForApril(customer)).statusCode).toBe(200);
    await reserve(userId, 1);
    await reportOverage(app.deps, userId);
    expect(meterValues()).toEqual(['2', '2', '2', '1']);
    expect(await subscriptionOf(app, ada)).toMatchObject({
      billingCycleStart: '2026-04-01T09:00:00.000Z',
      pdfsGeneratedThisMonth: 5003,
    });
  });

  it('reports the ended cycle’s overage when Stripe’s renewal arrives before our clock rolls over', async () => {
    const customer = await customerOfAda();
    await activatePro(customer);
    const userId = await userIdOf(app, ada.email);
    await setDocumentsUsed(app, userId, 5000);
    await reserve(userId, 3);
    await advanceDays(app, 31);
    expect((await renewForApril(customer)).statusCode).toBe(200);
    await reportOverage(app.deps, userId);
    expect(meterValues()).toEqual(['3']);
    await reserve(userId, 1);
    await reportOverage(app.deps, userId);
    expect(meterValues()).toEqual(['3']);
  });

  it('reports overage documents to Stripe as metered usage, each once', async () => {
    await activatePro(await customerOfAda());
    const userId = await userIdOf(app, ada.email);
    await setDocumentsUsed(app, userId, 4999);
    for (let i = 0; i < 3; i += 1) await reserveDocument(app.deps.db, userId, app.clock.now());
    await Promise.all([reportOverage(app.deps, userId), reportOverage(app.deps, userId)]);
    await reserveDocument(app.deps.db, userId, app.clock.now());
    await reportOverage(app.deps, userId);
    const meters = stripe.calls.filter((c) => c.path === '/v1/billing/meter_events');
    expect(meters.map((m) => m.form)).toEqual([
      expect.objectContaining({
        event_name: 'platen_overage_documents',
        'payload[stripe_customer_id]': 'cus_test_1',
        'payload[value]': '2',
      }),
      expect.objectContaining({ 'payload[value]': '1' }),
    ]);
  });
});
