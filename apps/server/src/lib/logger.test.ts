import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { call, lastCode, lastResetCode, signUp } from '../../test/http.ts';
import { buildTestApp } from '../../test/test-app.ts';
import { confirmEmail, makeVoucher } from '../../test/billing.ts';
import { createLogger } from './logger.ts';

/** A test app whose log lines are kept, parsed, for the test to read. */
const buildLoggedApp = async () => {
  const sink = new PassThrough();
  const lines: Record<string, unknown>[] = [];
  let text = '';
  sink.on('data', (chunk: Buffer) => {
    text += chunk.toString();
    for (const line of chunk.toString().split('\n').filter(Boolean))
      lines.push(JSON.parse(line) as Record<string, unknown>);
  });
  const app = await buildTestApp('sqlite', {}, { log: createLogger({ logLevel: 'info' }, sink) });
  return { app, events: () => lines.filter((line) => 'event' in line), text: () => text };
};

describe('request logs', () => {
  it('never contain passwords, tokens, codes or cookies, but do record logins', async () => {
    const sink = new PassThrough();
    let logs = '';
    sink.on('data', (chunk: Buffer) => (logs += chunk.toString()));
    const app = await buildTestApp('sqlite', {}, { log: createLogger({ logLevel: 'info' }, sink) });
    try {
      const account = await signUp(app, { email: 'logs@example.com', password: 'hunter2-secret' });
      await call(app, 'POST', '/v1/auth/login', {
        body: { email: account.email, password: 'wrong-password-123' },
      });
      const login = await call(app, 'POST', '/v1/auth/login', {
        body: { email: account.email, password: account.password },
      });
      const { token, refreshToken } = login.json<{ token: string; refreshToken: string }>();
      const code = await lastCode(app, account.email);
      await call(app, 'POST', '/v1/user/email/confirm', { token, body: { code } });
      await call(app, 'POST', '/v1/user/password/reset/request', {
        body: { email: account.email },
      });
      await expect.poll(() => lastResetCode(app, account.email)).toBeTruthy();
      const resetCode = await lastResetCode(app, account.email);
      await call(app, 'GET', `/reset-password?code=${resetCode}`);
      await call(app, 'POST', '/v1/auth/refresh', { body: { refreshToken } });
      const regenerated = await call(app, 'POST', '/v1/user/api-key/regenerate', { token });
      const { apiKey } = regenerated.json<{ apiKey: string }>();
      await app.inject({
        method: 'POST',
        url: '/v1/document/generate/template',
        headers: { 'content-type': 'application/json', 'x-api-key': apiKey },
        payload: { templateName: 'None', fields: {} },
      });
      await app.inject({ method: 'POST', url: `/v1/document/generate/template?apiKey=${apiKey}` });

      expect(logs).toContain('"event":"login.failed"');
      expect(logs).toContain('"event":"login.succeeded"');
      expect(logs).toContain('"event":"api_key.regenerated"');
      for (const secret of [
        'hunter2-secret',
        'wrong-password-123',
        token,
        refreshToken,
        account.refreshToken,
        code,
        resetCode,
        'test-xsrf-token',
        apiKey,
      ]) {
        expect(logs).not.toContain(secret);
      }
    } finally {
      await app.dispose();
    }
  });

  it('keep the tokens of the local payment pages out of logged URLs', async () => {
    const { app, text } = await buildLoggedApp();
    try {
      const account = await signUp(app, { email: 'page-tokens@example.com' });
      await confirmEmail(app, account.email);
      const checkout = await call(app, 'POST', '/v1/session/local/create-checkout-session', {
        token: account.token,
        body: { planId: 'pro' },
      });
      const checkoutToken = checkout.json<{ url: string }>().url.split('/').at(-1) ?? '';
      const page = await app.inject({
        method: 'GET',
        url: `/dev/payments/checkout/${checkoutToken}`,
      });
      expect(page.statusCode).toBe(200);
      await app.inject({
        method: 'POST',
        url: '/dev/payments/checkout/pay',
        payload: `token=${encodeURIComponent(checkoutToken)}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      const portalUrl = (
        await call(app, 'POST', '/v1/session/local/billing-portal', {
          token: account.token,
          body: {},
        })
      ).json<{ url: string }>().url;
      const portalToken = portalUrl.split('/').at(-1) ?? '';
      expect(
        (await app.inject({ method: 'GET', url: new URL(portalUrl).pathname })).statusCode,
      ).toBe(200);
      await app.inject({
        method: 'GET',
        url: `/dev/payments/portal/${portalToken}?token=${portalToken}`,
      });

      expect(text()).toContain('"url":"/dev/payments/checkout/[redacted]"');
      expect(text()).toContain('"url":"/dev/payments/portal/[redacted]"');
      expect(text()).toContain('"url":"/dev/payments/portal/[redacted]?token=…"');
      expect(text()).toContain('"url":"/dev/payments/checkout/pay"');
      expect(text()).not.toContain(checkoutToken);
      expect(text()).not.toContain(portalToken);
    } finally {
      await app.dispose();
    }
  });

  it('records billing changes as events: voucher redeemed and ended, paid plan started', async () => {
    const { app, events, text } = await buildLoggedApp();
    try {
      const account = await signUp(app, { email: 'billing-events@example.com' });
      await confirmEmail(app, account.email);
      const voucher = await makeVoucher(app);
      const redeemed = await call(app, 'POST', '/v1/subscription/voucher', {
        token: account.token,
        body: { code: voucher },
      });
      expect(redeemed.statusCode).toBe(200);
      const cancelled = await call(app, 'POST', '/v1/subscription/cancel', {
        token: account.token,
        body: {},
      });
      expect(cancelled.statusCode).toBe(200);
      const checkout = await call(app, 'POST', '/v1/session/local/create-checkout-session', {
        token: account.token,
        body: { planId: 'pro', email: account.email },
      });
      const pageToken = checkout.json<{ url: string }>().url.split('/').at(-1) ?? '';
      const paid = await app.inject({
        method: 'POST',
        url: '/dev/payments/checkout/pay',
        payload: `token=${encodeURIComponent(pageToken)}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      expect(paid.statusCode).toBeLessThan(400);

      const userId = events().find((e) => e.event === 'user.registered')?.userId;
      expect(userId).toEqual(expect.any(String));
      expect(events().map(({ event, userId: who }) => ({ event, userId: who }))).toEqual(
        expect.arrayContaining([
          { event: 'billing.voucher_redeemed', userId },
          { event: 'billing.voucher_cancelled', userId },
        ]),
      );
      expect(events()).toContainEqual(
        expect.objectContaining({ event: 'billing.provider_state', userId, decision: 'update' }),
      );
      expect(text()).not.toContain(voucher);
      expect(text()).not.toContain(pageToken);
    } finally {
      await app.dispose();
    }
  });
});
