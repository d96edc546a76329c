import type { DashboardResponse } from '@platen/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { call, signUp, type Account } from '../../../../test/http.ts';
import { makePdf } from '../../../../test/pdf-fixtures.ts';
import { buildTestApp, testDatabases, type TestApp } from '../../../../test/test-app.ts';
import { apiKeyOf, generate, uploadTemplate } from '../../../../test/templates.ts';
import {
  advanceDays,
  confirmEmail,
  makeVoucher,
  reserveDocument,
  subscriptionOf,
  userIdOf,
} from '../../../../test/billing.ts';
import { emitLocalEvent, subscriptionObject } from '../payments/local-events.ts';
import { isLocalProvider } from '../payments/local-provider.ts';

const FREE_REFUSAL =
  'You have used all 100 documents of your FREE plan this month. Upgrade your plan to generate more.';

/*
 * FREE's allowance belongs to the account's monthly cycle, anchored on its sign-up (March 1,
 * 09:00 here): a plan taken and dropped inside a cycle does not give FREE's documents again.
 */
describe.each(testDatabases())('FREE’s allowance across plan changes on %s', (database) => {
  let app: TestApp;
  let ada: Account;
  let apiKey: string;
  let userId: string;
  beforeEach(async () => {
    app = await buildTestApp(database);
    ada = await signUp(app, { email: 'ada@example.com' });
    await uploadTemplate(app, ada, { name: 'Letter', pdf: await makePdf() });
    apiKey = await apiKeyOf(app, ada, 'Letter');
    userId = await userIdOf(app, ada.email);
    await advanceDays(app, 4, ada);
  });
  afterEach(() => app.dispose());

  /** Counts documents through the generate path's own statement. */
  const countDocuments = async (n: number) => {
    for (let i = 0; i < n; i += 1) {
      expect((await reserveDocument(app.deps.db, userId, app.clock.now())).isReserved).toBe(true);
    }
  };
  const generateOne = () => generate(app, apiKey, { templateName: 'Letter', fields: {} });
  const redeemVoucher = async (plan = 'PRO', days = 30) => {
    const code = await makeVoucher(app, { plan, days });
    const res = await call(app, 'POST', '/v1/subscription/voucher', {
      token: ada.token,
      body: { code },
    });
    expect(res.statusCode, res.body).toBe(200);
  };
  const cancel = async () => {
    const res = await call(app, 'POST', '/v1/subscription/cancel', { token: ada.token, body: {} });
    expect(res.statusCode, res.body).toBe(200);
  };
  const remainingOnDashboard = async () => {
    const res = await call(app, 'GET', '/v1/dashboard', { token: ada.token });
    return res.json<DashboardResponse>().remainingDocuments;
  };
  const expectFreeAt = async (used: number, cycle: { start: string; end: string }) => {
    expect(await subscriptionOf(app, ada)).toMatchObject({
      subscriptionPlan: { id: 'free' },
      monthlyLimit: 100,
      pdfsGeneratedThisMonth: used,
      billingCycleStart: cycle.start,
      billingCycleEnd: cycle.end,
    });
    expect(await remainingOnDashboard()).toBe(100 - used);
  };
  const march = { start: '2026-03-01T09:00:00.000Z', end: '2026-04-01T09:00:00.000Z' };
  const april = { start: '2026-04-01T09:00:00.000Z', end: '2026-05-01T09:00:00.000Z' };

  it('keeps 100 of 100 after a voucher redeemed and cancelled in the cycle', async () => {
    await countDocuments(100);
    expect((await generateOne()).statusCode).toBe(402);
    await redeemVoucher();
    expect((await generateOne()).statusCode).toBe(200);
    expect((await subscriptionOf(app, ada)).pdfsGeneratedThisMonth).toBe(1);
    await cancel();
    // The voucher's own document stays the voucher's.
    await expectFreeAt(100, march);
    const refused = await generateOne();
    expect(refused.statusCode).toBe(402);
    expect(refused.json()).toMatchObject({ code: 'QUOTA_EXCEEDED', message: FREE_REFUSAL });
    // The account's next cycle starts at zero.
    await advanceDays(app, 28, ada);
    await expectFreeAt(0, april);
    expect((await generateOne()).statusCode).toBe(200);
  });

  it('goes on from what FREE used, however often a plan comes and goes, exactly under a race', async () => {
    await countDocuments(95);
    await redeemVoucher('STARTER');
    await cancel();
    await expectFreeAt(95, march);
    await redeemVoucher('BUSINESS');
    await countDocuments(3);
    await cancel();
    await expectFreeAt(95, march);
    const results = await Promise.all(
      Array.from({ length: 20 }, () => reserveDocument(app.deps.db, userId, app.clock.now())),
    );
    expect(results.filter((r) => r.isReserved)).toHaveLength(5);
    await expectFreeAt(100, march);
  });

  it('loses no document counted while the plan changes', async () => {
    // Two streams of documents, each one after the other, until the voucher has been redeemed.
    let isRedeemed = false;
    const redeemed = redeemVoucher('STARTER').then(() => {
      isRedeemed = true;
    });
    let reserved = 0;
    const stream = async () => {
      for (let i = 0; i < 200 && !isRedeemed; i += 1) {
        if ((await reserveDocument(app.deps.db, userId, app.clock.now())).isReserved) reserved += 1;
        // Lets the redeeming request go on between documents, as other requests would.
        await new Promise(setImmediate);
      }
    };
    await Promise.all([stream(), stream(), redeemed]);
    const onVoucher = (await subscriptionOf(app, ada)).pdfsGeneratedThisMonth;
    await cancel();
    const onFree = (await subscriptionOf(app, ada)).pdfsGeneratedThisMonth;
    // Each document was counted once: on FREE before the switch, or on the voucher after it.
    expect(onFree + onVoucher).toBe(reserved);
    expect(onFree).toBeLessThanOrEqual(100);
  });

  it('keeps the count when a voucher ends by the clock inside the cycle', async () => {
    await countDocuments(100);
    await redeemVoucher('PRO', 10);
    await advanceDays(app, 10, ada);
    expect((await generateOne()).statusCode).toBe(402);
    await expectFreeAt(100, march);
  });

  it('starts at zero when a voucher ends in a later cycle', async () => {
    await countDocuments(100);
    await redeemVoucher('PRO', 30);
    await advanceDays(app, 30, ada);
    await expectFreeAt(0, april);
    expect((await generateOne()).statusCode).toBe(200);
  });

  describe('with a plan paid through the local provider', () => {
    beforeEach(() => confirmEmail(app, ada.email));

    const subscribe = async () => {
      const res = await call(app, 'POST', '/v1/session/local/create-checkout-session', {
        token: ada.token,
        body: { planId: 'pro', email: ada.email },
      });
      const token = res.json<{ url: string }>().url.split('/').at(-1) ?? '';
      const paid = await app.inject({
        method: 'POST',
        url: '/dev/payments/checkout/pay',
        payload: `token=${encodeURIComponent(token)}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      expect(paid.statusCode).toBe(303);
      expect((await subscriptionOf(app, ada)).subscriptionPlan.id).toBe('pro');
    };

    it('keeps 100 of 100 when the provider ends the plan inside the cycle', async () => {
      await countDocuments(100);
      await subscribe();
      await countDocuments(7);
      // Ended at once at the provider (a refund, or Stripe giving up), announced by its event.
      const provider = app.deps.payments;
      if (!isLocalProvider(provider)) throw new Error('the local provider runs in tests');
      const { providerSubscriptionId: id } = await subscriptionOf(app, ada);
      await provider.cancelNow(id ?? '');
      await emitLocalEvent(app.deps, provider, {
        type: 'customer.subscription.deleted',
        object: subscriptionObject(await provider.retrieveSubscription(id ?? '')),
      });
      await expectFreeAt(100, march);
      expect((await generateOne()).statusCode).toBe(402);
    });

    it('starts a new FREE cycle at zero after a plan cancelled at period end', async () => {
      await countDocuments(100);
      await subscribe();
      await cancel();
      await advanceDays(app, 31, ada);
      // The plan ended on April 5, in the account's cycle from April 1.
      await expectFreeAt(0, april);
      expect((await generateOne()).statusCode).toBe(200);
    });
  });
});
