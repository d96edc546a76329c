import { MAX_WEBHOOK_ENDPOINTS, type WebhookEndpoint } from '@platen/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorBody, signUp, type Account } from '../../../test/http.ts';
import { buildTestApp, testDatabases, type TestApp } from '../../../test/test-app.ts';
import { webhookCalls } from '../../../test/webhooks.ts';
import { decryptText } from '../../lib/secret-box.ts';
import { MAX_ROTATED_SECRETS } from './webhooks.service.ts';

describe.each(testDatabases())('webhook endpoints on %s', (database) => {
  let app: TestApp;
  let ada: Account;
  let bob: Account;
  let account: Account;

  beforeAll(async () => {
    app = await buildTestApp(database);
    ada = await signUp(app);
    bob = await signUp(app);
    account = ada;
  });
  afterAll(() => app.dispose());

  const { send, addEndpoint, updateEndpoint } = webhookCalls(() => ({ app, account }));
  const as = <T>(who: Account, work: () => Promise<T>) => {
    account = who;
    return work().finally(() => {
      account = ada;
    });
  };

  it('shows the signing secret once, at creation, and stores it only encrypted', async () => {
    const created = await addEndpoint({
      url: 'https://93.184.215.14/hooks',
      events: ['job.succeeded', 'template.published', 'job.succeeded'],
      description: 'ERP',
    });
    expect(created.secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    expect(created).toMatchObject({
      url: 'https://93.184.215.14/hooks',
      events: ['job.succeeded', 'template.published'],
      description: 'ERP',
      enabled: true,
      failing: false,
      previousSecretExpiresAt: null,
    });
    const listed = (await send('GET', '/v1/webhook-endpoints')).json<{
      endpoints: WebhookEndpoint[];
    }>();
    expect(listed.endpoints.map((e) => e.id)).toContain(created.id);
    expect(JSON.stringify(listed)).not.toContain(created.secret);
    const fetched = await send('GET', `/v1/webhook-endpoints/${created.id}`);
    expect(fetched.body).not.toContain(created.secret);
    const rows = await app.deps.db.selectFrom('webhook_endpoints').selectAll().execute();
    expect(JSON.stringify(rows)).not.toContain(created.secret.slice(6));
  });

  it('refuses a URL that is not https, with no endpoint made', async () => {
    const before = (await send('GET', '/v1/webhook-endpoints')).json<{ endpoints: unknown[] }>();
    const res = await send('POST', '/v1/webhook-endpoints', {
      url: 'http://93.184.215.14/hooks',
      events: ['job.failed'],
    });
    expect(res.statusCode).toBe(400);
    expect(errorBody(res)).toMatchObject({
      code: 'WEBHOOK_URL_NOT_ALLOWED',
      message: 'The URL must start with https://.',
    });
    const after = (await send('GET', '/v1/webhook-endpoints')).json<{ endpoints: unknown[] }>();
    expect(after.endpoints).toHaveLength(before.endpoints.length);
  });

  it('refuses an endpoint without events or with an unknown one', async () => {
    const none = await send('POST', '/v1/webhook-endpoints', {
      url: 'https://93.184.215.14/',
      events: [],
    });
    expect(none.statusCode).toBe(400);
    expect(errorBody(none).message).toContain('Choose at least one event.');
    const unknown = await send('POST', '/v1/webhook-endpoints', {
      url: 'https://93.184.215.14/',
      events: ['job.exploded'],
    });
    expect(unknown.statusCode).toBe(400);
  });

  it('changes events and description, disables and enables again', async () => {
    const { id } = await addEndpoint({ url: 'https://93.184.215.14/a' });
    expect(await updateEndpoint(id, { enabled: false, events: ['job.failed'] })).toMatchObject({
      enabled: false,
      events: ['job.failed'],
    });
    expect(await updateEndpoint(id, { enabled: true, description: 'Billing' })).toMatchObject({
      enabled: true,
      events: ['job.failed'],
      description: 'Billing',
    });
    const bad = await send('PUT', `/v1/webhook-endpoints/${id}`, { url: 'https://127.0.0.1/' });
    expect(bad.statusCode).toBe(400);
    expect((await send('GET', `/v1/webhook-endpoints/${id}`)).json<WebhookEndpoint>().url).toBe(
      'https://93.184.215.14/a',
    );
  });

  it('rotates the secret: a new one, and the old one signs alongside for 24 hours', async () => {
    const created = await addEndpoint({ url: 'https://93.184.215.14/r' });
    const res = await send('POST', `/v1/webhook-endpoints/${created.id}/rotate-secret`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toContain('no-store');
    const rotated = res.json<WebhookEndpoint & { secret: string }>();
    expect(rotated.secret).toMatch(/^whsec_/);
    expect(rotated.secret).not.toBe(created.secret);
    expect(rotated.previousSecretExpiresAt).toBe(
      new Date(app.clock.now().getTime() + 24 * 3_600_000).toISOString(),
    );
  });

  it('keeps the newest five rotated-out secrets signing, each stored encrypted', async () => {
    const created = await addEndpoint({ url: 'https://93.184.215.14/r5' });
    const secrets = [created.secret];
    for (let i = 0; i < MAX_ROTATED_SECRETS + 2; i += 1) {
      app.clock.advanceMinutes(1);
      const res = await send('POST', `/v1/webhook-endpoints/${created.id}/rotate-secret`);
      expect(res.statusCode, res.body).toBe(200);
      secrets.push(res.json<{ secret: string }>().secret);
    }
    const rows = await app.deps.db
      .selectFrom('webhook_rotated_secrets')
      .selectAll()
      .where('endpoint_id', '=', created.id)
      .orderBy('expires_at')
      .execute();
    // The two oldest stopped signing early; the current secret is not among them.
    expect(
      rows.map((row) => decryptText(app.deps.secrets.encryptionKey, row.secret_encrypted)),
    ).toEqual(secrets.slice(2, -1));
    for (const secret of secrets) expect(JSON.stringify(rows)).not.toContain(secret.slice(6));
  });

  it("hides one account's endpoints from another", async () => {
    const { id } = await addEndpoint({ url: 'https://93.184.215.14/private' });
    await as(bob, async () => {
      for (const [method, path] of [
        ['GET', ''],
        ['PUT', ''],
        ['DELETE', ''],
        ['POST', '/rotate-secret'],
        ['POST', '/test'],
        ['GET', '/deliveries'],
      ] as const) {
        const res = await send(
          method,
          `/v1/webhook-endpoints/${id}${path}`,
          method === 'PUT' ? {} : undefined,
        );
        expect(res.statusCode, `${method} ${path}`).toBe(404);
        expect(errorBody(res).code).toBe('WEBHOOK_ENDPOINT_NOT_FOUND');
      }
      const listed = (await send('GET', '/v1/webhook-endpoints')).json<{ endpoints: unknown[] }>();
      expect(listed.endpoints).toEqual([]);
    });
  });

  it('deletes an endpoint', async () => {
    const { id } = await addEndpoint({ url: 'https://93.184.215.14/gone' });
    expect((await send('DELETE', `/v1/webhook-endpoints/${id}`)).statusCode).toBe(200);
    expect((await send('GET', `/v1/webhook-endpoints/${id}`)).statusCode).toBe(404);
    expect((await send('DELETE', `/v1/webhook-endpoints/${id}`)).statusCode).toBe(404);
  });

  it('keeps an account to 16 endpoints', async () => {
    const carol = await signUp(app);
    await as(carol, async () => {
      for (let i = 0; i < MAX_WEBHOOK_ENDPOINTS; i += 1) {
        await addEndpoint({ url: `https://93.184.215.14/${i}` });
      }
      const res = await send('POST', '/v1/webhook-endpoints', {
        url: 'https://93.184.215.14/one-more',
        events: ['job.failed'],
      });
      expect(res.statusCode).toBe(409);
      expect(errorBody(res)).toEqual({
        status: 409,
        code: 'WEBHOOK_ENDPOINT_LIMIT',
        message: 'An account can have 16 webhook endpoints. Delete one to add another.',
      });
    });
  });

  it('needs the session', async () => {
    const res = await app.inject({ method: 'GET', url: '/v1/webhook-endpoints' });
    expect(res.statusCode).toBe(401);
  });
});
