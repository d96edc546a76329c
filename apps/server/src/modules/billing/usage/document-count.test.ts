import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { call, type Account } from '../../../../test/http.ts';
import { testDatabases, type TestApp } from '../../../../test/test-app.ts';
import {
  appWithAda,
  makeVoucher,
  setDocumentsUsed,
  subscriptionOf,
} from '../../../../test/billing.ts';
import { countDocuments } from './document-count.ts';
import { release } from './meter.ts';
import { usageMonth } from './usage.repository.ts';

/** One document, as a generate counts it. */
const countDocument = (deps: Parameters<typeof countDocuments>[0], userId: string, now: Date) =>
  countDocuments(deps, userId, 1, now);

/*
 * The billing module's entry points for other modules: a batch reserves its documents all at
 * once or not at all, and gives back what it could not generate.
 */
describe.each(testDatabases())('countDocuments and release on %s', (database) => {
  let app: TestApp;
  let ada: Account;
  let userId: string;
  beforeEach(async () => {
    ({ app, ada, userId } = await appWithAda(database));
  });
  afterEach(() => app.dispose());

  const used = async () => (await subscriptionOf(app, ada)).pdfsGeneratedThisMonth;
  const inMonthHistory = async () => {
    const row = await app.deps.db
      .selectFrom('usage_months')
      .select('documents')
      .where('user_id', '=', userId)
      .where('month', '=', usageMonth(app.clock.now()))
      .executeTakeFirst();
    return Number(row?.documents ?? 0);
  };
  const count = (n: number) => countDocuments(app.deps, userId, n, app.clock.now());

  it('reserves all of a batch or none: FREE with 30 left cannot reserve 31', async () => {
    await setDocumentsUsed(app, userId, 70);
    expect(await count(31)).toEqual({
      isReserved: false,
      remaining: 30,
      hasOverageToReport: false,
    });
    expect(await used()).toBe(70);
    expect(await inMonthHistory()).toBe(0);
    expect(await count(30)).toEqual({ isReserved: true, remaining: 0, hasOverageToReport: false });
    expect(await used()).toBe(100);
    expect(await inMonthHistory()).toBe(30);
    expect(await countDocument(app.deps, userId, app.clock.now())).toEqual({
      isReserved: false,
      remaining: 0,
      hasOverageToReport: false,
    });
  });

  it('says how many documents are left after a reservation', async () => {
    expect(await count(12)).toEqual({ isReserved: true, remaining: 88, hasOverageToReport: false });
    expect(await countDocument(app.deps, userId, app.clock.now())).toMatchObject({
      remaining: 87,
    });
  });

  it('never passes the limit when batches race for the last documents', async () => {
    await setDocumentsUsed(app, userId, 70);
    const results = await Promise.all(Array.from({ length: 12 }, () => count(4)));
    expect(results.filter((r) => r.isReserved)).toHaveLength(7);
    expect(await used()).toBe(98);
    expect(await inMonthHistory()).toBe(28);
    expect(await count(3)).toMatchObject({ isReserved: false, remaining: 2 });
  });

  it('reserves past the limit as overage on a plan that bills it', async () => {
    const code = await makeVoucher(app, { plan: 'STARTER' });
    const res = await call(app, 'POST', '/v1/subscription/voucher', {
      token: ada.token,
      body: { code },
    });
    expect(res.statusCode, res.body).toBe(200);
    await setDocumentsUsed(app, userId, 998);
    expect(await count(5)).toEqual({ isReserved: true, remaining: null, hasOverageToReport: true });
    expect(await used()).toBe(1003);
  });

  it('gives back a batch it could not generate, never below zero', async () => {
    await count(5);
    await release(app.deps.db, { userId, count: 3, reservedAt: app.clock.now() });
    expect(await used()).toBe(2);
    expect(await inMonthHistory()).toBe(2);
    await release(app.deps.db, { userId, count: 5, reservedAt: app.clock.now() });
    expect(await used()).toBe(0);
    expect(await inMonthHistory()).toBe(0);
  });
});
