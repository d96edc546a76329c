import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { call, lastCode, lastResetCode, signUp } from '../../test/http.ts';
import { buildTestApp } from '../../test/test-app.ts';
import { createLogger } from './logger.ts';

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
});
