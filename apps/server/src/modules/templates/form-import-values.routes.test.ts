import type { TemplateResponse } from '@platen/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { corpusBuffer } from '../../../test/corpus.ts';
import { call, signUp, type Account } from '../../../test/http.ts';
import { wordsOf } from '../../../test/pdf-words.ts';
import { buildTestApp, testDatabases, type TestApp } from '../../../test/test-app.ts';
import { generate, saveFields, textField, uploadTemplate } from '../../../test/templates.ts';

describe.each(testDatabases())('values a form already holds on %s', (database) => {
  let app: TestApp;
  let ada: Account;
  let form: TemplateResponse;

  beforeAll(async () => {
    app = await buildTestApp(database);
    ada = await signUp(app);
    const pdf = await corpusBuffer('form-prefilled-values.pdf');
    const res = await uploadTemplate(app, ada, { name: 'Return', pdf });
    expect(res.statusCode, res.body).toBe(200);
    form = res.json<TemplateResponse>();
  });
  afterAll(() => app.dispose());

  it('are kept as defaults, and as fixed values where the form is read-only', () => {
    expect(form.inputs.map((f) => [f.label, f.default, f.fixed])).toEqual([
      ['Approval', 'Approved Form for Filing', true],
      ['Line 12', '950.00', true],
      ['Preparer', 'SELF PREPARED', undefined],
      ['Country', 'USA', undefined],
      ['Name', undefined, undefined],
      ['Resident', true, undefined],
      ['Status', 'Joint', undefined],
      ['State', 'Texas', undefined],
    ]);
  });

  it('are listed as `default` in the payload schema and the example, fixed ones left out', async () => {
    const res = await call(app, 'GET', '/v1/template/Return/schema', { token: ada.token });
    expect(res.statusCode, res.body).toBe(200);
    const { properties } = res.json<{ properties: Record<string, { default?: unknown }> }>();
    expect(Object.keys(properties)).toEqual([
      'Preparer',
      'Country',
      'Name',
      'Resident',
      'Status',
      'State',
    ]);
    expect(properties.Preparer?.default).toBe('SELF PREPARED');
    expect(properties.Resident?.default).toBe(true);
    expect(properties.Name).not.toHaveProperty('default');
    expect(form.api.fields).toMatchObject({ Preparer: 'SELF PREPARED', Status: 'Joint' });
    expect(form.api.fields).not.toHaveProperty('Approval');
  });

  it('print in a document whose payload leaves them out', async () => {
    const res = await generate(app, form.apiKey, {
      templateName: 'Return',
      fields: { Name: 'Ada Lovelace' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const words = wordsOf(res.rawPayload).map((w) => w.text);
    for (const word of [
      'Approved',
      'Filing',
      '950.00',
      'SELF',
      'PREPARED',
      'USA',
      'Texas',
      'Ada',
    ]) {
      expect(words).toContain(word);
    }
  });

  it('refuses a value for a fixed field as a label the payload cannot carry', async () => {
    const res = await generate(app, form.apiKey, {
      templateName: 'Return',
      fields: { 'Line 12': '1.00' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'UNKNOWN_FIELDS' });
  });

  it('save back unchanged; a default must be what the field could be sent', async () => {
    const saved = await call(app, 'PUT', '/v1/template', { token: ada.token, body: form });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<TemplateResponse>().inputs).toEqual(form.inputs);
    const refusals = [
      [textField('Tick', { fieldType: 'checkbox', default: 'yes' }), 'must be true or false'],
      [textField('Stamp', { fixed: true }), 'is fixed, so it needs a default to print'],
      [
        textField('Pick', {
          fieldType: 'choice',
          options: [{ value: 'a', label: 'A' }],
          default: 'b',
        }),
        'must be one of its option values',
      ],
    ] as const;
    for (const [input, message] of refusals) {
      const res = await saveFields(app, ada, 'Return', [input]);
      expect(res.statusCode).toBe(400);
      expect(res.json<{ message: string }>().message).toContain(message);
    }
  });
});
