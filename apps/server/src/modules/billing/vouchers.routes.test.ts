import { billingMessages, type SubscriptionHistoryResponse } from '@platen/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { call, signUp, type Account } from '../../../test/http.ts';
import { buildTestApp, testDatabases, type TestApp } from '../../../test/test-app.ts';
import {
  advanceDays,
  capturedLog,
  makeVoucher,
  reserveDocument,
  subscriptionOf,
  userIdOf,
} from '../../../test/billing.ts';
import { countDocuments } from './usage/document-count.ts';

describe.each(testDatabases())('vouchers on %s', (database) => {
  let app: TestApp;
  let ada: Account;
  beforeEach(async () => {
    app = await buildTestApp(database);
    ada = await signUp(app, { email: 'ada@example.com' });
  });
  afterEach(() => app.dispose());

  const redeem = (code: unknown, account = ada) =>
    call(app, 'POST', '/v1/subscription/voucher', { token: account.token, body: { code } });
  const historyOf = async (account: Account) => {
    const res = await call(app, 'GET', '/v1/subscription/history', { token: account.token });
    expect(res.statusCode).toBe(200);
    return res.json<SubscriptionHistoryResponse>();
  };

  it('refuses an empty voucher code with the spec’s message', async () => {
    for (const code of ['', '   ', undefined]) {
      const res = await redeem(code);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ message: billingMessages.emptyVoucher });
    }
  });

  it('answers unknown, expired and used-up codes alike', async () => {
    const expired = await makeVoucher(app, { expiresAt: new Date('2026-02-28T00:00:00Z') });
    const usedUp = await makeVoucher(app);
    const bob = await signUp(app);
    expect((await redeem(usedUp, bob)).statusCode).toBe(200);
    const answers = await Promise.all(
      ['PLT-NOPE-NOPE-NOPE-NOPE', expired, usedUp].map((c) => redeem(c)),
    );
    const bodies = answers.map((res) => {
      const { status, code, message } = res.json<Record<string, unknown>>();
      return { statusCode: res.statusCode, status, code, message };
    });
    for (const body of bodies) {
      expect(body).toEqual({
        statusCode: 400,
        status: 400,
        code: 'VOUCHER_INVALID',
        message: billingMessages.invalidVoucher,
      });
    }
    expect((await subscriptionOf(app, ada)).subscriptionPlan.id).toBe('free');
  });

  it('grants the voucher’s plan for its period, then falls back to FREE', async () => {
    const code = await makeVoucher(app, { plan: 'BUSINESS', days: 10 });
    const res = await redeem(` ${code.toLowerCase()} `);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      subscriptionPlan: { id: 'business', active: true },
      status: 'ACTIVE',
      voucher: true,
      voucherCode: code,
      autoRenewal: false,
      endTime: '2026-03-11T09:00:00.000Z',
      monthlyLimit: 25000,
      allowOverCharge: true,
    });
    await advanceDays(app, 9, ada);
    expect((await subscriptionOf(app, ada)).voucher).toBe(true);
    await advanceDays(app, 1, ada);
    expect(await subscriptionOf(app, ada)).toMatchObject({
      subscriptionPlan: { id: 'free' },
      status: 'ACTIVE',
      voucher: false,
      voucherCode: null,
      endTime: null,
      startTime: '2026-03-11T09:00:00.000Z',
      // FREE's cycle is the account's, anchored on the sign-up (March 1).
      billingCycleStart: '2026-03-01T09:00:00.000Z',
      billingCycleEnd: '2026-04-01T09:00:00.000Z',
    });
    expect(await historyOf(ada)).toMatchObject([
      {
        subscriptionType: 'BUSINESS',
        status: 'EXPIRED',
        startTime: '2026-03-01T09:00:00.000Z',
        endTime: '2026-03-11T09:00:00.000Z',
        voucher: true,
      },
    ]);
  });

  it('keeps a voucher ended by redeeming another one in the history', async () => {
    expect((await redeem(await makeVoucher(app, { plan: 'PRO', days: 30 }))).statusCode).toBe(200);
    await advanceDays(app, 5, ada);
    const second = await redeem(await makeVoucher(app, { plan: 'STARTER', days: 10 }));
    expect(second.json()).toMatchObject({
      subscriptionPlan: { id: 'starter' },
      startTime: '2026-03-06T09:00:00.000Z',
    });
    const history = await historyOf(ada);
    expect(history).toHaveLength(1);
    expect(history).toMatchObject([
      {
        subscriptionType: 'PRO',
        status: 'EXPIRED',
        startTime: '2026-03-01T09:00:00.000Z',
        endTime: '2026-03-06T09:00:00.000Z',
        voucher: true,
      },
    ]);
    await advanceDays(app, 10, ada);
    expect((await historyOf(ada)).map((row) => [row.subscriptionType, row.endTime])).toEqual([
      ['STARTER', '2026-03-16T09:00:00.000Z'],
      ['PRO', '2026-03-06T09:00:00.000Z'],
    ]);
  });

  it('logs a plan that expires by the clock as an event, once, without its voucher code', async () => {
    await app.dispose();
    const logged = capturedLog();
    app = await buildTestApp(database, {}, { log: logged.log });
    ada = await signUp(app, { email: 'ada@example.com' });
    const bob = await signUp(app, { email: 'bob@example.com' });
    const adaCode = await makeVoucher(app, { plan: 'STARTER', days: 5 });
    const bobCode = await makeVoucher(app, { plan: 'PRO', days: 5 });
    await redeem(adaCode);
    await redeem(bobCode, bob);
    await advanceDays(app, 5, ada);
    // Ada's plan ends on a read, Bob's when a document is counted.
    await Promise.all([subscriptionOf(app, ada), subscriptionOf(app, ada)]);
    const bobId = await userIdOf(app, bob.email);
    expect(await countDocuments(app.deps, bobId, 1, app.clock.now())).toMatchObject({
      isReserved: true,
    });
    const expired = logged.events().filter((e) => e.event === 'billing.plan_expired');
    expect(expired).toEqual([
      expect.objectContaining({
        userId: await userIdOf(app, ada.email),
        planId: 'starter',
        voucher: true,
        endedAt: '2026-03-06T09:00:00.000Z',
      }),
      expect.objectContaining({ userId: bobId, planId: 'pro', voucher: true }),
    ]);
    expect(logged.text()).not.toContain(adaCode);
    expect(logged.text()).not.toContain(bobCode);
  });

  it('expires a voucher once when many requests see its end at the same moment', async () => {
    await redeem(await makeVoucher(app, { plan: 'STARTER', days: 5 }));
    await advanceDays(app, 45, ada);
    const views = await Promise.all(Array.from({ length: 10 }, () => subscriptionOf(app, ada)));
    for (const view of views) {
      // FREE began when the voucher ended; its cycle, anchored on the sign-up, has caught up
      // with the clock since.
      expect(view).toMatchObject({
        subscriptionPlan: { id: 'free' },
        status: 'ACTIVE',
        startTime: '2026-03-06T09:00:00.000Z',
        billingCycleStart: '2026-04-01T09:00:00.000Z',
        billingCycleEnd: '2026-05-01T09:00:00.000Z',
      });
    }
    expect(await historyOf(ada)).toMatchObject([
      { subscriptionType: 'STARTER', status: 'EXPIRED', endTime: '2026-03-06T09:00:00.000Z' },
    ]);
  });

  it('expires an ended voucher before counting a document, which counts on FREE', async () => {
    await redeem(await makeVoucher(app, { plan: 'PRO', days: 3 }));
    const userId = await userIdOf(app, ada.email);
    await reserveDocument(app.deps.db, userId, app.clock.now());
    await advanceDays(app, 4, ada);
    await reserveDocument(app.deps.db, userId, app.clock.now());
    expect(await subscriptionOf(app, ada)).toMatchObject({
      subscriptionPlan: { id: 'free' },
      monthlyLimit: 100,
      pdfsGeneratedThisMonth: 1,
    });
    expect(await historyOf(ada)).toHaveLength(1);
  });

  it('redeems a single-use code exactly once when 20 accounts race for it', async () => {
    const code = await makeVoucher(app);
    const racers = await Promise.all(Array.from({ length: 20 }, () => signUp(app)));
    const answers = await Promise.all(racers.map((account) => redeem(code, account)));
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(answers.filter((r) => r.statusCode === 400)).toHaveLength(19);
    const voucher = await app.deps.db
      .selectFrom('vouchers')
      .select('uses')
      .where('code', '=', code)
      .executeTakeFirstOrThrow();
    expect(Number(voucher.uses)).toBe(1);
  });

  it('lets an account redeem a multi-use code only once', async () => {
    const code = await makeVoucher(app, { uses: 5 });
    expect((await redeem(code)).statusCode).toBe(200);
    const again = await redeem(code);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'VOUCHER_ALREADY_REDEEMED' });
  });

  it('cancels a voucher subscription at once, back to FREE', async () => {
    await redeem(await makeVoucher(app));
    const res = await call(app, 'POST', '/v1/subscription/cancel', {
      token: ada.token,
      body: await subscriptionOf(app, ada),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      subscriptionPlan: { id: 'free' },
      voucher: false,
      startTime: '2026-03-01T09:00:00.000Z',
    });
    expect(await historyOf(ada)).toMatchObject([
      { subscriptionType: 'PRO', status: 'EXPIRED', voucher: true },
    ]);
  });

  it('has nothing to cancel on FREE', async () => {
    const res = await call(app, 'POST', '/v1/subscription/cancel', { token: ada.token, body: {} });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'NOTHING_TO_CANCEL' });
  });
});
