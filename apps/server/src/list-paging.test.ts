import type { TemplateListResponse } from '@platen/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, errorBody, signUp, type Account } from '../test/http.ts';
import { createBatch, keyHeaders } from '../test/jobs.ts';
import { makePdf } from '../test/pdf-fixtures.ts';
import { buildTestApp, testDatabases, type TestApp } from '../test/test-app.ts';
import { apiKeyOf, textField } from '../test/templates.ts';
import { templatePath, versionCalls } from '../test/versions.ts';
import { webhookCalls } from '../test/webhooks.ts';

type Page = { page: number; pageSize: number; total: number };

/**
 * One paging convention on every list that grows: `page` from 1, `pageSize` at most 100 (more is
 * a 400, never cut down), and `page`, `pageSize` and `total` in the answer; the templates'
 * deprecated `page` from 0 with `size` and the deliveries' `limit` still read.
 */
describe.each(testDatabases())('paged lists on %s', (database) => {
  let app: TestApp;
  let ada: Account;
  let pdf: Buffer;
  const versions = versionCalls(() => ({ app, owner: ada, pdf }));
  const webhooks = webhookCalls(() => ({ app, account: ada }));
  const get = (url: string) => call(app, 'GET', url, { token: ada.token });
  const names = (list: TemplateListResponse) => list.templates.map((item) => item.templateName);
  const refusal = async (url: string) => {
    const res = await get(url);
    expect(res.statusCode, res.body).toBe(400);
    return errorBody(res).message;
  };

  beforeAll(async () => {
    app = await buildTestApp(database);
    ada = await signUp(app);
    pdf = await makePdf();
    for (const name of ['A', 'B', 'C', 'D', 'E']) await versions.create(name);
  });
  afterAll(() => app.dispose());

  it('pages templates from 1 with pageSize, and reads the deprecated page from 0 with size alike', async () => {
    const second = (await get('/v1/template?page=2&pageSize=2')).json<TemplateListResponse>();
    expect(second).toMatchObject({ page: 2, pageSize: 2, total: 5 });
    expect(second).toMatchObject({ totalElements: 5, totalPages: 3, currentPage: 1 });
    const deprecated = (await get('/v1/template?page=1&size=2')).json<TemplateListResponse>();
    expect(names(deprecated)).toEqual(names(second));
    expect(deprecated).toMatchObject({ page: 2, pageSize: 2, total: 5, currentPage: 1 });
    expect(names((await get('/v1/template?page=3&pageSize=2')).json())).toHaveLength(1);
    // Without pageSize, `page` keeps its old meaning: the first page is 0.
    expect(names((await get('/v1/template?page=0')).json())).toHaveLength(4);

    expect(await refusal('/v1/template?pageSize=101')).toBe('A page holds at most 100 templates.');
    expect(await refusal('/v1/template?size=101')).toBe('A page holds at most 100 templates.');
    expect(await refusal('/v1/template?page=0&pageSize=2')).toBe('page counts from 1.');
    expect(await refusal('/v1/template?pageSize=2&size=2')).toBe(
      'Send pageSize or the deprecated size, not both.',
    );
  });

  it('pages versions, newest first', async () => {
    // Each version adds a field: an added field breaks nothing.
    const labels = ['One', 'Two', 'Three'];
    for (let count = 1; count <= labels.length; count += 1) {
      await versions.save(
        'A',
        labels.slice(0, count).map((label) => textField(label)),
      );
      await versions.published('A');
    }
    const all = (await get(templatePath('A', '/versions'))).json<Page & { versions: unknown[] }>();
    expect(all).toMatchObject({ page: 1, pageSize: 100, total: 3 });
    const second = await get(templatePath('A', '/versions?page=2&pageSize=2'));
    expect(second.json()).toMatchObject({
      page: 2,
      pageSize: 2,
      total: 3,
      versions: [{ version: 1 }],
    });
    const first = await get(templatePath('A', '/versions?pageSize=2'));
    expect(
      first.json<{ versions: { version: number }[] }>().versions.map((v) => v.version),
    ).toEqual([3, 2]);
    expect(await refusal(templatePath('A', '/versions?pageSize=101'))).toBe(
      'A page holds at most 100 versions.',
    );
  });

  it('pages jobs', async () => {
    const apiKey = await apiKeyOf(app, ada, 'A');
    for (let i = 0; i < 3; i += 1) {
      const created = await createBatch(app, apiKey, { templateName: 'A', items: [{}] });
      expect(created.statusCode, created.body).toBe(202);
    }
    const second = await app.inject({
      method: 'GET',
      url: '/v1/jobs?page=2&pageSize=2',
      headers: keyHeaders(apiKey),
    });
    expect(second.json()).toMatchObject({ page: 2, pageSize: 2, total: 3 });
    expect(second.json<{ jobs: unknown[] }>().jobs).toHaveLength(1);
    expect(await refusal('/v1/jobs?pageSize=101')).toBe('A page holds at most 100 jobs.');
    expect(await refusal('/v1/jobs?page=0')).toBe('page counts from 1.');
  });

  it("pages an endpoint's deliveries, reading the deprecated limit as pageSize", async () => {
    // Subscribed to an event none of these tests causes (the jobs above end meanwhile), so the
    // three tests sent are all its deliveries.
    const endpoint = await webhooks.addEndpoint({
      url: 'https://93.184.215.14/hooks',
      events: ['usage.limit_reached'],
    });
    for (let i = 0; i < 3; i += 1) await webhooks.sendTest(endpoint.id);
    const path = `/v1/webhook-endpoints/${endpoint.id}/deliveries`;
    const all = await get(path);
    expect(all.json()).toMatchObject({ page: 1, pageSize: 50, total: 3 });
    const second = await get(`${path}?page=2&pageSize=2`);
    expect(second.json()).toMatchObject({ page: 2, pageSize: 2, total: 3 });
    expect(second.json<{ deliveries: { id: string }[] }>().deliveries).toHaveLength(1);
    const limited = await get(`${path}?limit=2`);
    expect(limited.json()).toMatchObject({ page: 1, pageSize: 2, total: 3 });
    expect(await refusal(`${path}?pageSize=101`)).toBe('A page holds at most 100 deliveries.');
    expect(await refusal(`${path}?limit=101`)).toBe('A page holds at most 100 deliveries.');
  });
});
