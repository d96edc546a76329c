import type { ErrorResponse, Job } from '@platen/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, signUp, type Account } from '../../../test/http.ts';
import { createBatch, getJob, keyHeaders, pathOf, unzip, waitForJob } from '../../../test/jobs.ts';
import { makePdf, pageCountOf } from '../../../test/pdf-fixtures.ts';
import { wordsOf } from '../../../test/pdf-words.ts';
import { buildTestApp, testDatabases, type TestApp } from '../../../test/test-app.ts';
import {
  apiKeyOf,
  generate,
  saveFields,
  textField,
  uploadTemplate,
  usedThisCycle,
} from '../../../test/templates.ts';

const textOf = (pdf: Uint8Array) =>
  wordsOf(pdf)
    .map((word) => word.text)
    .join(' ');

/** Leaves the account exactly `left` documents of its plan this month. */
const leaveDocuments = async (app: TestApp, email: string, left: number) => {
  const row = await app.deps.db
    .selectFrom('subscriptions')
    .innerJoin('users', 'users.id', 'subscriptions.user_id')
    .innerJoin('plans', 'plans.id', 'subscriptions.plan_id')
    .select(['subscriptions.user_id as userId', 'plans.monthly_limit as limit'])
    .where('users.email', '=', email)
    .executeTakeFirstOrThrow();
  await app.deps.db
    .updateTable('subscriptions')
    .set({ pdfs_generated_this_month: Number(row.limit) - left })
    .where('user_id', '=', row.userId)
    .execute();
};

