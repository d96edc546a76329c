import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { call, signUp, type Account } from '../../../../test/http.ts';
import { buildTestApp, type TestApp } from '../../../../test/test-app.ts';
import { loadConfig } from '../../../config.ts';
import { makeVoucher } from '../../../../test/billing.ts';

describe('payment settings', () => {
  it('reads Stripe keys and a price per plan from the environment', () => {
    const config = loadConfig({
      STRIPE_SECRET_KEY: 'sk_test_1',
      STRIPE_WEBHOOK_SECRET: 'whsec_1',
      STRIPE_PRICE_PRO: 'price_pro',
      STRIPE_PRICE_STARTER: 'price_starter',
      STRIPE_OVERAGE_PRICE_PRO: 'price_pro_metered',
    });
    expect(config.stripe).toEqual({
      secretKey: 'sk_test_1',
      webhookSecret: 'whsec_1',
      prices: { PRO: 'price_pro', STARTER: 'price_starter' },
      overagePrices: { PRO: 'price_pro_metered' },
      meterEventName: 'platen_overage_documents',
    });
    expect(loadConfig({}).stripe).toBeUndefined();
  });

  it('refuses a Stripe key without its webhook secret, or a publishable key', () => {
    expect(() => loadConfig({ STRIPE_SECRET_KEY: 'sk_test_1' })).toThrow(/STRIPE_WEBHOOK_SECRET/);
    expect(() => loadConfig({ STRIPE_SECRET_KEY: 'pk_test_1' })).toThrow(/STRIPE_SECRET_KEY/);
  });
});

describe('billing in production without Stripe', () => {
  let app: TestApp;
  let ada: Account;
  beforeEach(async () => {
    app = await buildTestApp('sqlite', { env: 'production' });
    ada = await signUp(app);
  });
  afterEach(() => app.dispose());

  it('has no local provider: no hosted pages, checkout answers 503', async () => {
    expect(app.deps.payments).toBeUndefined();
    const res = await call(app, 'POST', '/v1/session/local/create-checkout-session', {
      token: ada.token,
      body: { planId: 'pro' },
    });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ code: 'PAYMENTS_UNAVAILABLE' });
    const page = await app.inject({ method: 'GET', url: '/dev/payments/checkout/some-token' });
    expect(page.statusCode).toBe(404);
  });

  it('limits voucher guessing per account', async () => {
    const code = await makeVoucher(app);
    const guesses = [];
    for (let i = 0; i < 10; i += 1) {
      const res = await call(app, 'POST', '/v1/subscription/voucher', {
        token: ada.token,
        body: { code: `PLT-GUES-SXXX-XXXX-${String(i).padStart(4, '2')}` },
      });
      guesses.push(res.statusCode);
    }
    expect(guesses.every((status) => status === 400)).toBe(true);
    const right = await call(app, 'POST', '/v1/subscription/voucher', {
      token: ada.token,
      body: { code },
    });
    expect(right.statusCode).toBe(429);
    expect(right.headers['retry-after']).toBeDefined();
  });
});
