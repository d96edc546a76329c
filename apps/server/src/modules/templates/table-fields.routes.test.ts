import type { ErrorResponse, Job, TemplateInputBody } from '@platen/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, signUp, type Account } from '../../../test/http.ts';
import { createBatch, pathOf, waitForJob } from '../../../test/jobs.ts';
import { makePdf, pageCountOf } from '../../../test/pdf-fixtures.ts';
import { wordsOf } from '../../../test/pdf-words.ts';
import { buildTestApp, testDatabases, type TestApp } from '../../../test/test-app.ts';
import { generate, getTemplate, saveFields, textField } from '../../../test/templates.ts';
import { templatePath, versionCalls } from '../../../test/versions.ts';

const columns = [
  { label: 'Item', widthShare: 3 },
  { label: 'Qty', widthShare: 1, align: 'right' as const, format: { kind: 'number' as const } },
  {
    label: 'Price',
    widthShare: 1,
    align: 'right' as const,
    format: { kind: 'number' as const, decimals: 2, currency: 'EUR', locale: 'de-DE' },
  },
  { label: 'Shipped', widthShare: 1.5, format: { kind: 'date' as const, pattern: 'dd.MM.yyyy' } },
];

const lines = (overrides: Partial<TemplateInputBody> = {}): TemplateInputBody =>
  textField('Lines', {
    fieldType: 'table',
    rectX: 40,
    rectY: 150,
    rectWidth: 515,
    rectHeight: 300,
    fontSize: 10,
    table: { columns, headerRow: true },
    ...overrides,
  });

const pageNumber = textField('Page', { rectX: 350, rectY: 110, default: 'Page {page} of {pages}' });
const total = textField('Total', { rectY: 480, repeatOnContinuedPages: false });

const rowsOf = (count: number) =>
  Array.from({ length: count }, (_, i) => ({
    Item: `Article ${i + 1}`,
    Qty: i + 1,
    Price: '1234.5',
    Shipped: '2026-03-09',
  }));

