import Stripe from 'stripe';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { call, errorBody, signUp, type Account } from '../../../test/http.ts';
import { makePdf } from '../../../test/pdf-fixtures.ts';
import { buildTestApp, testDatabases, type TestApp } from '../../../test/test-app.ts';
import {
  apiKeyOf,
  generate,
  saveFields,
  textField,
  uploadTemplate,
} from '../../../test/templates.ts';
import { confirmEmail, userIdOf } from '../../../test/billing.ts';

/** Rows that still belong to the account, table by table (the tombstone aside). */
const rowsOf = async (app: TestApp, userId: string) => {
  const { db } = app.deps;
  const count = async (table: 'users' | 'templates', column: 'id' | 'user_id') =>
    Number(
      (
        await db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .where(column, '=', userId)
          .executeTakeFirstOrThrow()
      ).n,
    );
  const byUser = async (
    table:
      | 'sessions'
      | 'api_keys'
      | 'subscriptions'
      | 'usage_months'
      | 'email_codes'
      | 'idempotency_keys'
      | 'webhook_endpoints'
      | 'webhook_events',
  ) =>
    Number(
      (
        await db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .where('user_id', '=', userId)
          .executeTakeFirstOrThrow()
      ).n,
    );
  const templateRows = async (
    table:
      | 'template_files'
      | 'template_stamps'
      | 'template_versions'
      | 'template_version_stamps'
      | 'template_blobs'
      | 'webhook_deliveries'
      | 'webhook_rotated_secrets',
  ) =>
    Number(
      (
        await db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  return {
    users: await count('users', 'id'),
    templates: await count('templates', 'user_id'),
    sessions: await byUser('sessions'),
    apiKeys: await byUser('api_keys'),
    subscriptions: await byUser('subscriptions'),
    usage: await byUser('usage_months'),
    codes: await byUser('email_codes'),
    idempotencyKeys: await byUser('idempotency_keys'),
    templateFiles: await templateRows('template_files'),
    stamps: await templateRows('template_stamps'),
    versions: await templateRows('template_versions'),
    versionStamps: await templateRows('template_version_stamps'),
    blobs: await templateRows('template_blobs'),
    webhookEndpoints: await byUser('webhook_endpoints'),
    webhookEvents: await byUser('webhook_events'),
    webhookDeliveries: await templateRows('webhook_deliveries'),
    webhookRotatedSecrets: await templateRows('webhook_rotated_secrets'),
  };
};

const PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAABAAAAAQCAYAAAAf8/9hAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAHUlEQVR4nGNQ6n72nxLMMGrA/9EweDYaBt3DIgwAaUmSH6Bn+N4AAAAASUVORK5CYII=';

describe.each(testDatabases())('deleting an account on %s', (database) => {
  let app: TestApp;
  let ada: Account;
  let apiKey: string;

  beforeEach(async () => {
    app = await buildTestApp(database);
    ada = await signUp(app, { email: 'ada@example.com' });
    await uploadTemplate(app, ada, { name: 'Letter', pdf: await makePdf() });
    await saveFields(app, ada, 'Letter', [textField('Name')]);
    await call(app, 'PUT', '/v1/template', {
      token: ada.token,
      body: {
        templateName: 'Letter',
        inputs: [textField('Name')],
        stamps: [{ page: 1, rectX: 10, rectY: 10, rectWidth: 20, rectHeight: 20, image: PNG }],
      },
    });
    const endpoint = await call(app, 'POST', '/v1/webhook-endpoints', {
      token: ada.token,
      body: { url: 'https://93.184.215.14/hooks', events: ['template.published'] },
    });
    expect(endpoint.statusCode, endpoint.body).toBe(200);
    const rotated = await call(
      app,
      'POST',
      `/v1/webhook-endpoints/${endpoint.json<{ id: string }>().id}/rotate-secret`,
      { token: ada.token },
    );
    expect(rotated.statusCode, rotated.body).toBe(200);
    const published = await call(app, 'POST', '/v1/template/Letter/publish', {
      token: ada.token,
      body: {},
    });
    expect(published.statusCode, published.body).toBe(200);
    apiKey = await apiKeyOf(app, ada, 'Letter');
    expect((await generate(app, apiKey, { templateName: 'Letter', fields: {} })).statusCode).toBe(
      200,
    );
    const keyed = await app.inject({
      method: 'POST',
      url: '/v1/document/generate/template',
      headers: { 'x-api-key': apiKey, 'idempotency-key': 'letter-1' },
      payload: { templateName: 'Letter', fields: {} },
    });
    expect(keyed.statusCode).toBe(200);
  });
  afterEach(() => app.dispose());

  const deleteAccount = (account: Account, password: unknown) =>
    call(app, 'DELETE', '/v1/user', { token: account.token, body: { password } });

  it('refuses a wrong or missing password and changes nothing', async () => {
    const userId = await userIdOf(app, ada.email);
    const before = await rowsOf(app, userId);
    const wrong = await deleteAccount(ada, 'not my password');
    expect(wrong.statusCode).toBe(400);
    expect(errorBody(wrong)).toEqual({
      status: 400,
      code: 'WRONG_PASSWORD',
      message: 'Your password is not correct.',
    });
    expect((await deleteAccount(ada, '')).json()).toMatchObject({ code: 'VALIDATION_ERROR' });
    expect(await rowsOf(app, userId)).toEqual(before);
    expect((await call(app, 'GET', '/v1/user/profile', { token: ada.token })).statusCode).toBe(200);
  });

  it('deletes everything of the account and stops its credentials at once', async () => {
    const bob = await signUp(app, { email: 'bob@example.com' });
    const userId = await userIdOf(app, ada.email);
    expect(await rowsOf(app, userId)).toMatchObject({
      stamps: 1,
      versions: 1,
      versionStamps: 1,
      idempotencyKeys: 1,
      webhookEndpoints: 1,
      webhookEvents: 1,
      webhookDeliveries: 1,
      webhookRotatedSecrets: 1,
    });
    expect((await rowsOf(app, userId)).blobs).toBeGreaterThan(0);

    const res = await deleteAccount(ada, ada.password);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: 'Your account has been deleted.' });

    expect(await rowsOf(app, userId)).toEqual({
      users: 0,
      templates: 0,
      sessions: 0,
      apiKeys: 0,
      subscriptions: 0,
      usage: 0,
      codes: 0,
      idempotencyKeys: 0,
      templateFiles: 0,
      stamps: 0,
      versions: 0,
      versionStamps: 0,
      blobs: 0,
      webhookEndpoints: 0,
      webhookEvents: 0,
      webhookDeliveries: 0,
      webhookRotatedSecrets: 0,
    });
    const tombstone = await app.deps.db.selectFrom('deleted_accounts').selectAll().execute();
    expect(tombstone).toEqual([{ user_id: userId, deleted_at: app.clock.now().toISOString() }]);

    const profile = await call(app, 'GET', '/v1/user/profile', { token: ada.token });
    expect(profile.statusCode).toBe(401);
    const login = await call(app, 'POST', '/v1/auth/login', {
      body: { email: ada.email, password: ada.password },
    });
    expect(login.json()).toMatchObject({ status: 401, code: 'INVALID_CREDENTIALS' });
    const refresh = await call(app, 'POST', '/v1/auth/refresh', {
      body: { refreshToken: ada.refreshToken },
    });
    expect(refresh.statusCode).toBe(401);
    const document = await generate(app, apiKey, { templateName: 'Letter', fields: {} });
    expect(document.json()).toMatchObject({ status: 401, code: 'INVALID_API_KEY' });

    const mails = await app.deps.db
      .selectFrom('mail_outbox')
      .select(['subject'])
      .where('recipient', '=', ada.email)
      .execute();
    expect(mails.map((mail) => mail.subject)).toContain('Your Platen account has been deleted');

    // Another account is untouched, and the address can register again.
    expect((await call(app, 'GET', '/v1/user/profile', { token: bob.token })).statusCode).toBe(200);
    const again = await signUp(app, { email: ada.email });
    expect((await call(app, 'GET', '/v1/template', { token: again.token })).json()).toMatchObject({
      totalElements: 0,
    });
  });

  it('cancels a paid plan at the provider, and ignores the provider events that follow', async () => {
    await confirmEmail(app, ada.email);
    const checkout = await call(app, 'POST', '/v1/session/local/create-checkout-session', {
      token: ada.token,
      body: { planId: 'pro' },
    });
    const token = checkout.json<{ url: string }>().url.split('/').at(-1) ?? '';
    await app.inject({
      method: 'POST',
      url: '/dev/payments/checkout/pay',
      payload: `token=${encodeURIComponent(token)}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    const live = await app.deps.db
      .selectFrom('local_payment_subscriptions')
      .selectAll()
      .executeTakeFirstOrThrow();
    expect(live.status).toBe('active');

    expect((await deleteAccount(ada, ada.password)).statusCode).toBe(200);
    const ended = await app.deps.db
      .selectFrom('local_payment_subscriptions')
      .selectAll()
      .executeTakeFirstOrThrow();
    expect(ended.status).toBe('canceled');

    // A late event about the deleted customer's subscription is acknowledged and changes nothing.
    const payload = JSON.stringify({
      id: 'evt_after_deletion',
      object: 'event',
      type: 'customer.subscription.deleted',
      created: Math.floor(app.clock.now().getTime() / 1000),
      data: { object: { id: live.id, object: 'subscription' } },
    });
    const signature = Stripe.webhooks.generateTestHeaderString({
      payload,
      secret: app.deps.payments?.webhookSecret ?? '',
      timestamp: Math.floor(app.clock.now().getTime() / 1000),
    });
    const delivered = await app.inject({
      method: 'POST',
      url: '/v1/webhooks/stripe',
      payload,
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    });
    expect(delivered.statusCode, delivered.body).toBe(200);
    expect(await app.deps.db.selectFrom('subscriptions').selectAll().execute()).toEqual([]);
    expect(await app.deps.db.selectFrom('users').selectAll().execute()).toEqual([]);
  });

  it('limits password attempts per account', async () => {
    for (let i = 0; i < 5; i += 1) {
      expect((await deleteAccount(ada, `wrong ${i}`)).statusCode).toBe(400);
    }
    const limited = await deleteAccount(ada, ada.password);
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
  });
});
