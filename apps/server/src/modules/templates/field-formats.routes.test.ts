import type { ErrorResponse, TemplateResponse } from '@platen/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, signUp, type Account } from '../../../test/http.ts';
import { makePdf } from '../../../test/pdf-fixtures.ts';
import { wordsOf } from '../../../test/pdf-words.ts';
import { buildTestApp, testDatabases, type TestApp } from '../../../test/test-app.ts';
import {
  generate,
  getTemplate,
  saveFields,
  textField,
  uploadTemplate,
  usedThisCycle,
} from '../../../test/templates.ts';

const invoiceFields = () => [
  textField('Due', {
    fieldType: 'date',
    rectY: 100,
    format: { kind: 'date', pattern: 'd MMMM yyyy', locale: 'de-DE' },
  }),
  textField('Total', {
    fieldType: 'number',
    rectY: 150,
    format: { kind: 'number', decimals: 2, locale: 'de-DE', currency: 'EUR' },
  }),
  textField('Client', { rectY: 200, format: { kind: 'uppercase' } }),
];

/** The page's text as poppler reads it, no-break spaces as plain ones. */
const textOf = (pdf: Buffer) =>
  wordsOf(pdf)
    .map((word) => word.text)
    .join(' ')
    .replace(/[\u00a0\u202f]/g, ' ');

describe.each(testDatabases())('field formats on %s', (database) => {
  let app: TestApp;
  let ada: Account;
  let apiKey: string;

  beforeAll(async () => {
    app = await buildTestApp(database);
    ada = await signUp(app);
    const res = await uploadTemplate(app, ada, { name: 'Invoice', pdf: await makePdf() });
    expect(res.statusCode, res.body).toBe(200);
    const saved = await saveFields(app, ada, 'Invoice', invoiceFields());
    expect(saved.statusCode, saved.body).toBe(200);
    apiKey = saved.json<TemplateResponse>().apiKey;
  });
  afterAll(() => app.dispose());

  it('stores each format with its field and prints values with it', async () => {
    const template = await getTemplate(app, ada, 'Invoice');
    expect(template.inputs.map((input) => input.format)).toEqual(
      invoiceFields().map((field) => field.format),
    );
    const res = await generate(app, apiKey, {
      templateName: 'Invoice',
      fields: { Due: '2026-03-07', Total: '1234.5', Client: 'Łódź Straße GmbH' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const text = textOf(res.rawPayload);
    expect(text).toContain('7 März 2026');
    expect(text).toContain('1.234,50 €');
    expect(text).toContain('ŁÓDŹ STRASSE GMBH');
  });

  it('prints the digits of a long amount and the year of an early date as sent', async () => {
    const res = await generate(app, apiKey, {
      templateName: 'Invoice',
      fields: { Due: '0009-03-07', Total: '-12345678901234567890123.455', Client: 'Ada' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const text = textOf(res.rawPayload);
    expect(text).toContain('-12.345.678.901.234.567.890.123,46 €');
    expect(text).toContain('7 März 0009');
    const zero = await generate(app, apiKey, {
      templateName: 'Invoice',
      fields: { Total: '-0.001', Client: 'Ada' },
    });
    expect(zero.statusCode, zero.body).toBe(200);
    expect(textOf(zero.rawPayload)).toContain(' 0,00 €');
    expect(textOf(zero.rawPayload)).not.toContain('-0');
  });

  it('prints the year 0000 as sent, and refuses a day that does not exist, naming the field', async () => {
    const zero = await generate(app, apiKey, {
      templateName: 'Invoice',
      fields: { Due: '0000-01-01', Client: 'Ada' },
    });
    expect(zero.statusCode, zero.body).toBe(200);
    expect(textOf(zero.rawPayload)).toContain('1 Januar 0000');
    const res = await generate(app, apiKey, {
      templateName: 'Invoice',
      fields: { Due: '0001-02-29', Client: 'Ada' },
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json<ErrorResponse>().message).toBe(
      'These fields have values of the wrong type: "Due" (expected an ISO date like 2026-01-31, year 0000 to 9999).',
    );
  });

  it('prints nothing for formatted fields a payload leaves out or sends empty', async () => {
    const res = await generate(app, apiKey, {
      templateName: 'Invoice',
      fields: { Client: 'Only the client', Due: '', Total: null },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(textOf(res.rawPayload)).toBe('Application form, page 1 ONLY THE CLIENT');
    const none = await generate(app, apiKey, { templateName: 'Invoice', fields: {} });
    expect(none.statusCode, none.body).toBe(200);
  });

  it('offers examples its formats read, and a schema that says how each prints', async () => {
    const template = await getTemplate(app, ada, 'Invoice');
    expect(template.api.fields).toMatchObject({ Due: '2026-01-31', Total: 1234.5 });
    const schema = await call(app, 'GET', '/v1/template/Invoice/schema?version=draft', {
      token: ada.token,
    });
    expect(schema.statusCode, schema.body).toBe(200);
    const properties = schema.json<{ properties: Record<string, Record<string, unknown>> }>()
      .properties;
    expect(properties.Due).toMatchObject({ format: 'date' });
    expect(String(properties.Due?.description)).toContain('31 Januar 2026');
    expect(String(properties.Total?.description).replace(/\u00a0/g, ' ')).toContain('1.234,50 €');
    expect(String(properties.Client?.description)).toContain('upper case');
    const tryout = await call(app, 'POST', '/v1/document/tryout/template', {
      token: ada.token,
      body: { templateName: 'Invoice' },
    });
    expect(tryout.statusCode, tryout.body).toBe(200);
    expect(textOf(tryout.rawPayload)).toContain('31 Januar 2026');
  });

  it('refuses values its formats cannot read, naming each field, and counts nothing', async () => {
    const before = await usedThisCycle(app, ada.email);
    const res = await generate(app, apiKey, {
      templateName: 'Invoice',
      fields: { Due: '07.03.2026', Total: '1.234,50', Client: 'Ada' },
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json<ErrorResponse>().message).toBe(
      'These fields have values of the wrong type: "Due" (expected an ISO date like 2026-01-31, year 0000 to 9999), "Total" (expected a number like 1234.5).',
    );
    expect(await usedThisCycle(app, ada.email)).toBe(before);
  });

  it.each([
    [
      'a date format on a text field',
      textField('Due', { format: { kind: 'date', pattern: 'dd.MM.yyyy' } }),
      'applies to date fields only',
    ],
    [
      'a pattern that cannot print',
      textField('Due', {
        fieldType: 'date',
        format: { kind: 'date', pattern: 'dd.MM.yyyy hello' },
      }),
      'cannot be printed',
    ],
    [
      'an unknown currency',
      textField('Total', { fieldType: 'number', format: { kind: 'number', currency: 'XYZ' } }),
      'unknown currency "XYZ"',
    ],
    [
      'an unknown locale',
      textField('Total', { fieldType: 'number', format: { kind: 'number', locale: 'zz-!!' } }),
      'unknown locale',
    ],
  ])('refuses %s on save and keeps the stored fields', async (_case, field, message) => {
    const res = await saveFields(app, ada, 'Invoice', [field]);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json<ErrorResponse>().message).toContain(message);
    const template = await getTemplate(app, ada, 'Invoice');
    expect(template.inputs.map((input) => input.label)).toEqual(['Due', 'Total', 'Client']);
  });
});