describe.each(testDatabases())('batches and jobs on %s', (database) => {
  let app: TestApp;
  let ada: Account;
  let apiKey: string;

  beforeAll(async () => {
    app = await buildTestApp(database);
    ada = await signUp(app);
    const uploaded = await uploadTemplate(app, ada, { name: 'Invoice', pdf: await makePdf() });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    await saveFields(app, ada, 'Invoice', [
      textField('Name'),
      textField('Number', { rectY: 140 }),
      textField('Amount', { fieldType: 'number', rectY: 180 }),
    ]);
    apiKey = await apiKeyOf(app, ada, 'Invoice');
  });
  afterAll(() => app.dispose());

  it('fills every item into a ZIP and a merged PDF, named from the values, and counts each', async () => {
    const before = await usedThisCycle(app, ada.email);
    const items = [
      { Name: 'Ada Lovelace', Number: 'A-1', Amount: 10 },
      { Name: 'Grace Hopper', Number: 'A-2', Amount: 20 },
      { Name: 'Alan Turing', Number: 'A-1', Amount: 30 },
    ];
    const res = await createBatch(app, apiKey, {
      templateName: 'Invoice',
      items,
      output: 'both',
      fileName: 'invoice-{Number}.pdf',
      metadata: { order: 42 },
    });
    expect(res.statusCode, res.body).toBe(202);
    const started = res.json<Job>();
    expect(res.headers.location).toBe(started.statusUrl);
    expect(started).toMatchObject({
      templateName: 'Invoice',
      output: 'both',
      metadata: { order: 42 },
    });
    expect(await usedThisCycle(app, ada.email)).toBe(before + 3);

    const job = await waitForJob(app, apiKey, started.id);
    expect(job).toMatchObject({ status: 'succeeded', progress: { done: 3, total: 3, failed: 0 } });
    expect(job.results.map((r) => r.kind).sort()).toEqual(['merged', 'zip']);

    const zip = job.results.find((r) => r.kind === 'zip')!;
    const download = await app.inject({
      method: 'GET',
      url: pathOf(zip.url),
      headers: keyHeaders(apiKey),
    });
    expect(download.statusCode, download.body).toBe(200);
    expect(download.headers['content-type']).toBe('application/zip');
    expect(Number(download.headers['content-length'])).toBe(zip.bytes);
    const entries = unzip(download.rawPayload);
    expect(Object.keys(entries)).toEqual([
      'invoice-A-1.pdf',
      'invoice-A-2.pdf',
      'invoice-A-1-2.pdf',
    ]);
    expect(textOf(entries['invoice-A-2.pdf']!)).toContain('Grace Hopper');
    expect(textOf(entries['invoice-A-1-2.pdf']!)).toContain('Alan Turing');

    const merged = job.results.find((r) => r.kind === 'merged')!;
    const pdf = await app.inject({ method: 'GET', url: pathOf(merged.signedUrl) });
    expect(pdf.statusCode, pdf.body).toBe(200);
    expect(await pageCountOf(pdf.rawPayload)).toBe(3);
    const pageText = (page: number) =>
      wordsOf(pdf.rawPayload, page)
        .map((w) => w.text)
        .join(' ');
    expect([pageText(1), pageText(2), pageText(3)]).toEqual([
      expect.stringContaining('Ada Lovelace'),
      expect.stringContaining('Grace Hopper'),
      expect.stringContaining('Alan Turing'),
    ]);
    expect(await usedThisCycle(app, ada.email)).toBe(before + 3);
  });

  it('refuses every bad item by index, field and reason, and counts nothing', async () => {
    const before = await usedThisCycle(app, ada.email);
    const jobsBefore = (
      await app.inject({ method: 'GET', url: '/v1/jobs', headers: keyHeaders(apiKey) })
    ).json<{ total: number }>().total;
    const res = await createBatch(app, apiKey, {
      templateName: 'Invoice',
      items: [{ Name: 'fine' }, { Amount: true }, { Name: { first: 'x' } }],
    });
    expect(res.statusCode).toBe(400);
    const body = res.json<ErrorResponse>();
    expect(body.code).toBe('INVALID_ITEMS');
    expect(body.items).toEqual([
      expect.objectContaining({ index: 1, field: 'Amount', code: 'INVALID_VALUES' }),
      expect.objectContaining({ index: 2, field: 'Name', code: 'INVALID_VALUES' }),
    ]);
    expect(body.message).toMatch(/^2 of 3 items have values of the wrong type/);
    expect(await usedThisCycle(app, ada.email)).toBe(before);
    const list = await app.inject({ method: 'GET', url: '/v1/jobs', headers: keyHeaders(apiKey) });
    const { total } = list.json<{ total: number }>();
    expect(total).toBe(jobsBefore);
  });

  it('reserves a batch all or none: 31 items with 30 documents left is refused saying so', async () => {
    await leaveDocuments(app, ada.email, 30);
    const items = Array.from({ length: 31 }, (_, i) => ({ Name: `N${i}` }));
    const refused = await createBatch(app, apiKey, { templateName: 'Invoice', items });
    expect(refused.statusCode).toBe(402);
    expect(refused.json<ErrorResponse>()).toMatchObject({
      code: 'QUOTA_EXCEEDED',
      message: expect.stringContaining('needs 31 documents') as string,
    });
    expect(refused.json<ErrorResponse>().message).toContain('has 30 left');
    const accepted = await createBatch(app, apiKey, {
      templateName: 'Invoice',
      items: items.slice(1),
    });
    expect(accepted.statusCode, accepted.body).toBe(202);
    await waitForJob(app, apiKey, accepted.json<Job>().id);
    const single = await generate(app, apiKey, { templateName: 'Invoice', fields: {} });
    expect(single.statusCode).toBe(402);
    await app.deps.db.updateTable('subscriptions').set({ pdfs_generated_this_month: 0 }).execute();
  });

  it('gives back the documents of items that fail while filling, and names them', async () => {
    const before = await usedThisCycle(app, ada.email);
    const long = 'W'.repeat(4000);
    const res = await createBatch(app, apiKey, {
      templateName: 'Invoice',
      strict: true,
      items: [{ Name: 'short' }, { Name: long }, { Name: 'also short' }],
    });
    expect(res.statusCode, res.body).toBe(202);
    const job = await waitForJob(app, apiKey, res.json<Job>().id);
    expect(job).toMatchObject({ status: 'succeeded', progress: { done: 3, failed: 1 } });
    expect(job.failures).toEqual([
      expect.objectContaining({ index: 1, field: 'Name', code: 'TEXT_DOES_NOT_FIT' }),
    ]);
    expect(await usedThisCycle(app, ada.email)).toBe(before + 2);
    const zip = job.results.find((r) => r.kind === 'zip')!;
    const download = await app.inject({ method: 'GET', url: pathOf(zip.signedUrl) });
    expect(Object.keys(unzip(download.rawPayload))).toEqual(['document-1.pdf', 'document-3.pdf']);
  });

  it('answers generate with Prefer: respond-async by a job of one document', async () => {
    const before = await usedThisCycle(app, ada.email);
    const res = await app.inject({
      method: 'POST',
      url: '/v1/document/generate/template',
      headers: keyHeaders(apiKey, { prefer: 'respond-async' }),
      payload: JSON.stringify({ templateName: 'Invoice', fields: { Name: 'Later' } }),
    });
    expect(res.statusCode, res.body).toBe(202);
    expect(res.headers['preference-applied']).toBe('respond-async');
    const job = await waitForJob(app, apiKey, res.json<Job>().id);
    expect(job.status).toBe('succeeded');
    const [result] = job.results;
    expect(result?.kind).toBe('merged');
    const pdf = await app.inject({
      method: 'GET',
      url: pathOf(result!.url),
      headers: keyHeaders(apiKey),
    });
    expect(textOf(pdf.rawPayload)).toContain('Later');
    expect(await usedThisCycle(app, ada.email)).toBe(before + 1);
  });

  it("keeps jobs to their account: another account's job, result and signed link are not found", async () => {
    const res = await createBatch(app, apiKey, { templateName: 'Invoice', items: [{ Name: 'x' }] });
    const job = await waitForJob(app, apiKey, res.json<Job>().id);
    const eve = await signUp(app);
    const asEve = await call(app, 'GET', `/v1/jobs/${job.id}`, { token: eve.token });
    expect(asEve.statusCode).toBe(404);
    const eveResult = await call(app, 'GET', pathOf(job.results[0]!.url), { token: eve.token });
    expect(eveResult.statusCode).toBe(404);
    const forged = pathOf(job.results[0]!.signedUrl).replace(/signature=[^&]+/, 'signature=AAAA');
    expect((await app.inject({ method: 'GET', url: forged })).statusCode).toBe(404);
    const noCredentials = await app.inject({ method: 'GET', url: `/v1/jobs/${job.id}` });
    expect(noCredentials.statusCode).toBe(401);
    const asAda = await call(app, 'GET', `/v1/jobs/${job.id}`, { token: ada.token });
    expect(asAda.json<Job>().id).toBe(job.id);
  });

  it('lists the jobs newest first, per template, and cancels only what has not ended', async () => {
    const list = await call(app, 'GET', '/v1/jobs?templateName=Invoice&pageSize=2', {
      token: ada.token,
    });
    expect(list.statusCode, list.body).toBe(200);
    const page = list.json<{ jobs: Job[]; total: number }>();
    expect(page.jobs).toHaveLength(2);
    expect(page.total).toBeGreaterThan(2);
    expect(page.jobs[0]!.createdAt >= page.jobs[1]!.createdAt).toBe(true);
    const ended = await call(app, 'DELETE', `/v1/jobs/${page.jobs[0]!.id}`, { token: ada.token });
    expect(ended.statusCode).toBe(409);
    expect(ended.json<ErrorResponse>().code).toBe('JOB_ENDED');
    const missing = await call(app, 'DELETE', '/v1/jobs/00000000-0000-4000-8000-000000000000', {
      token: ada.token,
    });
    expect(missing.statusCode).toBe(404);
    expect((await getJob(app, apiKey, page.jobs[0]!.id)).status).toBe('succeeded');
  });
});
