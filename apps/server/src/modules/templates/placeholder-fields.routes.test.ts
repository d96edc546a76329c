import type { ErrorResponse, Job, TemplateInputBody } from '@platen/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, signUp, type Account } from '../../../test/http.ts';
import { createBatch, waitForJob } from '../../../test/jobs.ts';
import { makePdf } from '../../../test/pdf-fixtures.ts';
import { wordsOf } from '../../../test/pdf-words.ts';
import { buildTestApp, testDatabases, type TestApp } from '../../../test/test-app.ts';
import { generate, getTemplate, saveFields, textField } from '../../../test/templates.ts';
import { templatePath, versionCalls } from '../../../test/versions.ts';

const letterFields: TemplateInputBody[] = [
  textField('First name', { rectY: 60 }),
  textField('Last name', { rectY: 90, default: 'Customer' }),
  textField('Amount', {
    fieldType: 'number',
    rectY: 120,
    format: { kind: 'number', decimals: 2, locale: 'de-DE', currency: 'EUR' },
  }),
  textField('Due', {
    fieldType: 'date',
    rectY: 150,
    format: { kind: 'date', pattern: 'd MMMM yyyy', locale: 'en-GB' },
  }),
  textField('Greeting', { rectY: 300, rectWidth: 450, template: 'Dear {First name} {Last name},' }),
  textField('Total', {
    fieldType: 'long_text',
    rectY: 340,
    rectWidth: 450,
    rectHeight: 40,
    template: 'Total {Amount} due on {Due}.',
  }),
];

/** The words printed in a band of the first page, from `top` down `height` points, in order. */
const textIn = (pdf: Buffer, top: number, height: number) =>
  wordsOf(pdf)
    .filter((word) => word.yMin >= top - 2 && word.yMax <= top + height + 2)
    .map((word) => word.text)
    .join(' ');

