import * as contract from '@platen/contract';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, signUp, type Account } from '../../test/http.ts';
import { multipartBody } from '../../test/multipart.ts';
import { makePdf } from '../../test/pdf-fixtures.ts';
import { buildTestApp, testDatabases, type TestApp } from '../../test/test-app.ts';
import { textField } from '../../test/templates.ts';

/*
 * A backend manages everything an integration needs with its API key alone: no cookie, no XSRF
 * token, no session. The account's own security stays with the signed-in person.
 */

const isEndpoint = (value: unknown): value is contract.Endpoint =>
  typeof value === 'object' && value !== null && 'path' in value && 'method' in value;
const endpoints = (Object.values(contract) as unknown[]).filter(isEndpoint);

/** What an integration manages: templates and their fields, stamps, versions, batches, webhooks. */
const INTEGRATION_PATHS = /^\/v1\/(template|document\/batch|jobs|webhook-)/;
/** The account's own: its person, password, e-mail, key, export, deletion, plan and payments. */
const ACCOUNT_PATHS = /^\/v1\/(user|session|dashboard|subscription)(\/|$)/;

describe.each(testDatabases())('management with the API key alone on %s', (database) => {
  let app: TestApp;
  let ada: Account;
  let key: string;

  /** A call as a backend makes it: the key, and nothing a browser would add. */
  const withKey = (
    method: InjectOptions['method'],
    url: string,
    opts: { body?: unknown; headers?: Record<string, string>; apiKey?: string } = {},
  ) =>
    app.inject({
      method,
      url,
      headers: { 'x-api-key': opts.apiKey ?? key, ...opts.headers },
      remoteAddress: '203.0.113.9',
      ...(opts.body !== undefined && { payload: opts.body as InjectOptions['payload'] }),
    });

  const pdfUpload = async (name?: string) => {
    const { payload, headers } = multipartBody([
      ...(name ? [{ name: 'templateName', value: name }] : []),
      { name: 'file', filename: 'form.pdf', type: 'application/pdf', data: await makePdf() },
    ]);
    return { body: payload, headers };
  };

  beforeAll(async () => {
    app = await buildTestApp(database);
    ada = await signUp(app);
    const regenerated = await call(app, 'POST', '/v1/user/api-key/regenerate', {
      token: ada.token,
    });
    key = regenerated.json<{ apiKey: string }>().apiKey;
  });
  afterAll(() => app.dispose());

  it('takes the key on every call an integration makes, and only a session on the account’s own', () => {
    const integrationCallsWithoutKey = endpoints
      .filter((e) => INTEGRATION_PATHS.test(e.path) && e.auth !== 'apiKeyOrBearer')
      .map((e) => e.operationId);
    expect(integrationCallsWithoutKey).toEqual([]);
    const accountCallsWithKey = endpoints
      .filter((e) => ACCOUNT_PATHS.test(e.path) && e.auth !== 'bearer' && e.auth !== 'none')
      .map((e) => e.operationId);
    expect(accountCallsWithKey).toEqual([]);
  });

  it('uploads, fills in, renames, replaces, publishes and deletes a template with the key', async () => {
    const upload = await pdfUpload('Key form');
    const created = await withKey('POST', '/v1/template', upload);
    expect(created.statusCode, created.body).toBe(200);

    const listed = await withKey('GET', '/v1/template');
    expect(listed.statusCode, listed.body).toBe(200);
    expect(JSON.stringify(listed.json())).toContain('Key form');

    const saved = await withKey('PUT', '/v1/template', {
      body: {
        templateName: 'Key form',
        inputs: [textField('Name'), textField('City', { rectY: 200 })],
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const city = saved.json<contract.TemplateResponse>().inputs.find((i) => i.label === 'City');
    const removed = await withKey('DELETE', '/v1/template/Key%20form/coordinate', {
      body: { id: city?.id },
    });
    expect(removed.statusCode, removed.body).toBe(200);

    const renamed = await withKey('POST', '/v1/template/Key%20form/update/name', {
      body: { name: 'Key form 2' },
    });
    expect(renamed.json()).toEqual({ templateName: 'Key form 2' });
    const replaced = await withKey(
      'POST',
      '/v1/template/Key%20form%202/update/pdf',
      await pdfUpload(),
    );
    expect(replaced.statusCode, replaced.body).toBe(200);
    const pdf = await withKey('GET', '/v1/template/Key%20form%202/pdf');
    expect([pdf.statusCode, pdf.headers['content-type']]).toEqual([200, 'application/pdf']);

    const published = await withKey('POST', '/v1/template/Key%20form%202/publish', { body: {} });
    expect(published.statusCode, published.body).toBe(200);
    const versions = await withKey('GET', '/v1/template/Key%20form%202/versions');
    expect(versions.json<contract.TemplateVersionList>().versions).toMatchObject([
      { version: 1, publishedBy: 'API key' },
    ]);
    expect((await withKey('GET', '/v1/template/Key%20form%202/versions/1')).statusCode).toBe(200);
    const versionPdf = await withKey('GET', '/v1/template/Key%20form%202/versions/1/pdf');
    expect(versionPdf.headers['content-type']).toBe('application/pdf');
    const schema = await withKey('GET', '/v1/template/Key%20form%202/schema?version=1');
    expect(JSON.stringify(schema.json())).toContain('"Name"');
    const restored = await withKey('POST', '/v1/template/Key%20form%202/versions/1/restore');
    expect(restored.statusCode, restored.body).toBe(200);

    const deleted = await withKey('DELETE', '/v1/template/Key%20form%202');
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect((await withKey('GET', '/v1/template/Key%20form%202')).statusCode).toBe(404);
  });

  it('registers, changes and removes a webhook endpoint with the key, its secret shown once', async () => {
    const created = await withKey('POST', '/v1/webhook-endpoints', {
      body: { url: 'https://93.184.215.14/hooks', events: ['job.failed'] },
    });
    expect(created.statusCode, created.body).toBe(200);
    const { id, secret } = created.json<{ id: string; secret: string }>();
    expect(secret).toMatch(/^whsec_/);
    expect((await withKey('GET', '/v1/webhook-endpoints')).json()).toMatchObject({
      endpoints: [{ id }],
    });
    const updated = await withKey('PUT', `/v1/webhook-endpoints/${id}`, {
      body: { enabled: false },
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect((await withKey('GET', `/v1/webhook-endpoints/${id}/deliveries`)).statusCode).toBe(200);
    expect((await withKey('DELETE', `/v1/webhook-endpoints/${id}`)).statusCode).toBe(200);
    expect((await withKey('GET', `/v1/webhook-endpoints/${id}`)).statusCode).toBe(404);
  });

  it('keeps another account’s templates and endpoints out of reach of this key', async () => {
    const grace = await signUp(app);
    const graceKey = (
      await call(app, 'POST', '/v1/user/api-key/regenerate', { token: grace.token })
    ).json<{ apiKey: string }>().apiKey;
    expect((await withKey('POST', '/v1/template', await pdfUpload('Private'))).statusCode).toBe(
      200,
    );
    const theirs = await withKey('GET', '/v1/template/Private', { apiKey: graceKey });
    expect(theirs.statusCode).toBe(404);
    const list = await withKey('GET', '/v1/template', { apiKey: graceKey });
    expect(JSON.stringify(list.json())).not.toContain('Private');
  });

  it.each([
    ['GET', '/v1/user/profile'],
    ['POST', '/v1/user/api-key/regenerate'],
    ['DELETE', '/v1/user'],
    ['POST', '/v1/user/export'],
    ['GET', '/v1/dashboard'],
  ])(
    'refuses the key on the account’s own %s %s: only its signed-in owner may',
    async (method, url) => {
      const res = await withKey(method, url, { body: {} });
      expect([401, 403]).toContain(res.statusCode);
    },
  );

  it('refuses an unknown key with one 401 and changes nothing', async () => {
    const res = await withKey('POST', '/v1/template', {
      ...(await pdfUpload('Stranger')),
      apiKey: 'pk_live_q7Xv2LmN9pRtW4sKq7Xv2LmN9pRtW4sK',
    });
    expect(res.statusCode).toBe(401);
    expect((await withKey('GET', '/v1/template/Stranger')).statusCode).toBe(404);
  });
});
