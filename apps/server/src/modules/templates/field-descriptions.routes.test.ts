import { MAX_FIELD_DESCRIPTION, type TemplateResponse } from '@platen/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOOLTIP_FORM_FIELDS } from '../../../../../test-fixtures/tooltip-form-pdfs.ts';
import { corpusBuffer } from '../../../test/corpus.ts';
import { call, signUp, type Account } from '../../../test/http.ts';
import { buildTestApp, testDatabases, type TestApp } from '../../../test/test-app.ts';
import { getTemplate, saveFields, textField, uploadTemplate } from '../../../test/templates.ts';

const tooltipOf = (fieldName: string) =>
  TOOLTIP_FORM_FIELDS.find(([name]) => name.includes(fieldName))?.[1];

describe.each(testDatabases())('labels and descriptions from tooltips on %s', (database) => {
  let app: TestApp;
  let ada: Account;
  let form: TemplateResponse;

  beforeAll(async () => {
    app = await buildTestApp(database);
    ada = await signUp(app);
    const res = await uploadTemplate(app, ada, {
      name: 'Return',
      pdf: await corpusBuffer('form-long-tooltips.pdf'),
    });
    expect(res.statusCode, res.body).toBe(200);
    form = res.json<TemplateResponse>();
  });
  afterAll(() => app.dispose());

  it('labels each field by its tooltip (its first clause, the whole kept as the description), else by the words beside its box', () => {
    expect(form.inputs.map((f) => [f.label, f.description])).toEqual([
      ['Your first name and middle initial', undefined],
      ["Spouse's social security number", tooltipOf('SPSSN')],
      ['Line 7. Wages, salaries, tips, etc', tooltipOf('Line7')],
      ['Check here if you, or your spouse if filing jointly, want…', tooltipOf('c1_1')],
      ['Address', undefined], // no tooltip, a code for a name: the words printed above its box
    ]);
    expect(form.importedLabels?.map((l) => l.source)).toEqual([
      'tooltip',
      'tooltip',
      'tooltip',
      'tooltip',
      'pageWords',
    ]);
  });

  it('puts the description in the payload schema, before what it says of the type', async () => {
    const res = await call(app, 'GET', '/v1/template/Return/schema', { token: ada.token });
    expect(res.statusCode, res.body).toBe(200);
    const { properties } = res.json<{ properties: Record<string, { description?: string }> }>();
    expect(properties["Spouse's social security number"]?.description).toBe(
      `${tooltipOf('SPSSN')}\n\nA text field.`,
    );
    expect(properties['Your first name and middle initial']?.description).toBe('A text field.');
  });

  it('keeps a description through a save of the fields as they were read', async () => {
    const inputs = (await getTemplate(app, ada, 'Return')).inputs;
    const res = await call(app, 'PUT', '/v1/template', {
      token: ada.token,
      body: { templateName: 'Return', inputs, revision: form.revision },
    });
    expect(res.statusCode, res.body).toBe(200);
    const saved = await getTemplate(app, ada, 'Return');
    expect(saved.inputs.map((f) => f.description)).toEqual(form.inputs.map((f) => f.description));
  });

  it('refuses a description over the limit, saying what the limit is', async () => {
    await uploadTemplate(app, ada, {
      name: 'Blank',
      pdf: await corpusBuffer('form-long-tooltips.pdf'),
    });
    const res = await saveFields(app, ada, 'Blank', [
      textField('Notes', { description: 'x'.repeat(MAX_FIELD_DESCRIPTION + 1) }),
    ]);
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain(
      `A field description must be at most ${MAX_FIELD_DESCRIPTION} characters.`,
    );
  });
});
