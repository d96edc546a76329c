import type { SubscriptionResponse } from '@platen/contract';
import { call, type Account } from './http.ts';
import { runLogDestination } from './run-log.ts';
import type { TestApp } from './test-app.ts';
import { createLogger } from '../src/lib/logger.ts';
import { findUserByEmail } from '../src/modules/users/index.ts';
import { createVoucher, type VoucherOrder } from '../src/modules/billing/vouchers/voucher-admin.ts';

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
