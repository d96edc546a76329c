import type { TemplateResponse } from '@platen/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { corpusBuffer, type CorpusName } from '../../../test/corpus.ts';
import { call, signUp, type Account } from '../../../test/http.ts';
import { buildTestApp, testDatabases, type TestApp } from '../../../test/test-app.ts';
import { getTemplate, uploadTemplate } from '../../../test/templates.ts';

/** Forms whose fields are imported: US federal forms, and generated ones of every field family. */
const FORMS: CorpusName[] = [
  'irs-fw9.pdf',
  'irs-f1040-2010-prefilled.pdf',
  'form-every-field-family.pdf',
  'form-unicode-names-push-buttons.pdf',
  'form-combed-fields-13p.pdf',
  'form-signature-and-shared-field.pdf',
  'form-widget-turned-by-appearance.pdf',
  'form-header-field-every-page.pdf',
  'form-prefilled-values.pdf',
];

describe.each(testDatabases())('a template read and saved back on %s', (database) => {
  let app: TestApp;
  let ada: Account;

  beforeAll(async () => {
    app = await buildTestApp(database, { maxUploadBytes: 8 * 1024 * 1024 });
    ada = await signUp(app);
  });
  afterAll(() => app.dispose());

  it.each(FORMS)('saves %s back exactly as GET answered it', { timeout: 60_000 }, async (file) => {
    const uploaded = await uploadTemplate(app, ada, { name: file, pdf: await corpusBuffer(file) });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const read = await getTemplate(app, ada, file);
    expect(read.inputs.length).toBeGreaterThan(0);
    // The whole answer, as an integration would send it back: unknown members are left aside.
    const saved = await call(app, 'PUT', '/v1/template', { token: ada.token, body: read });
    expect(saved.statusCode, saved.body.slice(0, 500)).toBe(200);
    const again = await getTemplate(app, ada, file);
    expect(again.inputs).toEqual(read.inputs);
  });

  it('takes a field type as a read spells it, and still refuses a field without one', async () => {
    const read: TemplateResponse = await getTemplate(app, ada, 'irs-fw9.pdf');
    const [first] = read.inputs;
    const body = (type: unknown) => ({
      templateName: read.templateName,
      inputs: [{ ...first, type }],
    });
    expect(
      (await call(app, 'PUT', '/v1/template', { token: ada.token, body: body('TEXT') })).statusCode,
    ).toBe(200);
    const refused = await call(app, 'PUT', '/v1/template', {
      token: ada.token,
      body: body(undefined),
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      message: 'Every field needs a type.',
    });
  });
});
