import type { SubscriptionResponse } from '@platen/contract';
import { afterEach, beforeEach } from 'vitest';
import { call, signUp, type Account } from './http.ts';
import { runLogDestination } from './run-log.ts';
import { buildTestApp, type TestApp, type TestDatabase } from './test-app.ts';
import { createLogger } from '../src/lib/logger.ts';
import { findUserByEmail } from '../src/modules/users/index.ts';
import { createVoucher, type VoucherOrder } from '../src/modules/billing/vouchers/voucher-admin.ts';
import { takeUpToDate } from '../src/modules/billing/usage/document-count.ts';
import type { Db } from '../src/db/tables.ts';
import type { SubscriptionRecord } from '../src/modules/billing/lifecycle/subscription-record.ts';

/** Test helpers for the billing suites: state set up through the same code operators use. */
export const confirmEmail = async (app: TestApp, email: string) => {
  await app.deps.db
    .updateTable('users')
    .set({ email_confirmed: 1 })
    .where('email', '=', email)
    .execute();
};

export const userIdOf = async (app: TestApp, email: string): Promise<string> => {
  const user = await findUserByEmail(app.deps.db, email);
  if (!user) throw new Error(`no user ${email}`);
  return user.id;
};

/** Sets the documents an account has counted in its current cycle, as if it had made them. */
export const setDocumentsUsed = async (app: TestApp, userId: string, used: number) => {
  await app.deps.db
    .updateTable('subscriptions')
    .set({ pdfs_generated_this_month: used })
    .where('user_id', '=', userId)
    .execute();
};

/**
 * One document, counted as the billing suites read it (no refusal, no events): whether it is
 * over the limit, and the plan the clock ended before counting, when this call ended it.
 */
export type Reservation = (
  { isReserved: false } | { isReserved: true; isOverLimit: boolean; hasOverageToReport: boolean }
) & { expired?: SubscriptionRecord };

export const reserveDocument = async (db: Db, userId: string, now: Date): Promise<Reservation> => {
  const { taken, expired } = await takeUpToDate(db, userId, 1, now);
  if (!taken) return { isReserved: false, ...(expired && { expired }) };
  const isOverLimit = taken.used > taken.monthlyLimit;
  return {
    ...(expired && { expired }),
    isReserved: true,
    isOverLimit,
    hasOverageToReport: isOverLimit || taken.carried > 0,
  };
};

export const makeVoucher = (app: TestApp, order: Partial<VoucherOrder> = {}) =>
  createVoucher(
    app.deps.db,
    { plan: 'PRO', days: 30, uses: 1, expiresAt: undefined, ...order },
    app.clock.now(),
  );

export const subscriptionOf = async (app: TestApp, account: Account) => {
  const res = await call(app, 'GET', '/v1/subscription', { token: account.token });
  if (res.statusCode !== 200) throw new Error(`subscription: ${res.statusCode} ${res.body}`);
  return res.json<SubscriptionResponse>();
};

/** Moves the clock on and signs the accounts in again (access tokens live 15 minutes). */
export const advanceDays = async (app: TestApp, days: number, ...accounts: Account[]) => {
  app.clock.advanceMinutes(days * 24 * 60);
  for (const account of accounts) {
    const res = await call(app, 'POST', '/v1/auth/login', {
      body: { email: account.email, password: account.password },
    });
    if (res.statusCode !== 200) throw new Error(`login: ${res.statusCode} ${res.body}`);
    account.token = res.json<{ token: string }>().token;
  }
};

/**
 * A production-level logger whose lines the test can read as events; they also go to the run's
 * log, which is scanned for every secret the tests used.
 */
export const capturedLog = () => {
  const lines: Record<string, unknown>[] = [];
  let text = '';
  const runLog = runLogDestination();
  const sink = {
    write: (line: string) => {
      text += line;
      lines.push(JSON.parse(line) as Record<string, unknown>);
      runLog?.write(line);
    },
  };
  return {
    log: createLogger({ logLevel: 'info' }, sink),
    events: () => lines.filter((line) => 'event' in line),
    text: () => text,
  };
};

/**
 * The local payment provider's pages as a browser uses them, bound to the suite's app and the
 * account that pays (read when called, after `beforeEach` set them).
 */
const localPayments = (context: () => { app: TestApp; account: Account }) => {
  const checkout = (planId: string, account = context().account, provider = 'local') =>
    call(context().app, 'POST', `/v1/session/${provider}/create-checkout-session`, {
      token: account.token,
      body: { planId, email: 'someone-else@example.com' },
    });
  const pageOf = (url: string) => new URL(url).pathname;
  const tokenOf = (url: string) => url.split('/').at(-1) ?? '';
  /** A plain HTML form post: no XSRF header, no bearer token, only the page's own token. */
  const submit = (path: string, token: string) =>
    context().app.inject({
      method: 'POST',
      url: path,
      payload: `token=${encodeURIComponent(token)}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
  const subscribe = async (planId = 'pro', account = context().account) => {
    const { url } = (await checkout(planId, account)).json<{ url: string }>();
    return submit('/dev/payments/checkout/pay', tokenOf(url));
  };
  return { checkout, pageOf, tokenOf, submit, subscribe };
};

/** A new test app with Ada signed up, and her user id: where the quota tests start. */
export const appWithAda = async (database: TestDatabase) => {
  const app = await buildTestApp(database);
  const ada = await signUp(app, { email: 'ada@example.com' });
  return { app, ada, userId: await userIdOf(app, ada.email) };
};

/**
 * A test app for every test with Ada signed up (her e-mail confirmed when `isConfirmed`), and the
 * local payment pages as she uses them. Registers the suite's hooks, so call it at the top of a
 * describe block; `current()` gives this test's app.
 */
export const useBillingApp = (database: TestDatabase, opts: { isConfirmed?: boolean } = {}) => {
  const c = {} as { app: TestApp; ada: Account };
  beforeEach(async () => {
    ({ app: c.app, ada: c.ada } = await appWithAda(database));
    if (opts.isConfirmed) await confirmEmail(c.app, c.ada.email);
  });
  afterEach(() => c.app.dispose());
  return { current: () => c, ...localPayments(() => ({ app: c.app, account: c.ada })) };
};
