import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { call, lastResetCode, mailbox, signUp } from '../../../test/http.ts';
import { buildTestApp, testDatabases, type TestApp } from '../../../test/test-app.ts';
import { rateRules } from '../rate-limits/index.ts';
import { RESET_REQUEST_MESSAGE } from './auth.service.ts';

describe.each(testDatabases())('password reset on %s', (database) => {
  let app: TestApp;
  beforeEach(async () => {
    app = await buildTestApp(database);
  });
  afterEach(() => app.dispose());

  const requestReset = (email: string, headers: Record<string, string> = {}) =>
    call(app, 'POST', '/v1/user/password/reset/request', { body: { email }, headers });
  const submit = (confirmLink: string, password = 'brand new password') =>
    call(app, 'POST', '/v1/user/password/reset/submit', { body: { confirmLink, password } });
  const resetMails = async (to: string) =>
    (await mailbox(app, to)).filter((m) => m.subject.includes('Reset'));

  it('answers the same for a known and an unknown e-mail, and mails only the known one', async () => {
    const account = await signUp(app);
    const known = await requestReset(account.email);
    const unknown = await requestReset('nobody@example.com');
    expect(known.statusCode).toBe(200);
    expect(known.body).toBe(unknown.body);
    expect(known.json()).toEqual({ message: RESET_REQUEST_MESSAGE });
    await expect.poll(() => resetMails(account.email)).toHaveLength(1);
    expect(await resetMails('nobody@example.com')).toHaveLength(0);
  });

  it('builds the link from APP_URL, never from the Host header', async () => {
    const account = await signUp(app);
    await requestReset(account.email, { host: 'evil.example', 'x-forwarded-host': 'evil.example' });
    await expect.poll(() => resetMails(account.email)).toHaveLength(1);
    const [mail] = await resetMails(account.email);
    expect(mail?.text).toContain('https://platen.example/reset-password?code=');
    expect(mail?.text).not.toContain('evil.example');
  });

  it('stores only a hash of the code, which carries at least 128 random bits', async () => {
    const account = await signUp(app);
    await requestReset(account.email);
    await expect.poll(() => resetMails(account.email)).toHaveLength(1);
    const mailed = await lastResetCode(app, account.email);
    expect(Buffer.from(mailed, 'base64url').length).toBeGreaterThanOrEqual(16);
    const rows = await app.deps.db.selectFrom('email_codes').select('code_hash').execute();
    expect(rows.map((r) => r.code_hash)).not.toContain(mailed);
  });

  it('sets the new password, signs in, and signs out every other session', async () => {
    const account = await signUp(app);
    await requestReset(account.email);
    await expect.poll(() => resetMails(account.email)).toHaveLength(1);
    const res = await submit(await lastResetCode(app, account.email));
    expect(res.statusCode).toBe(200);
    const { token } = res.json<{ token: string }>();
    expect((await call(app, 'GET', '/v1/user/profile', { token })).statusCode).toBe(200);
    expect((await call(app, 'GET', '/v1/user/profile', { token: account.token })).statusCode).toBe(
      401,
    );
    const oldRefresh = await call(app, 'POST', '/v1/auth/refresh', {
      body: { refreshToken: account.refreshToken },
    });
    expect(oldRefresh.statusCode).toBe(401);
    const login = await call(app, 'POST', '/v1/auth/login', {
      body: { email: account.email, password: 'brand new password' },
    });
    expect(login.statusCode).toBe(200);
  });

  it('works once, also when two submissions race', async () => {
    const account = await signUp(app);
    await requestReset(account.email);
    await expect.poll(() => resetMails(account.email)).toHaveLength(1);
    const code = await lastResetCode(app, account.email);
    const results = await Promise.all([submit(code), submit(code), submit(code)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 400, 400]);
    const again = await submit(code);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ code: 'RESET_CODE_INVALID' });
  });

  it('kills an older code when a newer one is sent', async () => {
    const account = await signUp(app);
    await requestReset(account.email);
    await expect.poll(() => resetMails(account.email)).toHaveLength(1);
    const older = await lastResetCode(app, account.email);
    await requestReset(account.email);
    await expect.poll(() => resetMails(account.email)).toHaveLength(2);
    expect((await submit(older)).statusCode).toBe(400);
    expect((await submit(await lastResetCode(app, account.email))).statusCode).toBe(200);
  });

  it('expires the code after 30 minutes', async () => {
    const account = await signUp(app);
    await requestReset(account.email);
    await expect.poll(() => resetMails(account.email)).toHaveLength(1);
    app.clock.advanceMinutes(31);
    expect((await submit(await lastResetCode(app, account.email))).statusCode).toBe(400);
  });

  it.each([
    [
      { password: '12345', confirmLink: 'abc' },
      'The password needs a minimum length of 6 characters',
    ],
    [
      { password: 'secret', confirmLink: '' },
      'The reset link is incomplete. Please request a new one.',
    ],
  ])('validates %j', async (body, message) => {
    const res = await call(app, 'POST', '/v1/user/password/reset/submit', { body });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message });
  });

  it('limits reset requests per e-mail', async () => {
    for (let i = 0; i < 5; i += 1) {
      expect((await requestReset('target@example.com')).statusCode).toBe(200);
    }
    const res = await requestReset('target@example.com');
    expect(res.statusCode).toBe(429);
  });

  it('limits reset requests per address, whatever the e-mail, with Retry-After', async () => {
    const fromIp = (email: string, ip: string) =>
      call(app, 'POST', '/v1/user/password/reset/request', { body: { email }, ip });
    const { limit } = rateRules.resetRequestPerIp;
    for (let i = 0; i < limit; i += 1) {
      expect((await fromIp(`spray${i}@example.com`, '192.0.2.90')).statusCode).toBe(200);
    }
    const refused = await fromIp('spray-last@example.com', '192.0.2.90');
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await fromIp('spray-last@example.com', '192.0.2.91')).statusCode).toBe(200);
  });
});