describe.each(testDatabases())('table fields on %s', (database) => {
  let app: TestApp;
  let ada: Account;
  let pdf: Buffer;
  const { create, publish, published, save } = versionCalls(() => ({ app, owner: ada, pdf }));

  beforeAll(async () => {
    app = await buildTestApp(database);
    ada = await signUp(app);
    pdf = await makePdf();
    await create('Invoice');
    await save('Invoice', [lines(), pageNumber, total]);
  });
  afterAll(() => app.dispose());

  it('keeps the columns and the repeat flag, and offers rows as example', async () => {
    const template = await getTemplate(app, ada, 'Invoice');
    const [table, , sum] = template.inputs;
    expect(table).toMatchObject({ type: 'TABLE', table: { headerRow: true } });
    expect(table!.table!.columns.map((c) => [c.label, c.align, c.format?.kind])).toEqual([
      ['Item', 'left', undefined],
      ['Qty', 'right', 'number'],
      ['Price', 'right', 'number'],
      ['Shipped', 'left', 'date'],
    ]);
    expect(sum!.repeatOnContinuedPages).toBe(false);
    expect(template.api.fields.Lines).toEqual([
      { Item: 'Item 1', Qty: 12.5, Price: 12.5, Shipped: '2026-01-01' },
      { Item: 'Item 2', Qty: 25, Price: 25, Shipped: '2026-01-02' },
    ]);
  });

  it('prints 40 rows over three pages, cells in their formats, the total on the last', async () => {
    const { apiKey } = await getTemplate(app, ada, 'Invoice');
    const res = await generate(app, apiKey, {
      templateName: 'Invoice',
      fields: { Lines: rowsOf(40), Total: 'Total due' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const document = res.rawPayload;
    expect(await pageCountOf(document)).toBe(3);
    const texts = [1, 2, 3].map((page) => wordsOf(document, page).map((w) => w.text));
    texts.forEach((words, i) => {
      expect(words).toContain('Item');
      expect(words.join(' ')).toContain(`Page ${i + 1} of 3`);
    });
    expect(texts[0]!.join(' ')).toContain('Article 1 1 1.234,50 € 09.03.2026');
    expect(texts[2]!.join(' ')).toContain('Article 40 40');
    expect(texts.map((words) => words.includes('due'))).toEqual([false, false, true]);
  });

  it.each([
    [
      'not a list',
      'Article 1',
      'These fields have values of the wrong type: "Lines" (expected a list of rows).',
    ],
    [
      'an unknown column',
      [{ Item: 'A' }, { Item: 'B', Colour: 'red' }],
      'The value of "Lines": row 2 has a column "Colour" the table does not have (its columns: "Item", "Qty", "Price", "Shipped").',
    ],
    [
      'text in a number column',
      [{ Item: 'A', Qty: 'three' }],
      'The value of "Lines": row 1, column "Qty" must be a number like 1234.5.',
    ],
    [
      'a row that is not an object',
      ['A'],
      'The value of "Lines": row 1 must be an object with the columns "Item", "Qty", "Price", "Shipped".',
    ],
  ])('answers 400 naming the field for %s', async (_what, value, message) => {
    const { apiKey } = await getTemplate(app, ada, 'Invoice');
    const res = await generate(app, apiKey, { templateName: 'Invoice', fields: { Lines: value } });
    expect(res.statusCode).toBe(400);
    expect(res.json<ErrorResponse>()).toMatchObject({ code: 'INVALID_VALUES', message });
  });

  it('refuses a batch with an item whose rows are wrong, naming the item and row', async () => {
    const { apiKey } = await getTemplate(app, ada, 'Invoice');
    const res = await createBatch(app, apiKey, {
      templateName: 'Invoice',
      items: [{ Lines: rowsOf(2) }, { Lines: [{ Colour: 'red' }] }],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json<ErrorResponse>()).toMatchObject({ code: 'INVALID_ITEMS' });
    expect(res.json<ErrorResponse>().message).toContain(
      'The first: item 1, The value of "Lines": row 1 has a column "Colour" the table does not have',
    );
  });

  it('merges a batch of documents whose tables continue on more pages', async () => {
    const { apiKey } = await getTemplate(app, ada, 'Invoice');
    const res = await createBatch(app, apiKey, {
      templateName: 'Invoice',
      output: 'merged',
      items: [{ Lines: rowsOf(40) }, { Lines: rowsOf(3) }],
    });
    expect(res.statusCode, res.body).toBe(202);
    const job = await waitForJob(app, apiKey, res.json<Job>().id);
    expect(job).toMatchObject({ status: 'succeeded', progress: { done: 2, failed: 0 } });
    const merged = await app.inject({ method: 'GET', url: pathOf(job.results[0]!.signedUrl) });
    expect(await pageCountOf(merged.rawPayload)).toBe(4);
    expect(wordsOf(merged.rawPayload, 3).map((w) => w.text)).toContain('40');
    expect(
      wordsOf(merged.rawPayload, 4)
        .map((w) => w.text)
        .join(' '),
    ).toContain('Page 1 of 1');
  });

  it('describes the rows in the payload schema', async () => {
    const res = await call(app, 'GET', templatePath('Invoice', '/schema?version=draft'), {
      token: ada.token,
    });
    expect(res.statusCode, res.body).toBe(200);
    const { properties } = res.json<{ properties: Record<string, Record<string, unknown>> }>();
    expect(properties.Lines).toMatchObject({
      type: ['array', 'null'],
      items: {
        type: 'object',
        additionalProperties: false,
        properties: {
          Item: { type: ['string', 'number', 'null'] },
          Qty: { type: ['number', 'string', 'null'] },
          Shipped: { type: ['string', 'null'], format: 'date' },
        },
      },
    });
  });

  it('refuses a table without columns, with two columns of one label, or continuing past the pages', async () => {
    const before = (await getTemplate(app, ada, 'Invoice')).inputs;
    const refusals: [TemplateInputBody, string][] = [
      [lines({ table: undefined }), 'The table field "Lines" needs its columns.'],
      [
        lines({
          table: {
            columns: [
              { label: 'A', widthShare: 1 },
              { label: 'A', widthShare: 2 },
            ],
          },
        }),
        'The table field "Lines" has two columns labelled "A". Each column label must be unique.',
      ],
      [
        lines({ table: { columns, continuation: { page: 2, rectY: 50, rectHeight: 700 } } }),
        'The table field "Lines" continues on page 2, but the template has 1 page.',
      ],
    ];
    for (const [field, message] of refusals) {
      const res = await saveFields(app, ada, 'Invoice', [field]);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'INVALID_FIELDS', message });
    }
    expect((await getTemplate(app, ada, 'Invoice')).inputs).toEqual(before);
  });

  it('counts a removed or renamed column as a breaking change when publishing', async () => {
    await create('Order');
    await save('Order', [lines()]);
    await published('Order');
    const [field] = (await getTemplate(app, ada, 'Order')).inputs;
    const renamed = [{ ...columns[0]!, label: 'Article' }, ...columns.slice(1, 3)];
    await save('Order', [lines({ id: field!.id, table: { columns: renamed } })]);
    const refused = await publish('Order');
    expect(refused.statusCode).toBe(409);
    expect(refused.json<ErrorResponse>().changes).toEqual([
      {
        kind: 'columnsRemoved',
        label: 'Lines',
        type: 'table',
        removedColumns: ['Item', 'Shipped'],
        breaking: true,
      },
    ]);
  });
});
