import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Account } from '../../../../test/http.ts';
import { testDatabases, type TestApp } from '../../../../test/test-app.ts';
import {
  appWithAda,
  setDocumentsUsed,
  subscriptionOf,
  userIdOf,
} from '../../../../test/billing.ts';
import { useStripeApp } from '../../../../test/stripe.ts';
import { AppError } from '../../../lib/app-error.ts';
import { release, reserve, type RefusalWording } from './meter.ts';
import { usageMonth } from './usage.repository.ts';

/** A batch's wording, which names what the plan has left. */
const wording: RefusalWording = ({ planType, monthlyLimit, remaining }) =>
  `${planType} allows ${monthlyLimit}, ${remaining} left`;

const UNPAID =
  'Your subscription is not paid. Update your payment details in the billing portal to generate documents.';

/** The refusal a promise rejected with, or a failure when it did not reject with one. */
const refusalOf = async (promise: Promise<unknown>) => {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(error instanceof AppError)) throw new Error(`expected a refusal, got ${String(error)}`);
  return { code: error.code, status: error.status, message: error.message };
};

/** The quota protocol on its own: reserve, settle, release, against a real database. */
describe.each(testDatabases())('the meter on %s', (database) => {
  let app: TestApp;
  let ada: Account;
  let userId: string;
  beforeEach(async () => {
    ({ app, ada, userId } = await appWithAda(database));
  });
  afterEach(() => app.dispose());

  const used = async () => (await subscriptionOf(app, ada)).pdfsGeneratedThisMonth;
  const inMonth = async (month: string) => {
    const row = await app.deps.db
      .selectFrom('usage_months')
      .select('documents')
      .where('user_id', '=', userId)
      .where('month', '=', month)
      .executeTakeFirst();
    return Number(row?.documents ?? 0);
  };
  const setStatus = (status: 'UNPAID' | 'EXPIRED') =>
    app.deps.db
      .updateTable('subscriptions')
      .set({ status })
      .where('user_id', '=', userId)
      .execute();

  it('reserves documents within the limit, at the clock’s time', async () => {
    await setDocumentsUsed(app, userId, 90);
    const reservation = await reserve(app.deps, userId, 10, wording);
    expect(reservation.reservedAt).toEqual(app.clock.now());
    expect(await used()).toBe(100);
    expect(await inMonth(usageMonth(app.clock.now()))).toBe(10);
  });

  it('refuses past the limit in the caller’s words with 402, counting nothing', async () => {
    await setDocumentsUsed(app, userId, 95);
    expect(await refusalOf(reserve(app.deps, userId, 6, wording))).toEqual({
      code: 'QUOTA_EXCEEDED',
      status: 402,
      message: 'FREE allows 100, 5 left',
    });
    expect(await used()).toBe(95);
  });

  it.each(['UNPAID', 'EXPIRED'] as const)(
    'refuses a %s subscription whatever is asked, in its own words',
    async (status) => {
      await setStatus(status);
      expect(await refusalOf(reserve(app.deps, userId, 1, wording))).toEqual({
        code: 'QUOTA_EXCEEDED',
        status: 402,
        message: UNPAID,
      });
      expect(await used()).toBe(0);
    },
  );

  it('settles by giving back what was not produced', async () => {
    const reservation = await reserve(app.deps, userId, 5, wording);
    await reservation.settle(3);
    expect(await used()).toBe(3);
    expect(await inMonth(usageMonth(app.clock.now()))).toBe(3);
  });

  it('settles once', async () => {
    const reservation = await reserve(app.deps, userId, 2, wording);
    await reservation.settle(2);
    await expect(reservation.settle(0)).rejects.toThrow('settled once');
    expect(await used()).toBe(2);
  });

  it('settles inside the caller’s transaction: a rolled-back settle gives nothing back', async () => {
    const reservation = await reserve(app.deps, userId, 4, wording);
    await expect(
      app.deps.db.transaction().execute(async (trx) => {
        await reservation.settle(0, trx);
        throw new Error('the caller’s change failed');
      }),
    ).rejects.toThrow('the caller’s change failed');
    expect(await used()).toBe(4);
  });

  it('releases a stored reservation to the month it was reserved in, inside a transaction', async () => {
    const reservation = await reserve(app.deps, userId, 6, wording);
    const reservedMonth = usageMonth(reservation.reservedAt);
    app.clock.advanceMinutes(40 * 24 * 60);
    await app.deps.db.transaction().execute(async (trx) => {
      await release(trx, { userId, count: 4, reservedAt: reservation.reservedAt });
      await release(trx, { userId, count: 0, reservedAt: reservation.reservedAt });
    });
    expect(await inMonth(reservedMonth)).toBe(2);
    expect(await inMonth(usageMonth(app.clock.now()))).toBe(0);
  });
});

describe.each(testDatabases())('the meter’s overage report on %s', (database) => {
  const suite = useStripeApp(database);

  const meterEvents = () =>
    suite.current().stripe.calls.filter((c) => c.path === '/v1/billing/meter_events');
  /** The report runs off the request path: wait until the stand-in has seen it. */
  const untilReported = async () => {
    while (meterEvents().length === 0) await new Promise((resolve) => setTimeout(resolve, 10));
  };

  it('reports overage once the documents are produced, and once only', async () => {
    const { app, ada } = suite.current();
    await suite.activatePro(await suite.customerOfAda());
    const userId = await userIdOf(app, ada.email);
    await setDocumentsUsed(app, userId, 4999);
    const failed = await reserve(app.deps, userId, 3, wording);
    await failed.settle(0);
    expect(meterEvents()).toHaveLength(0);
    const reservation = await reserve(app.deps, userId, 3, wording);
    await reservation.settle(3);
    await untilReported();
    await expect(reservation.settle(3)).rejects.toThrow('settled once');
    expect(meterEvents().map((c) => c.form['payload[value]'])).toEqual(['2']);
  });
});
