import type { Job } from '@platen/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorBody, signUp, type Account } from '../../../test/http.ts';
import { createBatch, keyHeaders, pathOf, unzip, waitForJob } from '../../../test/jobs.ts';
import { makePdf } from '../../../test/pdf-fixtures.ts';
import { buildTestApp, testDatabases, type TestApp } from '../../../test/test-app.ts';
import { apiKeyOf, saveFields, textField, uploadTemplate } from '../../../test/templates.ts';

/** The faces a PDF embeds, without their subset prefix (NotoSansTC-Regular…). */
const faces = (pdf: Uint8Array) =>
  new Set(
    [
      ...Buffer.from(pdf)
        .toString('latin1')
        .matchAll(/\/BaseFont \/[A-Z]{6}\+([\w-]+)/g),
    ].map((m) => m[1]),
  );

const ADDRESS = '臺北市信義區市府路，電話';

describe.each(testDatabases())('a batch’s language on %s', (database) => {
  let app: TestApp;
  let ada: Account;
  let apiKey: string;

  /** The faces of each document of a finished batch's ZIP, in the items' order. */
  const facesOfBatch = async (body: Record<string, unknown>) => {
    const res = await createBatch(app, apiKey, { templateName: 'Address', ...body });
    expect(res.statusCode, res.body).toBe(202);
    const job = await waitForJob(app, apiKey, res.json<Job>().id);
    expect(job.status, JSON.stringify(job.failures)).toBe('succeeded');
    const zip = await app.inject({
      method: 'GET',
      url: pathOf(job.results[0]!.url),
      headers: keyHeaders(apiKey),
    });
    const files = Object.entries(unzip(zip.rawPayload)).sort(([a], [b]) => a.localeCompare(b));
    return { job, faces: files.map(([, pdf]) => faces(pdf)) };
  };

  beforeAll(async () => {
    app = await buildTestApp(database);
    ada = await signUp(app);
    const uploaded = await uploadTemplate(app, ada, { name: 'Address', pdf: await makePdf() });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    await saveFields(app, ada, 'Address', [
      textField('Traditional', { language: 'zh-Hant' }),
      textField('Unsaid', { rectY: 140 }),
    ]);
    apiKey = await apiKeyOf(app, ada, 'Address');
  });
  afterAll(() => app.dispose());

  it('is kept with the job in its canonical spelling and serves every item’s fields without one', async () => {
    const { job, faces: perItem } = await facesOfBatch({
      language: 'JA',
      fileName: 'item-{index}.pdf',
      items: [{ Unsaid: ADDRESS }, { Unsaid: ADDRESS, Traditional: ADDRESS }],
    });
    expect(job.language).toBe('ja');
    expect(perItem).toEqual([
      new Set(['NotoSansJP-Regular']),
      // A field's own language wins over the batch's.
      new Set(['NotoSansJP-Regular', 'NotoSansTC-Regular']),
    ]);
  });

  it('is null on a batch that gives none, whose fields follow their text', async () => {
    const { job, faces: perItem } = await facesOfBatch({ items: [{ Unsaid: ADDRESS }] });
    expect(job.language).toBeNull();
    expect(perItem).toEqual([new Set(['NotoSansSC-Regular'])]);
  });

  it('refuses what is not a BCP 47 tag', async () => {
    const res = await createBatch(app, apiKey, {
      templateName: 'Address',
      language: 'no tag!',
      items: [{ Unsaid: ADDRESS }],
    });
    expect(res.statusCode).toBe(400);
    expect(errorBody(res).message).toContain(
      'A language must be a BCP 47 tag, such as zh-Hant, ja, ko or ar.',
    );
  });

  it('is taken by generate answered with a job (Prefer: respond-async)', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/v1/document/generate/template',
      headers: keyHeaders(apiKey, { prefer: 'respond-async' }),
      payload: JSON.stringify({
        templateName: 'Address',
        language: 'ko',
        fields: { Unsaid: ADDRESS },
      }),
    });
    expect(res.statusCode, res.body).toBe(202);
    const job = await waitForJob(app, apiKey, res.json<Job>().id);
    expect(job.language).toBe('ko');
    const merged = await app.inject({
      method: 'GET',
      url: pathOf(job.results[0]!.url),
      headers: keyHeaders(apiKey),
    });
    expect(faces(merged.rawPayload)).toEqual(new Set(['NotoSansKR-Regular']));
  });
});
