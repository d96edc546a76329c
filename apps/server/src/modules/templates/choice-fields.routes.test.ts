import type { TemplateInputBody, TemplateResponse } from '@platen/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, type Account } from '../../../test/http.ts';
import { makePdf } from '../../../test/pdf-fixtures.ts';
import { wordsOf } from '../../../test/pdf-words.ts';
import { buildTestApp, testDatabases, type TestApp } from '../../../test/test-app.ts';
import {
  generate,
  getTemplate,
  saveFields,
  textField,
  uploadTemplate,
} from '../../../test/templates.ts';

const colour = (overrides: Partial<TemplateInputBody> = {}): TemplateInputBody =>
  textField('Colour', {
    fieldType: 'choice',
    options: [
      { value: 'r', label: 'Red' },
      { value: 'g', label: 'Green' },
    ],
    ...overrides,
  });

const box = (rectX: number) => ({ page: 1, rectX, rectY: 300, rectWidth: 14, rectHeight: 14 });

describe.each(testDatabases())('choice fields drawn in the editor on %s', (database) => {
  let app: TestApp;
  let ada: Account;

  beforeAll(async () => {
    app = await buildTestApp(database);
    ada = await signUp(app);
    const res = await uploadTemplate(app, ada, { name: 'Order', pdf: await makePdf() });
    expect(res.statusCode, res.body).toBe(200);
  });
  afterAll(() => app.dispose());

  it('saves its options, offers the first as example and prints the chosen label', async () => {
    const saved = await saveFields(app, ada, 'Order', [colour()]);
    expect(saved.statusCode, saved.body).toBe(200);
    const template = saved.json<TemplateResponse>();
    expect(template.inputs[0]).toMatchObject({
      type: 'CHOICE',
      options: [
        { value: 'r', label: 'Red' },
        { value: 'g', label: 'Green' },
      ],
    });
    expect(template.api.fields).toEqual({ Colour: 'r' });
    const res = await generate(app, template.apiKey, {
      templateName: 'Order',
      fields: { Colour: 'g' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(wordsOf(res.rawPayload).map((w) => w.text)).toContain('Green');
  });

  it('keeps option boxes and rotation when the editor saves the fields back', async () => {
    const radio = colour({
      label: 'Size',
      rotation: 90,
      options: [
        { value: 's', label: 'Small', box: box(100) },
        { value: 'l', label: 'Large', box: box(200) },
      ],
    });
    expect((await saveFields(app, ada, 'Order', [radio])).statusCode).toBe(200);
    const [size] = (await getTemplate(app, ada, 'Order')).inputs;
    expect(size).toMatchObject({ rotation: 90, options: [{ box: box(100) }, { box: box(200) }] });
  });

  it.each([
    [colour({ options: [] }), 'The choice field "Colour" needs at least one option.'],
    [
      colour({
        options: [
          { value: 'r', label: 'Red' },
          { value: 'r', label: 'Rouge' },
        ],
      }),
      'The choice field "Colour" has two options with the value "r".',
    ],
    [
      colour({ options: [{ value: 'r', label: 'Red', box: { ...box(100), page: 3 } }] }),
      'The field "Colour: Red" is on page 3, but the template has 1 page.',
    ],
  ])('refuses a choice it could not fill, and keeps the saved fields', async (input, message) => {
    const before = (await getTemplate(app, ada, 'Order')).inputs;
    const res = await saveFields(app, ada, 'Order', [input]);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'INVALID_FIELDS', message });
    expect((await getTemplate(app, ada, 'Order')).inputs).toEqual(before);
  });

  it('answers 400 naming the field and the allowed values for a value not among them', async () => {
    const saved = (await saveFields(app, ada, 'Order', [colour()])).json<TemplateResponse>();
    const res = await generate(app, saved.apiKey, {
      templateName: 'Order',
      fields: { Colour: 'Green' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'INVALID_VALUES',
      message: 'These fields have values of the wrong type: "Colour" (expected one of "r" or "g").',
    });
  });
});
