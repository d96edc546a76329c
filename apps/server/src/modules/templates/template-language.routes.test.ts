import type { Job, TemplateInputBody, TemplateVersionDetail } from '@platen/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportAccount } from '../../../test/account-exports.ts';
import { call, errorBody, signUp, type Account } from '../../../test/http.ts';
import { createBatch, keyHeaders, pathOf, unzip, waitForJob } from '../../../test/jobs.ts';
import { makePdf } from '../../../test/pdf-fixtures.ts';
import { buildTestApp, testDatabases, type TestApp } from '../../../test/test-app.ts';
import { apiKeyOf, generate, getTemplate, textField } from '../../../test/templates.ts';
import { templatePath, versionCalls } from '../../../test/versions.ts';

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
const FIELDS: TemplateInputBody[] = [
  textField('Unsaid'),
  textField('Korean', { rectY: 140, language: 'ko' }),
];

describe.each(testDatabases())('a template’s default language on %s', (database) => {
  let app: TestApp;
  let ada: Account;
  let apiKey: string;
  let pdf: Buffer;
  const { create, published } = versionCalls(() => ({ app, owner: ada, pdf }));

  /** Saves the fields with `language` as the body gives it (left out when undefined). */
  const saveWith = (language: string | null | undefined) =>
    call(app, 'PUT', '/v1/template', {
      token: ada.token,
      body: { templateName: 'Form', inputs: FIELDS, ...(language !== undefined && { language }) },
    });

  /** The faces of a document generate makes of `label`, with the request's extras. */
  const facesOf = async (label: string, extra: Record<string, unknown> = {}) => {
    const res = await generate(app, apiKey, {
      templateName: 'Form',
      fields: { [label]: ADDRESS },
      ...extra,
    });
    expect(res.statusCode, res.body).toBe(200);
    return faces(res.rawPayload);
  };

  beforeAll(async () => {
    app = await buildTestApp(database);
    ada = await signUp(app);
    pdf = await makePdf({ pages: 1 });
    await create('Form');
    expect((await saveWith('ZH-hant')).statusCode).toBe(200);
    apiKey = await apiKeyOf(app, ada, 'Form');
  });
  afterAll(() => app.dispose());

  it('is saved in its canonical spelling, kept by a save that leaves it out, and refused when not a tag', async () => {
    expect((await getTemplate(app, ada, 'Form')).language).toBe('zh-Hant');
    expect((await saveWith(undefined)).statusCode).toBe(200);
    expect((await getTemplate(app, ada, 'Form')).language).toBe('zh-Hant');
    const bad = await saveWith('no tag!');
    expect(bad.statusCode).toBe(400);
    expect(errorBody(bad).message).toContain(
      'A language must be a BCP 47 tag, such as zh-Hant, ja, ko or ar.',
    );
  });

  it('serves fields without a language when the request gives none: field, then request, then template', async () => {
    expect(await facesOf('Unsaid')).toEqual(new Set(['NotoSansTC-Regular']));
    expect(await facesOf('Unsaid', { language: 'ja' })).toEqual(new Set(['NotoSansJP-Regular']));
    expect(await facesOf('Korean')).toEqual(new Set(['NotoSansKR-Regular']));
    expect(await facesOf('Korean', { language: 'ja' })).toEqual(new Set(['NotoSansKR-Regular']));
  });

  it('serves every item of a batch that gives none', async () => {
    const res = await createBatch(app, apiKey, {
      templateName: 'Form',
      output: 'merged',
      items: [{ Unsaid: ADDRESS }],
    });
    expect(res.statusCode, res.body).toBe(202);
    const job = await waitForJob(app, apiKey, res.json<Job>().id);
    expect(job.language).toBeNull();
    const merged = await app.inject({
      method: 'GET',
      url: pathOf(job.results[0]!.url),
      headers: keyHeaders(apiKey),
    });
    expect(faces(merged.rawPayload)).toEqual(new Set(['NotoSansTC-Regular']));
  });

  it('is kept by each published version as published; the draft’s own is a change to publish', async () => {
    expect((await published('Form')).version).toBe(1);
    expect((await saveWith('ja')).statusCode).toBe(200);
    const draft = await getTemplate(app, ada, 'Form');
    expect(draft.language).toBe('ja');
    expect(draft.hasUnpublishedChanges).toBe(true);
    // Generate fills version 1, which keeps Traditional Chinese; the draft sets Japanese.
    expect(await facesOf('Unsaid')).toEqual(new Set(['NotoSansTC-Regular']));
    expect(await facesOf('Unsaid', { version: 'draft' })).toEqual(new Set(['NotoSansJP-Regular']));
    const version = await call(app, 'GET', templatePath('Form', '/versions/1'), {
      token: ada.token,
    });
    expect(version.json<TemplateVersionDetail>().language).toBe('zh-Hant');

    const done = await exportAccount(app, ada);
    const zip = await app.inject({ method: 'GET', url: pathOf(done.download?.url ?? '') });
    const account = JSON.parse(
      Buffer.from(unzip(zip.rawPayload)['account.json'] ?? []).toString('utf8'),
    ) as { templates: { language: string | null; versions: { language: string | null }[] }[] };
    expect(account.templates[0]!.language).toBe('ja');
    expect(account.templates[0]!.versions[0]!.language).toBe('zh-Hant');
  });

  it('comes back with a restored version, and a save with null clears it', async () => {
    const restored = await call(app, 'POST', templatePath('Form', '/versions/1/restore'), {
      token: ada.token,
    });
    expect(restored.statusCode, restored.body).toBe(200);
    expect((await getTemplate(app, ada, 'Form')).language).toBe('zh-Hant');
    expect((await saveWith(null)).statusCode).toBe(200);
    expect((await getTemplate(app, ada, 'Form')).language).toBeUndefined();
    // Without any language the text decides: Han without kana or hangul is Simplified Chinese.
    expect(await facesOf('Unsaid', { version: 'draft' })).toEqual(new Set(['NotoSansSC-Regular']));
  });
});