describe.each(testDatabases())('fields that print a template on %s', (database) => {
  let app: TestApp;
  let ada: Account;
  let pdf: Buffer;
  const { create, publish, published, save } = versionCalls(() => ({ app, owner: ada, pdf }));
  const letter = async (fields: Record<string, unknown>, more: Record<string, unknown> = {}) => {
    const { apiKey } = await getTemplate(app, ada, 'Letter');
    return generate(app, apiKey, { templateName: 'Letter', fields, ...more });
  };

  beforeAll(async () => {
    app = await buildTestApp(database);
    ada = await signUp(app);
    pdf = await makePdf();
    await create('Letter');
    await save('Letter', letterFields);
  });
  afterAll(() => app.dispose());

  it('keeps the template, and leaves its field out of the example payload and the schema', async () => {
    const template = await getTemplate(app, ada, 'Letter');
    expect(template.inputs.find((input) => input.label === 'Greeting')).toMatchObject({
      type: 'TEXT',
      template: 'Dear {First name} {Last name},',
    });
    expect(Object.keys(template.api.fields)).toEqual(['First name', 'Last name', 'Amount', 'Due']);
    const res = await call(app, 'GET', templatePath('Letter', '/schema?version=draft'), {
      token: ada.token,
    });
    expect(res.statusCode, res.body).toBe(200);
    const { properties } = res.json<{ properties: Record<string, unknown> }>();
    expect(Object.keys(properties)).toEqual(['First name', 'Last name', 'Amount', 'Due']);
  });

  it('prints the named fields’ values in their number and date formats', async () => {
    const res = await letter({
      'First name': 'Ada',
      'Last name': 'Lovelace',
      Amount: 1234.5,
      Due: '2026-03-01',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(textIn(res.rawPayload, 300, 20)).toBe('Dear Ada Lovelace,');
    expect(textIn(res.rawPayload, 340, 40)).toBe('Total 1.234,50 € due on 1 March 2026.');
  });

  it('prints a value left out as its field’s default, or as nothing', async () => {
    const res = await letter({ 'First name': 'Ada' });
    expect(res.statusCode, res.body).toBe(200);
    expect(textIn(res.rawPayload, 300, 20)).toBe('Dear Ada Customer,');
    expect(textIn(res.rawPayload, 340, 40)).toBe('Total due on .');
  });

  it('refuses a value for a template’s field as a label the payload cannot carry, or ignores it when told', async () => {
    const refused = await letter({ 'First name': 'Ada', Greeting: 'Hello' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json<ErrorResponse>()).toMatchObject({
      code: 'UNKNOWN_FIELDS',
      fields: [{ field: 'Greeting' }],
    });
    const ignored = await letter(
      { 'First name': 'Ada', Greeting: 'Hello' },
      { ignoreUnknownFields: true },
    );
    expect(ignored.statusCode, ignored.body).toBe(200);
    expect(textIn(ignored.rawPayload, 300, 20)).toBe('Dear Ada Customer,');
  });

  it('fills the template of every batch item, and refuses an item that sends a value for it', async () => {
    const { apiKey } = await getTemplate(app, ada, 'Letter');
    const res = await createBatch(app, apiKey, {
      templateName: 'Letter',
      items: [{ 'First name': 'Ada' }, { 'First name': 'Grace', 'Last name': 'Hopper' }],
    });
    expect(res.statusCode, res.body).toBe(202);
    const job = await waitForJob(app, apiKey, res.json<Job>().id);
    expect(job).toMatchObject({ status: 'succeeded', progress: { done: 2, failed: 0 } });
    const refused = await createBatch(app, apiKey, {
      templateName: 'Letter',
      items: [{ 'First name': 'Ada', Greeting: 'Hello' }],
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json<ErrorResponse>()).toMatchObject({
      code: 'INVALID_ITEMS',
      items: [{ index: 0, field: 'Greeting', code: 'UNKNOWN_FIELDS' }],
    });
  });

  it.each([
    [
      'a label no field has',
      [
        textField('First name'),
        textField('Greeting', { rectY: 300, template: 'Dear {Frist name}' }),
      ],
      'The template of the field "Greeting" names "Frist name", which is not a field of this template.',
    ],
    [
      'the field itself',
      [textField('Greeting', { template: 'Again {Greeting}' })],
      'The template of the field "Greeting" names "Greeting", which is the field itself.',
    ],
    [
      'another template',
      [textField('A', { template: 'a' }), textField('B', { rectY: 300, template: 'b {A}' })],
      'The template of the field "B" names "A", which prints a template itself.',
    ],
    [
      'a field that prints no text',
      [
        textField('Paid', { fieldType: 'checkbox', rectWidth: 20 }),
        textField('Note', { rectY: 300, template: 'Paid: {Paid}' }),
      ],
      'The template of the field "Note" names "Paid", which is a checkbox field and prints no text.',
    ],
    [
      'a template on a number field',
      [textField('Sum', { fieldType: 'number', template: '{Sum}' })],
      'The field "Sum" is a number field: only text and long text fields print a template.',
    ],
  ])(
    'refuses to save a template naming %s, naming the field and the label',
    async (_what, inputs, message) => {
      const before = (await getTemplate(app, ada, 'Letter')).inputs;
      const res = await saveFields(app, ada, 'Letter', inputs);
      expect(res.statusCode).toBe(400);
      expect(res.json<ErrorResponse>()).toMatchObject({ code: 'INVALID_FIELDS', message });
      expect((await getTemplate(app, ada, 'Letter')).inputs).toEqual(before);
    },
  );

  it('leaves {page} and {pages} to the engine, which prints the page numbers', async () => {
    await create('Numbered');
    await save('Numbered', [
      textField('Name', { rectY: 60 }),
      textField('Footer', {
        rectY: 700,
        rectWidth: 300,
        template: '{Name}, page {page} of {pages}',
      }),
    ]);
    const { apiKey } = await getTemplate(app, ada, 'Numbered');
    const res = await generate(app, apiKey, { templateName: 'Numbered', fields: { Name: 'Ada' } });
    expect(res.statusCode, res.body).toBe(200);
    expect(textIn(res.rawPayload, 700, 20)).toBe('Ada, page 1 of 1');
  });

  it('refuses to delete a field a template names', async () => {
    const { inputs } = await getTemplate(app, ada, 'Letter');
    const amount = inputs.find((input) => input.label === 'Amount')!;
    const res = await call(app, 'DELETE', templatePath('Letter', '/coordinate'), {
      token: ada.token,
      body: { id: amount.id },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json<ErrorResponse>().message).toBe(
      'The template of the field "Total" names "Amount", which is not a field of this template.',
    );
  });

  it('counts a field that now prints a template as a breaking change when publishing', async () => {
    await create('Note');
    await save('Note', [textField('Name'), textField('Line', { rectY: 300 })]);
    await published('Note');
    const { inputs } = await getTemplate(app, ada, 'Note');
    await save('Note', [
      textField('Name', { id: inputs[0]!.id }),
      textField('Line', { id: inputs[1]!.id, rectY: 300, template: 'For {Name}' }),
    ]);
    const refused = await publish('Note');
    expect(refused.statusCode).toBe(409);
    expect(refused.json<ErrorResponse>().changes).toEqual([
      { kind: 'becameTemplate', label: 'Line', type: 'text', breaking: true },
    ]);
  });
});
