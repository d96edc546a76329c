import type { ErrorResponse, Job, TemplateInputBody, TemplateResponse } from '@platen/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, signUp, type Account } from '../../../test/http.ts';
import { createBatch, waitForJob } from '../../../test/jobs.ts';
import { makePdf } from '../../../test/pdf-fixtures.ts';
import { buildTestApp, testDatabases, type TestApp } from '../../../test/test-app.ts';
import { generate, getTemplate, saveFields, textField } from '../../../test/templates.ts';
import { templatePath, versionCalls } from '../../../test/versions.ts';

const ean = (overrides: Partial<TemplateInputBody> = {}): TemplateInputBody =>
  textField('EAN', {
    fieldType: 'barcode',
    rectY: 200,
    rectWidth: 200,
    rectHeight: 80,
    barcode: { symbology: 'ean13', showText: false },
    ...overrides,
  });

const payment = textField('Payment', {
  fieldType: 'barcode',
  rectY: 320,
  rectWidth: 120,
  rectHeight: 120,
  barcode: { symbology: 'qrcode', errorCorrection: 'H' },
});

describe.each(testDatabases())('barcode fields on %s', (database) => {
  let app: TestApp;
  let ada: Account;
  let pdf: Buffer;
  const { create, publish, published, save } = versionCalls(() => ({ app, owner: ada, pdf }));

  beforeAll(async () => {
    app = await buildTestApp(database);
    ada = await signUp(app);
    pdf = await makePdf();
    await create('Label');
    await save('Label', [ean(), payment]);
  });
  afterAll(() => app.dispose());

  it('keeps the symbology and options, and offers data the code takes as example', async () => {
    const template = await getTemplate(app, ada, 'Label');
    expect(template.inputs.map(({ type, barcode }) => ({ type, barcode }))).toEqual([
      { type: 'BARCODE', barcode: { symbology: 'ean13', showText: false } },
      { type: 'BARCODE', barcode: { symbology: 'qrcode', errorCorrection: 'H' } },
    ]);
    expect(template.api.fields).toEqual({
      EAN: '5901234123457',
      Payment: 'https://example.com/pay?invoice=2026-0042',
    });
  });

  it('generates a document with the codes from the example payload', async () => {
    const { apiKey, api } = await getTemplate(app, ada, 'Label');
    const res = await generate(app, apiKey, { templateName: 'Label', fields: api.fields });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    // Vector paths, no picture: the codes add no image to the document.
    expect(res.rawPayload.toString('latin1')).not.toMatch(/\/Subtype\s*\/Image/);
  });

  it.each([
    ['a letter', '59012341234X', 'EAN-13 must contain only digits.'],
    ['a wrong check digit', '5901234123458', 'Incorrect EAN-13 check digit provided.'],
  ])('answers 400 naming the field and the rule for data with %s', async (_what, data, rule) => {
    const { apiKey } = await getTemplate(app, ada, 'Label');
    const res = await generate(app, apiKey, { templateName: 'Label', fields: { EAN: data } });
    expect(res.statusCode).toBe(400);
    const message = `The value of "EAN" is not a valid EAN-13: ${rule}`;
    expect(res.json<ErrorResponse>()).toMatchObject({
      code: 'INVALID_VALUES',
      message,
      fields: [{ field: 'EAN', message }],
    });
  });

  it('names every field whose data its code cannot hold at once', async () => {
    const { apiKey } = await getTemplate(app, ada, 'Label');
    const res = await generate(app, apiKey, {
      templateName: 'Label',
      fields: { EAN: 'ABC', Payment: 'x'.repeat(3001) },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json<ErrorResponse>().fields?.map((f) => f.field)).toEqual(['EAN', 'Payment']);
  });

  it('fails a batch item whose data its code cannot hold, naming the field, and fills the others', async () => {
    const { apiKey } = await getTemplate(app, ada, 'Label');
    const res = await createBatch(app, apiKey, {
      templateName: 'Label',
      items: [{ EAN: '5901234123457' }, { EAN: '5901234123458' }],
    });
    expect(res.statusCode, res.body).toBe(202);
    const job = await waitForJob(app, apiKey, res.json<Job>().id);
    expect(job).toMatchObject({ status: 'succeeded', progress: { done: 2, failed: 1 } });
    expect(job.failures).toEqual([
      expect.objectContaining({
        index: 1,
        field: 'EAN',
        code: 'INVALID_VALUES',
        message: 'The value of "EAN" is not a valid EAN-13: Incorrect EAN-13 check digit provided.',
      }),
    ]);
  });

  it('refuses a batch before it starts when an item’s data is not of its code’s shape', async () => {
    const { apiKey } = await getTemplate(app, ada, 'Label');
    const res = await createBatch(app, apiKey, {
      templateName: 'Label',
      items: [{ EAN: '5901234123457' }, { EAN: '59012341234X' }, { Payment: 'x'.repeat(3001) }],
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json<ErrorResponse>()).toMatchObject({
      code: 'INVALID_ITEMS',
      items: [
        {
          index: 1,
          field: 'EAN',
          code: 'INVALID_VALUES',
          message: '"EAN" expects an EAN-13: 12 digits, or 13 with a correct check digit.',
        },
        { index: 2, field: 'Payment', code: 'INVALID_VALUES' },
      ],
    });
  });

  it('describes each code’s data in the payload schema', async () => {
    const res = await call(app, 'GET', templatePath('Label', '/schema?version=draft'), {
      token: ada.token,
    });
    expect(res.statusCode, res.body).toBe(200);
    const { properties } = res.json<{ properties: Record<string, Record<string, unknown>> }>();
    expect(properties.EAN).toMatchObject({
      type: ['string', 'null'],
      pattern: '^(\\d{12}\\d?)?$',
      description: 'The data of the code. An EAN-13: 12 digits, or 13 with a correct check digit.',
      examples: ['5901234123457'],
    });
    expect(new RegExp(properties.EAN!.pattern as string).test('5901234123457')).toBe(true);
    expect(properties.Payment).not.toHaveProperty('pattern');
    expect(properties.Payment!.description).toContain('A QR code: Any text up to 3000 characters.');
  });

  it('refuses a barcode field without a symbology, and keeps the saved fields', async () => {
    const before = (await getTemplate(app, ada, 'Label')).inputs;
    const res = await saveFields(app, ada, 'Label', [ean({ barcode: undefined })]);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'INVALID_FIELDS',
      message: 'The barcode field "EAN" needs a symbology (QR code, EAN-13…).',
    });
    const unknown = await saveFields(app, ada, 'Label', [
      ean({ barcode: { symbology: 'maxicode' as never } }),
    ]);
    expect(unknown.statusCode).toBe(400);
    expect((await getTemplate(app, ada, 'Label')).inputs).toEqual(before);
  });

  it('refuses a default its code cannot hold, naming the field and the rule', async () => {
    const res = await saveFields(app, ada, 'Label', [ean({ default: '5901234123458' })]);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'INVALID_FIELDS',
      message:
        'The default of the field "EAN" is not a valid EAN-13: Incorrect EAN-13 check digit provided.',
    });
  });

  it('keeps an error-correction level for QR codes only', async () => {
    await save('Label', [ean({ barcode: { symbology: 'code128', errorCorrection: 'H' } })]);
    const [code] = (await getTemplate(app, ada, 'Label')).inputs;
    expect(code!.barcode).toEqual({ symbology: 'code128' });
  });

  it('counts a new symbology as a breaking change when publishing', async () => {
    await create('Parcel');
    await save('Parcel', [ean()]);
    await published('Parcel');
    const [field] = (await getTemplate(app, ada, 'Parcel')).inputs;
    await save('Parcel', [ean({ id: field!.id, barcode: { symbology: 'code128' } })]);
    const refused = await publish('Parcel');
    expect(refused.statusCode).toBe(409);
    expect(refused.json<ErrorResponse>().changes).toEqual([
      {
        kind: 'symbologyChanged',
        label: 'EAN',
        type: 'barcode',
        previousSymbology: 'ean13',
        symbology: 'code128',
        breaking: true,
      },
    ]);
    const template = await getTemplate(app, ada, 'Parcel');
    expect(template.publishedVersion satisfies TemplateResponse['publishedVersion']).toBe(1);
  });
});
