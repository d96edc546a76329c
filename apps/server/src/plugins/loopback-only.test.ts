import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { call, errorBody, signUp, type Account } from '../../test/http.ts';
import { buildTestApp, testDatabases, type TestApp } from '../../test/test-app.ts';
import { confirmEmail, subscriptionOf } from '../../test/billing.ts';

const REMOTE = '192.0.2.10';
const refused = {
  status: 403,
  code: 'FORBIDDEN',
  message:
    'This development page answers only on the machine that runs the server (127.0.0.1 or ::1).',
};

describe.each(testDatabases())('development pages on %s', (database) => {
  let app: TestApp;
  let ada: Account;
  beforeEach(async () => {
    app = await buildTestApp(database);
    ada = await signUp(app, { email: 'ada@example.com' });
    await confirmEmail(app, ada.email);
  });
  afterEach(() => app.dispose());

  const checkoutToken = async () => {
    const res = await call(app, 'POST', '/v1/session/local/create-checkout-session', {
      token: ada.token,
      body: { planId: 'pro' },
    });
    return res.json<{ url: string }>().url.split('/').at(-1) ?? '';
  };
  const pay = (token: string, remoteAddress: string) =>
    app.inject({
      method: 'POST',
      url: '/dev/payments/checkout/pay',
      payload: `token=${encodeURIComponent(token)}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      remoteAddress,
    });
  const get = (url: string, remoteAddress: string, headers: Record<string, string> = {}) =>
    app.inject({ method: 'GET', url, remoteAddress, headers });

  it('refuse a client on another machine: mailbox, payment pages and /metrics', async () => {
    const token = await checkoutToken();
    for (const url of [
      '/dev/mailbox',
      '/dev/mailbox/messages',
      '/dev/mailbox.css',
      `/dev/payments/checkout/${token}`,
      `/dev/payments/portal/${token}`,
      '/metrics',
    ]) {
      const res = await get(url, REMOTE);
      expect(res.statusCode, url).toBe(403);
      expect(errorBody(res), url).toEqual(refused);
      expect(res.headers['content-security-policy'], url).toContain("default-src 'self'");
      expect(res.body, url).not.toContain(ada.email);
    }
    const paid = await pay(token, REMOTE);
    expect(paid.statusCode).toBe(403);
    expect((await subscriptionOf(app, ada)).subscriptionPlan.subscriptionType).toBe('FREE');
  });

  it.each(['127.0.0.1', '127.0.0.2', '::1', '::ffff:127.0.0.1'])(
    'answer a client on this machine (%s)',
    async (address) => {
      const mails = await get('/dev/mailbox/messages', address);
      expect(mails.statusCode).toBe(200);
      expect(mails.json<{ to: string }[]>().map((m) => m.to)).toContain(ada.email);
      expect((await get('/metrics', address)).statusCode).toBe(200);
      expect(
        (await get(`/dev/payments/checkout/${await checkoutToken()}`, address)).statusCode,
      ).toBe(200);
    },
  );
});

describe('development pages behind a proxy (TRUST_PROXY=1)', () => {
  let app: TestApp;
  beforeEach(async () => {
    app = await buildTestApp('sqlite', { trustProxy: { hops: 1 } });
  });
  afterEach(() => app.dispose());

  const mailbox = (remoteAddress: string, forwardedFor: string) =>
    app.inject({
      method: 'GET',
      url: '/dev/mailbox/messages',
      remoteAddress,
      headers: { 'x-forwarded-for': forwardedFor },
    });

  it('judge by the connection, so a forged X-Forwarded-For does not pass', async () => {
    expect((await mailbox(REMOTE, '127.0.0.1')).statusCode).toBe(403);
  });

  it('refuse a remote client relayed by a proxy on this machine', async () => {
    expect((await mailbox('127.0.0.1', REMOTE)).statusCode).toBe(403);
    expect((await mailbox('127.0.0.1', '127.0.0.1')).statusCode).toBe(200);
  });
});
