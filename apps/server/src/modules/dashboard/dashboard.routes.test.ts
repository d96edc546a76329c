import type { DashboardResponse } from '@platen/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { call, signUp, type Account } from '../../../test/http.ts';
import { buildTestApp, testDatabases, type TestApp } from '../../../test/test-app.ts';
import { advanceDays, makeVoucher, reserveDocument, userIdOf } from '../../../test/billing.ts';
import { lastMonths, monthOverMonth } from './dashboard-figures.ts';

describe.each(testDatabases())('the dashboard on %s', (database) => {
  let app: TestApp;
  let ada: Account;
  beforeEach(async () => {
    app = await buildTestApp(database);
    ada = await signUp(app, { email: 'ada@example.com' });
  });
  afterEach(() => app.dispose());

  const dashboard = async () => {
    const res = await call(app, 'GET', '/v1/dashboard', { token: ada.token });
    expect(res.statusCode).toBe(200);
    return res.json<DashboardResponse>();
  };

  it('starts empty for a new account on FREE', async () => {
    expect(await dashboard()).toEqual({
      documentsGenerated: 0,
      remainingDocuments: 100,
      remainingSubscriptionDays: 31,
      usage: {
        categories: [
          '2025-04',
          '2025-05',
          '2025-06',
          '2025-07',
          '2025-08',
          '2025-09',
          '2025-10',
          '2025-11',
          '2025-12',
          '2026-01',
          '2026-02',
          '2026-03',
        ],
        series: Array.from({ length: 12 }, () => 0),
      },
      percentage: 0,
      up: true,
      lastMonthGenerated: 0,
      emailConfirmed: false,
      templatesAvailable: 0,
      price: 0,
      voucher: false,
    });
  });

  it('counts all time, the last 12 months, and this month against last', async () => {
    const userId = await userIdOf(app, ada.email);
    await app.deps.db
      .insertInto('usage_months')
      .values([
        { user_id: userId, month: '2024-01', documents: 7 },
        { user_id: userId, month: '2026-02', documents: 40 },
      ])
      .execute();
    for (let i = 0; i < 3; i += 1) await reserveDocument(app.deps.db, userId, app.clock.now());
    await app.deps.db
      .insertInto('templates')
      .values(
        ['Invoice', 'Letter'].map((name) => ({
          id: crypto.randomUUID(),
          user_id: userId,
          name,
          description: '',
          revision: 1,
          page_count: 1,
          pages_json: '[]',
          fields_json: '[]',
          field_count: 0,
          preview_png: Buffer.alloc(0),
          created_at: app.clock.now().toISOString(),
          updated_at: app.clock.now().toISOString(),
        })),
      )
      .execute();
    const figures = await dashboard();
    expect(figures).toMatchObject({
      documentsGenerated: 50,
      remainingDocuments: 97,
      percentage: 92.5,
      up: false,
      lastMonthGenerated: 40,
      templatesAvailable: 2,
    });
    expect(figures.usage.series.slice(-2)).toEqual([40, 3]);
  });

  it('shows a voucher’s plan price and its days left', async () => {
    const code = await makeVoucher(app, { plan: 'PRO', days: 20 });
    await call(app, 'POST', '/v1/subscription/voucher', { token: ada.token, body: { code } });
    expect(await dashboard()).toMatchObject({
      price: 29.99,
      voucher: true,
      remainingSubscriptionDays: 20,
      remainingDocuments: 5000,
    });
  });

  it('reads FREE again once a voucher has expired', async () => {
    const code = await makeVoucher(app, { plan: 'PRO', days: 20 });
    await call(app, 'POST', '/v1/subscription/voucher', { token: ada.token, body: { code } });
    await advanceDays(app, 25, ada);
    // FREE's cycle is the account's, from the sign-up on March 1: it ends on April 1.
    expect(await dashboard()).toMatchObject({
      price: 0,
      voucher: false,
      remainingSubscriptionDays: 6,
      remainingDocuments: 100,
    });
  });
});

describe('dashboard figures', () => {
  it('lists months across a year boundary', () => {
    expect(lastMonths(new Date('2026-01-31T23:59:59Z'), 3)).toEqual([
      '2025-11',
      '2025-12',
      '2026-01',
    ]);
  });

  it('compares this month with last month', () => {
    expect(monthOverMonth(15, 10)).toEqual({ percentage: 50, up: true });
    expect(monthOverMonth(5, 10)).toEqual({ percentage: 50, up: false });
    expect(monthOverMonth(3, 0)).toEqual({ percentage: 100, up: true });
    expect(monthOverMonth(0, 0)).toEqual({ percentage: 0, up: true });
  });
});
