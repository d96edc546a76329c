import type { LightMyRequestResponse } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { call, lastResetCode, signUp, type Account } from '../../test/http.ts';
import { makePdf } from '../../test/pdf-fixtures.ts';
import { buildTestApp, testDatabases, type TestApp } from '../../test/test-app.ts';
import { generate, saveFields, textField, uploadTemplate } from '../../test/templates.ts';
import { confirmEmail, makeVoucher } from '../../test/billing.ts';
import { createBatch, keyHeaders, waitForJob } from '../../test/jobs.ts';
import { exportAccount, startExport } from '../../test/account-exports.ts';

const expectNoStore = (res: LightMyRequestResponse, what: string) => {
  expect(res.statusCode, `${what}: ${res.body.slice(0, 200)}`).toBeLessThan(400);
  expect(res.headers['cache-control'], what).toBe('no-store');
};

describe.each(testDatabases())('answers that carry secrets on %s', (database) => {
  let app: TestApp;
  let ada: Account;
  beforeEach(async () => {
    app = await buildTestApp(database);
    ada = await signUp(app, { email: 'ada@example.com' });
    await confirmEmail(app, ada.email);
  });
  afterEach(() => app.dispose());

  const as = (method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown) =>
    call(app, method, url, { token: ada.token, ...(body !== undefined && { body }) });

  it('are not stored: tokens, the reset sign-in and the XSRF token', async () => {
    const credentials = { email: ada.email, password: ada.password };
    const registered = await call(app, 'POST', '/v1/auth/register', {
      body: { email: 'bob@example.com', password: 'pass-word-1', firstName: 'B', lastName: 'B' },
    });
    expectNoStore(registered, 'register');
    expectNoStore(await call(app, 'POST', '/v1/auth/login', { body: credentials }), 'login');
    const refresh = { refreshToken: ada.refreshToken };
    expectNoStore(await call(app, 'POST', '/v1/auth/refresh', { body: refresh }), 'refresh');
    expectNoStore(await call(app, 'GET', '/v1/auth/csrf'), 'csrf');
    await call(app, 'POST', '/v1/user/password/reset/request', { body: { email: ada.email } });
    await expect.poll(() => lastResetCode(app, ada.email)).toBeTruthy();
    const reset = { confirmLink: await lastResetCode(app, ada.email), password: 'new-pass-word' };
    expectNoStore(
      await call(app, 'POST', '/v1/user/password/reset/submit', { body: reset }),
      'reset',
    );
  });

  it('are not stored, even when they fail', async () => {
    const wrong = await call(app, 'POST', '/v1/auth/login', {
      body: { email: ada.email, password: 'wrong-password' },
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.headers['cache-control']).toBe('no-store');
  });

  it('are not stored: the subscription, vouchers and provider pages', async () => {
    expectNoStore(await as('GET', '/v1/subscription'), 'subscription');
    const voucher = await as('POST', '/v1/subscription/voucher', { code: await makeVoucher(app) });
    expectNoStore(voucher, 'voucher');
    expectNoStore(await as('POST', '/v1/subscription/cancel', {}), 'cancel');
    const checkout = await as('POST', '/v1/session/local/create-checkout-session', {
      planId: 'pro',
    });
    expectNoStore(checkout, 'checkout');
    const page = await app.inject({
      method: 'GET',
      url: new URL(checkout.json<{ url: string }>().url).pathname,
    });
    expectNoStore(page, 'checkout page');
    expectNoStore(await app.inject({ method: 'GET', url: '/dev/mailbox/messages' }), 'mailbox');
    expectNoStore(await as('POST', '/v1/user/api-key/regenerate', {}), 'API key');
  });

  it('are not stored: templates (with the API key) and their PDF', async () => {
    expectNoStore(await uploadTemplate(app, ada, { name: 'Form', pdf: await makePdf() }), 'upload');
    expectNoStore(await as('GET', '/v1/template/Form'), 'template');
    expectNoStore(await saveFields(app, ada, 'Form', [textField('Name')]), 'save');
    expectNoStore(await as('GET', '/v1/template/Form/pdf'), 'PDF');
    expectNoStore(
      await as('POST', '/v1/document/tryout/template', { templateName: 'Form' }),
      'tryout',
    );
    const apiKey = (await as('GET', '/v1/template/Form')).json<{ apiKey: string }>().apiKey;
    expectNoStore(await generate(app, apiKey, { templateName: 'Form', fields: {} }), 'document');
    const refused = await generate(app, apiKey, { templateName: 'Nothing', fields: {} });
    expect(refused.headers['cache-control'], 'refused document').toBe('no-store');
  });

  it('are not stored: jobs and account exports, whose answers carry signed links', async () => {
    await uploadTemplate(app, ada, { name: 'Form', pdf: await makePdf() });
    await saveFields(app, ada, 'Form', [textField('Name')]);
    const apiKey = (await as('GET', '/v1/template/Form')).json<{ apiKey: string }>().apiKey;
    const started = await createBatch(app, apiKey, {
      templateName: 'Form',
      items: [{ Name: 'A' }],
    });
    expectNoStore(started, 'batch');
    const job = await waitForJob(app, apiKey, started.json<{ id: string }>().id);
    expect(job.results[0]?.signedUrl).toContain('signature=');
    const byKey = (url: string) => app.inject({ method: 'GET', url, headers: keyHeaders(apiKey) });
    expectNoStore(await byKey(`/v1/jobs/${job.id}`), 'job');
    expectNoStore(await byKey('/v1/jobs'), 'jobs');
    expectNoStore(await as('GET', `/v1/jobs/${job.id}`), 'job by session');
    expectNoStore(await as('GET', '/v1/jobs'), 'jobs by session');
    const done = await exportAccount(app, ada);
    expect(done.download?.url).toContain('signature=');
    expectNoStore(await as('GET', `/v1/user/export/${done.id}`), 'export');
    expectNoStore(await startExport(app, ada), 'new export');
  });

  it('leave other answers to the browser', async () => {
    const plans = await as('GET', '/v1/subscription/plans');
    expect(plans.statusCode).toBe(200);
    expect(plans.headers['cache-control']).toBeUndefined();
  });
});
