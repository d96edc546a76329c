import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, signUp, type Account } from '../../../../test/http.ts';
import { buildTestApp, testDatabases, type TestApp } from '../../../../test/test-app.ts';
import { makeVoucher } from '../../../../test/billing.ts';
import { voucherRules } from '../billing.service.ts';

/** security.md §24: guessing voucher codes is limited per account and per address. */
describe.each(testDatabases())('voucher guessing on %s', (database) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await buildTestApp(database);
  });
  afterAll(() => app.dispose());

  let guessCount = 0;
  const redeem = (account: Account, code: string, ip: string) =>
    call(app, 'POST', '/v1/subscription/voucher', { token: account.token, body: { code }, ip });
  const guess = (account: Account, ip: string) =>
    redeem(account, `PLT-GUES-SXXX-XXXX-${String((guessCount += 1)).padStart(4, '2')}`, ip);

  it('stops an account after its budget of wrong codes, from any address', async () => {
    const ada = await signUp(app);
    for (let i = 0; i < voucherRules.perUser.limit; i += 1) {
      expect((await guess(ada, `192.0.2.${10 + i}`)).statusCode).toBe(400);
    }
    const right = await redeem(ada, await makeVoucher(app), '192.0.2.99');
    expect(right.statusCode).toBe(429);
    expect(Number(right.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('stops an address after its budget of wrong codes, whichever accounts send them', async () => {
    const { perIp, perUser } = voucherRules;
    const accounts: Account[] = [];
    for (let i = 0; i < Math.ceil(perIp.limit / perUser.limit) + 1; i += 1) {
      accounts.push(await signUp(app));
    }
    for (let i = 0; i < perIp.limit; i += 1) {
      const sender = accounts[Math.floor(i / perUser.limit)] as Account;
      expect((await guess(sender, '198.51.100.66')).statusCode).toBe(400);
    }
    // A fresh account, with a code that exists: refused from that address, redeemed elsewhere.
    const fresh = accounts.at(-1) as Account;
    const code = await makeVoucher(app);
    const refused = await redeem(fresh, code, '198.51.100.66');
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await redeem(fresh, code, '198.51.100.67')).statusCode).toBe(200);
  });
});
